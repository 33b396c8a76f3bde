/**
 * The binding to MPJ Express: the only classes that name {@code mpi.*}. {@link
 * org.amrbalance.mesh.mpi.mpj.MpjCollectives} is the {@link org.amrbalance.mesh.mpi.Communicator} over MPJ, {@link
 * org.amrbalance.mesh.mpi.mpj.MpjRuntime} initializes and finalizes MPI for {@code MpjRankMain}, and {@link
 * org.amrbalance.mesh.mpi.mpj.MpjEntry} is the entry of a program started by MPJ's own starter. Every rank loads this
 * package apart (MPJ keeps a rank's state in static fields), so it uses only public types of the packages it sits
 * on.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.mesh.mpi.mpj;

import javax.annotation.ParametersAreNonnullByDefault;
