package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * Settings of {@link SlabLptBalancer}.
 *
 * @param minPieceEdge the thinnest slab, in cells, in [1, 2^20]
 */
@Immutable
public record SlabLptOptions(int minPieceEdge) {
  /** The same default as the partitioners that cut grids, so that the comparison is like for like. */
  public static final int DEFAULT_MIN_PIECE_EDGE = 4;

  public SlabLptOptions {
    Checks.check(minPieceEdge >= 1 && minPieceEdge <= (1 << 20), "minPieceEdge", minPieceEdge,
        "must be in [1, 1048576]");
  }

  /** Slabs at least 4 cells thick. */
  public static SlabLptOptions defaults() {
    return new SlabLptOptions(DEFAULT_MIN_PIECE_EDGE);
  }

  /** The thinnest slab, in cells, in [1, 2^20]. */
  public SlabLptOptions withMinPieceEdge(int cells) {
    return new SlabLptOptions(cells);
  }
}
