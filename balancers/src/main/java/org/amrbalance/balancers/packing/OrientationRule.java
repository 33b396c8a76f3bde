package org.amrbalance.balancers.packing;

/** Which orientations TP may try at a corner. */
public enum OrientationRule {
  /** Both orientations at every corner (spec section 6.3, correction 2): the TP of the experiments. */
  FREE,
  /**
   * The modified TP of the worst-case bounds (spec section 8.1): at a corner (x, y) a grid lies with its long
   * side horizontal if x &lt; R·y, vertical if x &gt; R·y, either if x = R·y.
   */
  DIAGONAL
}
