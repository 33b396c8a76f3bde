/**
 * The distributed AMR runtime: the Laplace solver with each rank holding the pieces its assignment gives it,
 * every move of grid data sent as checksummed payloads over a {@link org.amrbalance.mesh.mpi.Communicator}, a
 * {@link org.amrbalance.service.BalancingService} on every rank deciding remaps from the gathered step times,
 * and remaps that migrate the pieces that move.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.mesh.runtime;

import javax.annotation.ParametersAreNonnullByDefault;
