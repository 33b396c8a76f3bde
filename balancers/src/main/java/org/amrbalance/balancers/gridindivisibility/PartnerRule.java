package org.amrbalance.balancers.gridindivisibility;

/**
 * Where a grid goes when it crosses a cut of a 2-D mesh (seed 002 §10, left open by the thesis). On a
 * hypercube and on a fully connected machine the partner is always the processor with the cut's address
 * bit complemented (one hop), whatever the rule.
 */
public enum PartnerRule {
  /**
   * Translate by the width of the source half across the cut: the image of complementing the cut's address
   * bit. Costs w/2 hops for a block of width w, so the first cuts of a large mesh are expensive.
   */
  TRANSLATE,
  /** Mirror across the cut line: 1 hop next to the cut, up to w-1 hops at the far edge. */
  MIRROR
}
