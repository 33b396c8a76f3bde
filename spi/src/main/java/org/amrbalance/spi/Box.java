package org.amrbalance.spi;

import java.util.Arrays;
import java.util.Optional;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * An index box of dimension 1, 2 or 3: the cells {@code lo[d] <= i[d] <= hi[d]} (inclusive bounds, as in
 * AMReX and Chombo). A box is never empty; operations that could give an empty box return
 * {@link Optional}.
 */
@Immutable
public final class Box implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  /** Largest supported dimension. */
  public static final int MAX_DIM = 3;

  private final int[] lo;
  private final int[] hi;
  /** Boxes key the hash maps of every schedule and layout: the hash is computed once (readResolve rebuilds it). */
  private final transient int hash;

  private Box(int[] lo, int[] hi) {
    this.lo = lo;
    this.hi = hi;
    this.hash = 31 * Arrays.hashCode(lo) + Arrays.hashCode(hi);
  }

  /** A box from its inclusive corners; both arrays have the box's dimension (1 to 3). */
  public static Box of(int[] lo, int[] hi) {
    Checks.notNull("lo", lo);
    Checks.notNull("hi", hi);
    if (!(lo.length >= 1 && lo.length <= MAX_DIM)) {
      throw Checks.bad("lo.length", lo.length, "dimension must be 1, 2 or 3");
    }
    if (hi.length != lo.length) {
      throw Checks.bad("hi.length", hi.length, "must equal lo.length " + lo.length);
    }
    for (int d = 0; d < lo.length; d++) {
      if (hi[d] < lo[d]) {
        throw Checks.bad("hi[" + d + "]", hi[d], "is below lo[" + d + "] = " + lo[d] + " (inverted or empty box)");
      }
      // The cell count along an axis must fit in an int.
      if ((long) hi[d] - lo[d] + 1 > Integer.MAX_VALUE) {
        throw Checks.bad("hi[" + d + "]", hi[d], "box too long along axis " + d);
      }
    }
    return new Box(lo.clone(), hi.clone());
  }

  /** A 1-D box {@code [lo, hi]}. */
  public static Box of1d(int lo, int hi) {
    return of(new int[] {lo}, new int[] {hi});
  }

  /** A 2-D box with corners {@code (x0, y0)} and {@code (x1, y1)}, inclusive. */
  public static Box of2d(int x0, int y0, int x1, int y1) {
    return of(new int[] {x0, y0}, new int[] {x1, y1});
  }

  /** A 3-D box with corners {@code (x0, y0, z0)} and {@code (x1, y1, z1)}, inclusive. */
  public static Box of3d(int x0, int y0, int z0, int x1, int y1, int z1) {
    return of(new int[] {x0, y0, z0}, new int[] {x1, y1, z1});
  }

  /** The box of {@code size[d]} cells along each axis with its low corner at the origin. */
  public static Box ofSize(int... size) {
    Checks.notNull("size", size);
    int[] hi = new int[size.length];
    for (int d = 0; d < size.length; d++) {
      if (size[d] <= 0) {
        throw Checks.bad("size[" + d + "]", size[d], "must be > 0");
      }
      hi[d] = size[d] - 1;
    }
    return of(new int[size.length], hi);
  }

  public int dim() {
    return lo.length;
  }

  public int lo(int axis) {
    return lo[axis];
  }

  public int hi(int axis) {
    return hi[axis];
  }

  public int[] lo() {
    return lo.clone();
  }

  public int[] hi() {
    return hi.clone();
  }

  /** Number of cells along {@code axis}. */
  public int length(int axis) {
    return hi[axis] - lo[axis] + 1;
  }

  /** The axis with the most cells (the lowest such axis on a tie). */
  public int longestAxis() {
    int best = 0;
    for (int d = 1; d < dim(); d++) {
      if (length(d) > length(best)) {
        best = d;
      }
    }
    return best;
  }

  /** Number of cells. */
  public long volume() {
    long v = 1;
    for (int d = 0; d < dim(); d++) {
      v = Math.multiplyExact(v, (long) length(d));
    }
    return v;
  }

  /**
   * Number of boundary cells: cells with at least one face on the box's boundary. This is the B_a of the
   * grid-indivisibility cost model (the points that receive interpolated boundary values).
   */
  public long surface() {
    return volume() - interior().map(Box::volume).orElse(0L);
  }

  /** The box shrunk by one cell on every side, or empty if nothing is left. */
  public Optional<Box> interior() {
    return grow(-1);
  }

  /** The box grown by {@code n} cells on every side (shrunk if negative), or empty if nothing is left. */
  public Optional<Box> grow(int n) {
    int[] l = new int[dim()];
    int[] h = new int[dim()];
    for (int d = 0; d < dim(); d++) {
      l[d] = Math.subtractExact(lo[d], n);
      h[d] = Math.addExact(hi[d], n);
      if (h[d] < l[d]) {
        return Optional.empty();
      }
    }
    return Optional.of(new Box(l, h));
  }

  public boolean contains(Box other) {
    checkSameDim(other);
    for (int d = 0; d < dim(); d++) {
      if (other.lo[d] < lo[d] || other.hi[d] > hi[d]) {
        return false;
      }
    }
    return true;
  }

  public boolean containsCell(int... cell) {
    if (cell.length != dim()) {
      throw Checks.bad("cell.length", cell.length, "must equal the box dimension " + dim());
    }
    for (int d = 0; d < dim(); d++) {
      if (cell[d] < lo[d] || cell[d] > hi[d]) {
        return false;
      }
    }
    return true;
  }

  public boolean intersects(Box other) {
    checkSameDim(other);
    for (int d = 0; d < dim(); d++) {
      if (other.hi[d] < lo[d] || other.lo[d] > hi[d]) {
        return false;
      }
    }
    return true;
  }

  /** The common cells of the two boxes, or empty if they do not overlap. */
  public Optional<Box> intersection(Box other) {
    if (!intersects(other)) {
      return Optional.empty();
    }
    int[] l = new int[dim()];
    int[] h = new int[dim()];
    for (int d = 0; d < dim(); d++) {
      l[d] = Math.max(lo[d], other.lo[d]);
      h[d] = Math.min(hi[d], other.hi[d]);
    }
    return Optional.of(new Box(l, h));
  }

  /** Number of common cells (0 if disjoint); cheaper than {@link #intersection} when only the count is needed. */
  public long overlapVolume(Box other) {
    checkSameDim(other);
    long v = 1;
    for (int d = 0; d < dim(); d++) {
      long n = (long) Math.min(hi[d], other.hi[d]) - Math.max(lo[d], other.lo[d]) + 1;
      if (n <= 0) {
        return 0;
      }
      v *= n;
    }
    return v;
  }

  /**
   * Number of cell faces the two disjoint boxes share: the cells of this box that touch {@code other}
   * across a face. Zero if they only meet at an edge or a corner, or are apart.
   */
  public long sharedFaceArea(Box other) {
    checkSameDim(other);
    int touchingAxis = -1;
    long area = 1;
    for (int d = 0; d < dim(); d++) {
      long overlap = (long) Math.min(hi[d], other.hi[d]) - Math.max(lo[d], other.lo[d]) + 1;
      if (overlap > 0) {
        area *= overlap;
      } else if (overlap == 0 && touchingAxis < 0) {
        touchingAxis = d; // adjacent along d: hi + 1 == other.lo or the reverse
      } else {
        return 0;
      }
    }
    return touchingAxis < 0 ? 0 : area;
  }

  /** The smallest box at a level {@code ratio} times coarser that covers this box (floor division). */
  public Box coarsen(int ratio) {
    Checks.positive("ratio", ratio);
    int[] l = new int[dim()];
    int[] h = new int[dim()];
    for (int d = 0; d < dim(); d++) {
      l[d] = Math.floorDiv(lo[d], ratio);
      h[d] = Math.floorDiv(hi[d], ratio);
    }
    return new Box(l, h);
  }

  /** The box covering the same region at a level {@code ratio} times finer. */
  public Box refine(int ratio) {
    Checks.positive("ratio", ratio);
    int[] l = new int[dim()];
    int[] h = new int[dim()];
    for (int d = 0; d < dim(); d++) {
      l[d] = Math.multiplyExact(lo[d], ratio);
      h[d] = Math.addExact(Math.multiplyExact(hi[d], ratio), ratio - 1);
    }
    return new Box(l, h);
  }

  /** True if coarsening by {@code ratio} and refining back gives this box (its corners lie on the coarse lattice). */
  public boolean isCoarsenable(int ratio) {
    return coarsen(ratio).refine(ratio).equals(this);
  }

  /**
   * Splits the box along {@code axis} into the cells below {@code at} and the cells from {@code at} on.
   *
   * @throws IllegalArgumentException unless {@code lo(axis) < at <= hi(axis)}
   */
  public Box[] split(int axis, int at) {
    if (!(axis >= 0 && axis < dim())) {
      throw Checks.bad("axis", axis, "must be in [0, " + dim() + ")");
    }
    if (!(at > lo[axis] && at <= hi[axis])) {
      throw Checks.bad("at", at, "must be in (" + lo[axis] + ", " + hi[axis] + "] to leave cells on both sides");
    }
    int[] h1 = hi.clone();
    h1[axis] = at - 1;
    int[] l2 = lo.clone();
    l2[axis] = at;
    return new Box[] {new Box(lo.clone(), h1), new Box(l2, hi.clone())};
  }

  /** This box moved by {@code offset} cells along each axis. */
  public Box shift(int... offset) {
    if (offset.length != dim()) {
      throw Checks.bad("offset.length", offset.length, "must equal the box dimension " + dim());
    }
    int[] l = new int[dim()];
    int[] h = new int[dim()];
    for (int d = 0; d < dim(); d++) {
      l[d] = Math.addExact(lo[d], offset[d]);
      h[d] = Math.addExact(hi[d], offset[d]);
    }
    return new Box(l, h);
  }

  private void checkSameDim(Box other) {
    if (other.dim() != dim()) {
      throw Checks.bad("other.dim", other.dim(), "must equal this box's dimension " + dim());
    }
  }

  /** Deserialized values pass the factory's checks too. */
  private Object readResolve() throws java.io.ObjectStreamException {
    return of(lo, hi);
  }

  @Override
  public boolean equals(Object o) {
    return o == this
        || o instanceof Box b && b.hash == hash && Arrays.equals(lo, b.lo) && Arrays.equals(hi, b.hi);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  /** Written as AMReX and Chombo write boxes: {@code ((0,0) (15,15))}. */
  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("((");
    join(s, lo);
    s.append(") (");
    join(s, hi);
    return s.append("))").toString();
  }

  /**
   * AMReX's text form of a cell-centred box, {@code ((lo) (hi) (0,...))}, as its {@code BoxArray} and plotfile
   * {@code Cell_H} files write it (and Chombo's box lists read it).
   */
  public String toAmrexText() {
    StringBuilder s = new StringBuilder("((");
    join(s, lo);
    s.append(") (");
    join(s, hi);
    s.append(") (");
    join(s, new int[lo.length]);
    return s.append("))").toString();
  }

  private static void join(StringBuilder s, int[] v) {
    for (int d = 0; d < v.length; d++) {
      if (d > 0) {
        s.append(',');
      }
      s.append(v[d]);
    }
  }
}
