package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * Cuts a grid over its processor block. The grid's axis that lies along the mesh's columns (axis 0, or
 * axis 1 when the packing turned the grid) is cut into {@code min(columns, cells)} slabs of near-equal
 * width (boundaries at floor(k·L/n)), the other into {@code min(rows, cells)}; slab (i, j) goes to the
 * processor in column i and row j of the block. Axis 2 of a 3-D grid is never cut.
 *
 * <p>Fewer cells than processors: if a grid has fewer cells along an axis than its block has processors
 * along that axis, only the first {@code cells} processors of that axis receive a piece (one cell wide
 * each) and the rest of the block stays idle; a grid thinner than its block never gets empty pieces. A 1-D
 * grid is cut into {@code min(cells, processors)} segments dealt to the block's processors row by row,
 * reversing direction every row, so that consecutive segments sit on neighbouring processors.
 */
final class GridCutter {
  private GridCutter() {}

  public static List<Piece> cut(Patch patch, Block block, boolean rotated, ProcessorGrid grid) {
    Checks.notNull("patch", patch);
    Checks.notNull("block", block);
    Checks.notNull("grid", grid);
    Checks.check(block.right() <= grid.columns() && block.top() <= grid.rows(), "block", block,
        "lies outside " + grid);
    Box box = patch.box();
    List<Piece> pieces = new ArrayList<>();
    if (box.dim() == 1) {
      int n = Math.min(box.length(0), block.processors());
      for (int k = 0; k < n; k++) {
        int row = k / block.columns();
        int col = row % 2 == 0 ? k % block.columns() : block.columns() - 1 - k % block.columns();
        Box slab = slab(box, 0, k, n);
        pieces.add(Piece.of(patch.id(), slab, grid.rank(block.x() + col, block.y() + row)));
      }
      return pieces;
    }
    int colAxis = rotated ? 1 : 0;
    int rowAxis = rotated ? 0 : 1;
    int nc = Math.min(block.columns(), box.length(colAxis));
    int nr = Math.min(block.rows(), box.length(rowAxis));
    for (int i = 0; i < nc; i++) {
      Box column = slab(box, colAxis, i, nc);
      for (int j = 0; j < nr; j++) {
        pieces.add(Piece.of(patch.id(), slab(column, rowAxis, j, nr), grid.rank(block.x() + i, block.y() + j)));
      }
    }
    return pieces;
  }

  /** Slab k of n along {@code axis}: cells [lo + floor(k·L/n), lo + floor((k+1)·L/n)). */
  private static Box slab(Box box, int axis, int k, int n) {
    long len = box.length(axis);
    int[] lo = box.lo();
    int[] hi = box.hi();
    int start = box.lo(axis);
    lo[axis] = start + (int) (len * k / n);
    hi[axis] = start + (int) (len * (k + 1) / n) - 1;
    return Box.of(lo, hi);
  }

  /** The packing item of a patch: its extents along axes 0 and 1 (1 for a 1-D patch). */
  public static Item itemOf(Patch patch) {
    Box b = patch.box();
    return Item.of(patch.id(), b.length(0), b.dim() >= 2 ? b.length(1) : 1);
  }
}
