package org.amrbalance.readers;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.function.IntUnaryOperator;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * Writes a hierarchy with single parents in each file format, as the codes lay their files out, so that reading
 * it back can be compared with the original. Ranks come from {@code rankOf(patch id)}.
 */
final class FormatWriters {
  private FormatWriters() {}

  /** Chombo's BoxLayout dump: 4 boxes per line separated by " # ". */
  static String chombo(Hierarchy h, IntUnaryOperator rankOf) {
    StringBuilder s = new StringBuilder("NumLevels = ").append(h.levelCount()).append('\n');
    for (int l = 0; l < h.levelCount(); l++) {
      List<Patch> level = h.level(l);
      s.append("Number of Grids on Level ").append(l).append(": ").append(level.size()).append('\n');
      for (int i = 0; i < level.size(); i++) {
        Patch p = level.get(i);
        s.append(box(p.box())).append('[').append(rankOf.applyAsInt(p.id())).append(']');
        s.append(i % 4 == 3 || i == level.size() - 1 ? " # \n" : " # ");
      }
    }
    return s.toString();
  }

  /** An AMReX plotfile Header over the unit cube with one variable. */
  static String amrexHeader(Hierarchy h) {
    int dim = h.dim();
    StringBuilder s = new StringBuilder("HyperCLaw-V1.1\n1\ndensity\n").append(dim).append("\n0.5\n")
        .append(h.finestLevel()).append('\n');
    s.append(repeat("0", dim)).append('\n').append(repeat("1", dim)).append('\n');
    for (int l = 0; l < h.finestLevel(); l++) {
      s.append(h.ratio(l)).append(' ');
    }
    s.append('\n');
    for (int l = 0; l <= h.finestLevel(); l++) {
      s.append(box(h.domainAt(l))).append(' ');
    }
    s.append('\n').append(repeat("10", h.levelCount())).append('\n');
    for (int l = 0; l <= h.finestLevel(); l++) {
      for (int d = 0; d < dim; d++) {
        s.append(1.0 / h.domainAt(l).length(d)).append(' ');
      }
      s.append('\n');
    }
    s.append("0\n0\n");
    for (int l = 0; l <= h.finestLevel(); l++) {
      s.append(l).append(' ').append(h.level(l).size()).append(" 0.5\n10\n");
      for (Patch p : h.level(l)) {
        for (int d = 0; d < dim; d++) {
          double dx = 1.0 / h.domainAt(l).length(d);
          s.append(p.box().lo(d) * dx).append(' ').append((p.box().hi(d) + 1) * dx).append('\n');
        }
      }
      s.append("Level_").append(l).append("/Cell\n");
    }
    return s.toString();
  }

  /** The VisMF header of one level, with its boxes written by file {@code rankOf(id)}. */
  static String amrexCellH(Hierarchy h, int level, IntUnaryOperator rankOf) {
    List<Patch> boxes = h.level(level);
    StringBuilder s = new StringBuilder("1\n1\n1\n0\n(").append(boxes.size()).append(" 0\n");
    for (Patch p : boxes) {
      s.append(box(p.box())).append('\n');
    }
    s.append(")\n").append(boxes.size()).append('\n');
    for (Patch p : boxes) {
      s.append(String.format(Locale.ROOT, "FabOnDisk: Cell_D_%05d 0%n", rankOf.applyAsInt(p.id())));
    }
    for (int k = 0; k < 2; k++) {
      s.append('\n').append(boxes.size()).append(",1\n");
      for (int i = 0; i < boxes.size(); i++) {
        s.append("1.0000000000000000e+00,\n");
      }
    }
    return s.toString();
  }

  /** Enzo's parameter file over the unit cube. */
  static String enzoParameters(Hierarchy h) {
    int dim = h.dim();
    StringBuilder top = new StringBuilder();
    for (int d = 0; d < dim; d++) {
      top.append(h.domain().length(d)).append(' ');
    }
    return "TopGridRank         = " + dim + "\nTopGridDimensions   = " + top + "\nRefineBy               = "
        + (h.levelCount() > 1 ? h.ratio(0) : 2) + "\nDomainLeftEdge         = " + repeat("0", dim)
        + "\nDomainRightEdge        = " + repeat("1", dim) + "\n";
  }

  /**
   * Enzo's hierarchy file: grid numbers are patch id + 1 (patch 0, a level-0 patch, is grid 1), blocks in id order,
   * then the pointer lines in breadth-first order so that each names an already placed grid; particles per grid
   * from {@code particlesOf}.
   */
  static String enzoHierarchy(Hierarchy h, IntUnaryOperator rankOf, IntUnaryOperator particlesOf) {
    int dim = h.dim();
    StringBuilder s = new StringBuilder("\n");
    long particles = 0;
    for (Patch p : h.patches()) {
      int grid = p.id() + 1;
      StringBuilder dims = new StringBuilder();
      StringBuilder start = new StringBuilder();
      StringBuilder end = new StringBuilder();
      StringBuilder left = new StringBuilder();
      StringBuilder right = new StringBuilder();
      for (int d = 0; d < dim; d++) {
        int n = p.box().length(d);
        double dx = 1.0 / h.domainAt(p.level()).length(d);
        dims.append(n + 6).append(' ');
        start.append("3 ");
        end.append(n + 2).append(' ');
        left.append(p.box().lo(d) * dx).append(' ');
        right.append((p.box().hi(d) + 1) * dx).append(' ');
      }
      int count = particlesOf.applyAsInt(p.id());
      particles += count;
      s.append("Grid = ").append(grid).append('\n')
          .append("Task              = ").append(rankOf.applyAsInt(p.id())).append('\n')
          .append("GridRank          = ").append(dim).append('\n')
          .append("GridDimension     = ").append(dims).append('\n')
          .append("GridStartIndex    = ").append(start).append('\n')
          .append("GridEndIndex      = ").append(end).append('\n')
          .append("GridLeftEdge      = ").append(left).append('\n')
          .append("GridRightEdge     = ").append(right).append('\n')
          .append("Time              = 0.5\n")
          .append("NumberOfBaryonFields = 2\n")
          .append("NumberOfParticles   = ").append(count).append('\n')
          .append('\n');
    }
    Deque<Integer> queue = new ArrayDeque<>();
    List<Patch> roots = h.level(0);
    for (int i = 0; i < roots.size(); i++) {
      int next = i + 1 < roots.size() ? roots.get(i + 1).id() + 1 : 0;
      s.append("Pointer: Grid[").append(roots.get(i).id() + 1).append("]->NextGridThisLevel = ").append(next).append('\n');
      queue.add(roots.get(i).id());
    }
    while (!queue.isEmpty()) {
      int id = queue.poll();
      int[] children = h.children(id);
      s.append("Pointer: Grid[").append(id + 1).append("]->NextGridNextLevel = ")
          .append(children.length == 0 ? 0 : children[0] + 1).append('\n');
      for (int i = 0; i < children.length; i++) {
        int next = i + 1 < children.length ? children[i + 1] + 1 : 0;
        s.append("Pointer: Grid[").append(children[i] + 1).append("]->NextGridThisLevel = ").append(next).append('\n');
        queue.add(children[i]);
      }
    }
    s.append('\n').append("NumberOfStarParticles      = ").append(particles / 3).append('\n')
        .append("NumberOfOtherParticles     = ").append(particles - particles / 3).append('\n');
    return s.toString();
  }

  private static String box(Box b) {
    StringBuilder type = new StringBuilder();
    for (int d = 0; d < b.dim(); d++) {
      type.append(d == 0 ? "0" : ",0");
    }
    String s = b.toString();
    return s.substring(0, s.length() - 1) + " (" + type + "))";
  }

  private static String repeat(String value, int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(value).append(' ');
    }
    return s.toString();
  }
}
