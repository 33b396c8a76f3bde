package org.amrbalance.mesh.grid;

import org.amrbalance.spi.Box;

/**
 * Fine cells whose values are interpolated from coarse cells: the cells {@code cells} of block {@code target}, from
 * the coarse cells {@code stencil}.
 */
record Window(Block target, Box cells, Box stencil) {}
