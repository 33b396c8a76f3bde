package org.amrbalance.balancers.domain;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Piece;

/**
 * The pieces of one dissection, stored column by column, with their work per level and rank: candidate
 * dissections are compared by these loads, and only the chosen one is built as an {@link Assignment}.
 */
final class PieceTable {
  private final Hierarchy hierarchy;
  private final int dim;
  private final double[][] load;
  private int size;
  private int[] patch;
  private int[] rank;
  private int[] lo;
  private int[] hi;

  PieceTable(Hierarchy hierarchy, int ranks) {
    this.hierarchy = hierarchy;
    this.dim = hierarchy.dim();
    this.load = new double[hierarchy.levelCount()][ranks];
    int c = Math.max(16, hierarchy.patchCount());
    patch = new int[c];
    rank = new int[c];
    lo = new int[c * dim];
    hi = new int[c * dim];
  }

  /** Empties the table for another dissection of the same problem, keeping its arrays. */
  void clear() {
    size = 0;
    for (double[] level : load) {
      Arrays.fill(level, 0);
    }
  }

  /** Fragment f of {@code work}, whole, on {@code owner}. */
  void add(Fragments work, int f, int owner) {
    if (size == patch.length) {
      int c = 2 * size;
      patch = Arrays.copyOf(patch, c);
      rank = Arrays.copyOf(rank, c);
      lo = Arrays.copyOf(lo, c * dim);
      hi = Arrays.copyOf(hi, c * dim);
    }
    patch[size] = work.patch(f);
    rank[size] = owner;
    for (int d = 0; d < dim; d++) {
      lo[size * dim + d] = work.lo(f, d);
      hi[size * dim + d] = work.hi(f, d);
    }
    size++;
    // The work a report counts for the piece: its patch's density times its cells.
    load[work.level(f)][owner] += work.density(f) * work.cells(f);
  }

  /**
   * {@link BalanceReport#levelSynchronousEfficiency(Assignment)} of {@link #assignment()}: Σ per-level mean /
   * Σ per-level maximum of the loads, as the report computes it (it offers the measure only for a built
   * assignment).
   */
  double levelSynchronousEfficiency() {
    int ranks = load[0].length;
    double makespan = 0;
    double sumAvg = 0;
    for (double[] level : load) {
      double max = 0;
      for (double l : level) {
        max = Math.max(max, l);
        sumAvg += l;
      }
      makespan += max;
    }
    return makespan == 0 ? 1 : sumAvg / ranks / makespan;
  }

  Assignment assignment() {
    List<Piece> pieces = new ArrayList<>(size);
    int[] l = new int[dim];
    int[] h = new int[dim];
    for (int i = 0; i < size; i++) {
      System.arraycopy(lo, i * dim, l, 0, dim);
      System.arraycopy(hi, i * dim, h, 0, dim);
      pieces.add(Piece.of(patch[i], Box.of(l, h), rank[i]));
    }
    return Assignment.of(hierarchy, load[0].length, pieces);
  }
}
