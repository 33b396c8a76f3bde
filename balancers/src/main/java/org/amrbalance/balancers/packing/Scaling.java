package org.amrbalance.balancers.packing;

/** How a packing's bounding box W x H is scaled onto a P x Q mesh (spec section 11). */
public enum Scaling {
  /** s_x = P/W, s_y = Q/H: uses every processor, sub-grids only nearly square (the thesis's choice). */
  NON_UNIFORM,
  /** s = min(P/W, Q/H) on both axes: square sub-grids, possibly idle processors along one side. */
  UNIFORM
}
