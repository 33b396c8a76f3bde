package org.amrbalance.balancers.domain;

import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Topology;

/**
 * The ranks that share one region of the dissection, and how they split in two when the region is cut.
 * On a hypercube or a fully connected machine the group is a range of consecutive ranks whose first
 * {@code ceil(n/2)} go to the lower part, so that on a hypercube of 2^k ranks recursion depth t is address
 * bit k-1-t (seed 002 §4.3, step 4). On a 2-D mesh the group is a rectangle of the mesh, split across the
 * same axis as the domain where it can be, so that neighbouring regions sit on neighbouring processors.
 */
abstract class RankGroup {

  static RankGroup of(Machine machine, boolean meshAware) {
    if (meshAware && machine.topology() instanceof Topology.Mesh mesh) {
      return new Rect(mesh.p(), 0, 0, mesh.p(), mesh.q());
    }
    return new Range(0, machine.ranks());
  }

  abstract int size();

  /** The lowest rank of the group, which takes a region that cannot be cut any further. */
  abstract int first();

  abstract boolean contains(int rank);

  /** The lower and the upper group when the region is cut across domain axis {@code axis}; size at least 2. */
  abstract RankGroup[] split(int axis);

  static final class Range extends RankGroup {
    private final int first;
    private final int count;

    Range(int first, int count) {
      this.first = first;
      this.count = count;
    }

    @Override
    int size() {
      return count;
    }

    @Override
    int first() {
      return first;
    }

    @Override
    boolean contains(int rank) {
      return rank >= first && rank < first + count;
    }

    @Override
    RankGroup[] split(int axis) {
      int lower = (count + 1) / 2;
      return new RankGroup[] {new Range(first, lower), new Range(first + lower, count - lower)};
    }

    @Override
    public String toString() {
      return "ranks[" + first + ", " + (first + count) + ")";
    }
  }

  /** A w x h rectangle of a mesh with {@code columns} columns; rank {@code y * columns + x}. */
  static final class Rect extends RankGroup {
    private final int columns;
    private final int x0;
    private final int y0;
    private final int w;
    private final int h;

    Rect(int columns, int x0, int y0, int w, int h) {
      this.columns = columns;
      this.x0 = x0;
      this.y0 = y0;
      this.w = w;
      this.h = h;
    }

    @Override
    int size() {
      return w * h;
    }

    @Override
    int first() {
      return y0 * columns + x0;
    }

    @Override
    boolean contains(int rank) {
      int x = rank % columns;
      int y = rank / columns;
      return x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
    }

    @Override
    RankGroup[] split(int axis) {
      // Domain axis 0 maps to mesh columns (x), axis 1 to rows (y); axis 2 and thin rectangles take the other.
      boolean alongX = axis == 0 ? w >= 2 : axis == 1 ? h < 2 : w >= h;
      if (alongX) {
        int lower = (w + 1) / 2;
        return new RankGroup[] {new Rect(columns, x0, y0, lower, h), new Rect(columns, x0 + lower, y0, w - lower, h)};
      }
      int lower = (h + 1) / 2;
      return new RankGroup[] {new Rect(columns, x0, y0, w, lower), new Rect(columns, x0, y0 + lower, w, h - lower)};
    }

    @Override
    public String toString() {
      return "mesh[" + x0 + ".." + (x0 + w - 1) + " x " + y0 + ".." + (y0 + h - 1) + "]";
    }
  }
}
