package org.amrbalance.balancers.packing;

/** How {@code grid-packing} gives a level's grids their processors. */
public enum Allocation {
  /**
   * By volume along a Hilbert curve of the grids' centres: each grid gets processors in proportion to its work
   * and is cut over them, whatever the grid count, in every axis (see {@code CurvePartition}). The default.
   */
  CURVE,
  /**
   * The thesis's allocation (seed 002 chapter 5): the x-y footprints packed by TP into a box shaped like the
   * mesh, the packing scaled onto it, each grid cut over its block in x and y; a level with more grids than
   * processors is placed whole. The hop cap applies here only.
   */
  PACKING
}
