package org.amrbalance.balancers.packing;

import java.util.Collection;

/** One algorithm that packs rectangles without overlap into a box shaped like a mesh of ratio R = P/Q. */
@FunctionalInterface
interface Packer {
  /**
   * Packs every item (ids must be distinct) so that the bounding box W x H keeps max(W, R·H) small.
   *
   * @param ratio R = P/Q, the columns over the rows of the target mesh; any finite value &gt; 0
   */
  Packing pack(Collection<Item> items, double ratio);
}
