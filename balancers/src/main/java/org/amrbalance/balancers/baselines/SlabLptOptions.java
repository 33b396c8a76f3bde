package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link SlabLptBalancer}.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record SlabLptOptions(int minPieceEdge) {
  /** The same default as the partitioners that cut grids, so that the comparison is like for like. */
  public static final Option<Integer> MIN_PIECE_EDGE = Option.integer("min-piece-edge", 4, 1, 1 << 20,
      "thinnest slab, cells");
  public static final int DEFAULT_MIN_PIECE_EDGE = MIN_PIECE_EDGE.defaultValue();

  public SlabLptOptions {
    MIN_PIECE_EDGE.check(minPieceEdge);
  }

  /** Slabs at least 4 cells thick. */
  public static SlabLptOptions defaults() {
    return new SlabLptOptions(DEFAULT_MIN_PIECE_EDGE);
  }

  public SlabLptOptions withMinPieceEdge(int cells) {
    return new SlabLptOptions(cells);
  }
}
