package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/** Settings of {@link SlabLptBalancer}. */
@Immutable
public final class SlabLptOptions {
  /** The same default as the partitioners that cut grids, so that the comparison is like for like. */
  public static final int DEFAULT_MIN_PIECE_EDGE = 4;

  private final int minPieceEdge;

  private SlabLptOptions(int minPieceEdge) {
    this.minPieceEdge = minPieceEdge;
  }

  /** Slabs at least 4 cells thick. */
  public static SlabLptOptions defaults() {
    return new SlabLptOptions(DEFAULT_MIN_PIECE_EDGE);
  }

  /** The thinnest slab, in cells, in [1, 2^20]. */
  public SlabLptOptions withMinPieceEdge(int cells) {
    Checks.check(cells >= 1 && cells <= (1 << 20), "minPieceEdge", cells, "must be in [1, 1048576]");
    return new SlabLptOptions(cells);
  }

  public int minPieceEdge() {
    return minPieceEdge;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SlabLptOptions s && s.minPieceEdge == minPieceEdge;
  }

  @Override
  public int hashCode() {
    return Integer.hashCode(minPieceEdge);
  }

  @Override
  public String toString() {
    return "SlabLptOptions[minPieceEdge=" + minPieceEdge + "]";
  }
}
