package org.amrbalance.balancers.domain;

/** How binary dissection picks the axis of each cut. */
public enum CutAxisRule {
  /**
   * Axis {@code depth mod dim} at recursion depth {@code depth}: the first cut is vertical (axis 0), then the
   * axes alternate (seed 002 §4.3, seed 000 appendix C). An axis along which the region is one cell thick
   * is skipped for the next one.
   */
  ALTERNATING,
  /** The region's longest axis (the lowest on a tie): squarer regions, less intra-grid communication. */
  LONGEST
}
