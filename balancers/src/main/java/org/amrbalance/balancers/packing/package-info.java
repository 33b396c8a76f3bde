/**
 * Grid partitioning by two-dimensional packing (seed 002, chapter 5): every grid of a level is a rectangle,
 * the rectangles are packed without overlap into a bounding box shaped like the processor mesh (the TP
 * heuristic, {@link org.amrbalance.balancers.packing.TightPacker}), and the packing is scaled onto the
 * P&times;Q mesh so that each grid receives its own rectangular block of processors, over which it is cut.
 * Also: the level (shelf) packing baseline, the parallel TP on {@code Collectives}, the hypercube embedding
 * by reflected Gray codes, and the inter-grid communication extension of section 5.4.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.balancers.packing;

import javax.annotation.ParametersAreNonnullByDefault;
