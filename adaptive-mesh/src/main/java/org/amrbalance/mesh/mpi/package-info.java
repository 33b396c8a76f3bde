/**
 * Message passing for the distributed runtime, over MPJ Express.
 *
 * <ul>
 *   <li>{@link org.amrbalance.mesh.mpi.Communicator}: the collectives of the balancers plus a checked exchange of
 *       byte {@link org.amrbalance.mesh.mpi.Payload}s (ghost data, migrating grid pieces) and the gather of step
 *       times. {@code mesh.mpi.mpj.MpjCollectives} implements it over MPJ Express (in a package of its own, the only one
 *       that names MPJ's classes, which every rank loads apart: {@link org.amrbalance.mesh.mpi.MpiRuntime});
 *       {@link org.amrbalance.mesh.mpi.CollectiveCommunicator} over any
 *       {@link org.amrbalance.spi.parallel.Collectives}, such as ranks as threads in a unit test.</li>
 *   <li>{@link org.amrbalance.mesh.mpi.MpjLauncher}: starts a {@link org.amrbalance.mesh.mpi.RankProgram} on N ranks
 *       with MPJ's multicore device (threads of one JVM) or niodev (processes over TCP on this host), within a
 *       time limit, and always stops every process it started.</li>
 * </ul>
 */
@ParametersAreNonnullByDefault
package org.amrbalance.mesh.mpi;

import javax.annotation.ParametersAreNonnullByDefault;
