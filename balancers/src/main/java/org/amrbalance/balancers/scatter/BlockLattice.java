package org.amrbalance.balancers.scatter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * One scatter decomposition of a hierarchy: granularity {@code k} on the cell lattice of level
 * {@code cutLevel}, processor grid {@code q} (see {@link ScatterBalancer}). A patch's pieces are the products
 * of its parts along each axis, so the work per level and rank follows from the parts alone: candidates are
 * compared without building a piece, and only the chosen one becomes an {@link Assignment}.
 */
final class BlockLattice {
  private final Hierarchy hierarchy;
  private final int[] q;
  private final Box domain;
  private final int lattice;
  private final int[] blocks;

  BlockLattice(Hierarchy hierarchy, int[] q, int k, int cutLevel) {
    this.hierarchy = hierarchy;
    this.q = q.clone();
    this.domain = hierarchy.domainAt(cutLevel);
    this.lattice = hierarchy.cumulativeRatio(cutLevel);
    this.blocks = new int[domain.dim()];
    for (int d = 0; d < domain.dim(); d++) {
      blocks[d] = (int) Math.min((long) k * q[d], domain.length(d));
    }
  }

  /**
   * {@link BalanceReport#levelSynchronousEfficiency(Assignment)} of {@link #assign}'s result, summed from the
   * parts: the same per-piece work, density times cells, on the same level and rank.
   */
  double levelSynchronousEfficiency(int ranks) {
    double[][] load = new double[hierarchy.levelCount()][ranks];
    AxisParts parts = new AxisParts();
    for (Patch p : hierarchy.patches()) {
      cut(p, parts);
      double density = p.workDensity();
      double[] levelLoad = load[p.level()];
      for (int i2 = 0; i2 < parts.count[2]; i2++) {
        for (int i1 = 0; i1 < parts.count[1]; i1++) {
          int rank12 = q0() * (parts.coord[1][i1] + q1() * parts.coord[2][i2]);
          long area = (long) parts.length(1, i1) * parts.length(2, i2);
          for (int i0 = 0; i0 < parts.count[0]; i0++) {
            levelLoad[parts.coord[0][i0] + rank12] += density * (area * parts.length(0, i0));
          }
        }
      }
    }
    return levelSynchronousEfficiency(load, ranks);
  }

  /**
   * Σ per-level mean / Σ per-level maximum of the loads, as {@link BalanceReport} computes it; the report offers
   * it only for a built assignment.
   */
  static double levelSynchronousEfficiency(double[][] levelLoad, int ranks) {
    double makespan = 0;
    double sumAvg = 0;
    for (double[] level : levelLoad) {
      double max = 0;
      for (double l : level) {
        max = Math.max(max, l);
        sumAvg += l;
      }
      makespan += max;
    }
    return makespan == 0 ? 1 : sumAvg / ranks / makespan;
  }

  /** How many pieces {@link #assign} builds. */
  long pieceCount() {
    AxisParts parts = new AxisParts();
    long count = 0;
    for (Patch p : hierarchy.patches()) {
      cut(p, parts);
      count += (long) parts.count[0] * parts.count[1] * parts.count[2];
    }
    return count;
  }

  /** Every patch cut into its pieces, each on the rank of its block. */
  Assignment assign(int ranks) {
    long count = pieceCount();
    if (count > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("blocksPerProcessor: the lattice cuts the hierarchy into " + count
          + " pieces, more than a list holds");
    }
    AxisParts parts = new AxisParts();
    List<Piece> pieces = new ArrayList<>((int) count);
    int[] lo = new int[domain.dim()];
    int[] hi = new int[domain.dim()];
    for (Patch p : hierarchy.patches()) {
      cut(p, parts);
      for (int i2 = 0; i2 < parts.count[2]; i2++) {
        parts.corner(2, i2, lo, hi);
        for (int i1 = 0; i1 < parts.count[1]; i1++) {
          parts.corner(1, i1, lo, hi);
          for (int i0 = 0; i0 < parts.count[0]; i0++) {
            parts.corner(0, i0, lo, hi);
            int rank = parts.coord[0][i0] + q0() * (parts.coord[1][i1] + q1() * parts.coord[2][i2]);
            pieces.add(Piece.of(p.id(), Box.of(lo, hi), rank));
          }
        }
      }
    }
    return Assignment.of(hierarchy, ranks, pieces);
  }

  private int q0() {
    return q[0];
  }

  private int q1() {
    return q.length > 1 ? q[1] : 1;
  }

  /** Fills {@code parts} with the parts of {@code p} along every axis; an axis beyond the dimension has one. */
  private void cut(Patch p, AxisParts parts) {
    int ratio = hierarchy.cumulativeRatio(p.level());
    Box box = p.box();
    for (int d = 0; d < AxisParts.AXES; d++) {
      parts.count[d] = 0;
      if (d >= domain.dim()) {
        parts.add(d, 0, 0, 0);
      } else if (ratio >= lattice) {
        intervals(box, d, ratio / lattice, parts);
      } else {
        coarseIntervals(box, d, lattice / ratio, parts);
      }
    }
  }

  /**
   * The parts of {@code box} along {@code axis}, in its level with {@code scale} cells per lattice cell: cut at
   * the block boundaries, each with its processor coordinate (one part when one coordinate covers the axis).
   */
  private void intervals(Box box, int axis, int scale, AxisParts parts) {
    int b0 = box.lo(axis);
    int b1 = box.hi(axis);
    int procs = q[axis];
    if (procs == 1) {
      parts.add(axis, b0, b1, 0);
      return;
    }
    long n = domain.length(axis);
    int origin = domain.lo(axis);
    int first = blockOf(Math.floorDiv(b0, scale) - origin, blocks[axis], n);
    int last = blockOf(Math.floorDiv(b1, scale) - origin, blocks[axis], n);
    for (int b = first; b <= last; b++) {
      int start = Math.max(b0, Math.multiplyExact(origin + boundary(b, blocks[axis], n), scale));
      int end = Math.min(b1, Math.multiplyExact(origin + boundary(b + 1, blocks[axis], n), scale) - 1);
      parts.add(axis, start, end, b % procs);
    }
  }

  /**
   * As {@link #intervals} for a level coarser than the lattice, one cell spanning {@code spread} lattice cells:
   * a cell goes to the block holding the lattice cell at its centre.
   */
  private void coarseIntervals(Box box, int axis, int spread, AxisParts parts) {
    int b0 = box.lo(axis);
    int b1 = box.hi(axis);
    int procs = q[axis];
    if (procs == 1) {
      parts.add(axis, b0, b1, 0);
      return;
    }
    long n = domain.length(axis);
    long origin = domain.lo(axis);
    int start = b0;
    int block = blockOf((int) ((long) b0 * spread + spread / 2 - origin), blocks[axis], n);
    for (int c = b0 + 1; c <= b1 + 1; c++) {
      int next = c > b1 ? -1 : blockOf((int) ((long) c * spread + spread / 2 - origin), blocks[axis], n);
      if (next != block) {
        parts.add(axis, start, c - 1, block % procs);
        start = c;
        block = next;
      }
    }
  }

  /** First lattice cell (relative to the domain's low corner) of block {@code b} of {@code blocks} over n cells. */
  static int boundary(int b, int blocks, long n) {
    return (int) (b * n / blocks);
  }

  /** The block holding relative lattice cell {@code x}: the largest b with {@code boundary(b) <= x}. */
  static int blockOf(int x, int blocks, long n) {
    return (int) (((x + 1L) * blocks - 1) / n);
  }

  /** One patch's parts along each axis: {@code [lo, hi]} in the patch's level and the processor coordinate. */
  private static final class AxisParts {
    static final int AXES = 3;
    final int[] count = new int[AXES];
    final int[][] lo = new int[AXES][8];
    final int[][] hi = new int[AXES][8];
    final int[][] coord = new int[AXES][8];

    void add(int axis, int from, int to, int c) {
      int i = count[axis]++;
      if (i == lo[axis].length) {
        lo[axis] = Arrays.copyOf(lo[axis], 2 * i);
        hi[axis] = Arrays.copyOf(hi[axis], 2 * i);
        coord[axis] = Arrays.copyOf(coord[axis], 2 * i);
      }
      lo[axis][i] = from;
      hi[axis][i] = to;
      coord[axis][i] = c;
    }

    /** Sets axis {@code axis} of the corners to part i, if the box has that axis. */
    void corner(int axis, int i, int[] boxLo, int[] boxHi) {
      if (axis < boxLo.length) {
        boxLo[axis] = lo[axis][i];
        boxHi[axis] = hi[axis][i];
      }
    }

    int length(int axis, int i) {
      return hi[axis][i] - lo[axis][i] + 1;
    }
  }
}
