/**
 * The Berger–Oliger grid hierarchy: cell-centred grid data with ghost cells, the layout of blocks over
 * ranks, ghost fill from siblings and from the parent level by interpolation, restriction, and the one
 * interface ({@link org.amrbalance.mesh.grid.GridExchange}) through which all data moves between blocks.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.mesh.grid;

import javax.annotation.ParametersAreNonnullByDefault;
