package org.amrbalance.mesh.cluster;

import java.util.List;
import javax.annotation.Nullable;
import org.amrbalance.spi.Box;

/** Covers flagged cells with disjoint rectangles. */
public interface Clusterer {
  /**
   * Disjoint boxes inside {@code flags.box()} that together cover every flagged cell and contain no cell of
   * {@code forbidden} (null: none), in a deterministic order.
   */
  List<Box> cluster(FlagField flags, @Nullable FlagField forbidden);

  default List<Box> cluster(FlagField flags) {
    return cluster(flags, null);
  }
}
