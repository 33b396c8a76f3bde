package org.amrbalance.mesh.grid;

import java.util.Arrays;
import org.amrbalance.spi.Box;

/**
 * Cell values of one grid block: the valid cells of {@code box} surrounded by {@code ghost} layers of ghost
 * cells, stored densely with axis 0 varying fastest. Dimension 1 to 3; the 2-D accessors are the fast path
 * the solvers use.
 */
public final class GridData {
  private final Box box;
  private final int ghost;
  private final Box grown;
  private final int[] stride;
  private final double[] values;

  private GridData(Box box, int ghost) {
    this.box = box;
    this.ghost = ghost;
    this.grown = box.grow(ghost).orElseThrow();
    this.stride = new int[box.dim()];
    long n = 1;
    for (int d = 0; d < box.dim(); d++) {
      stride[d] = (int) n;
      n *= grown.length(d);
    }
    if (n > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("box = " + box + ": too many cells for one grid block");
    }
    this.values = new double[(int) n];
  }

  /**
   * Zero-filled data over {@code box} with {@code ghost} ghost layers. The box may be thinner than the ghost width
   * (a balancer that cuts to single cells): its ghost frame then reaches past its neighbours, and a fill takes those
   * cells from whichever block, parent or boundary rule covers them.
   */
  public static GridData create(Box box, int ghost) {
    if (box == null) {
      throw new IllegalArgumentException("box = null: must not be null");
    }
    if (ghost < 0) {
      throw new IllegalArgumentException("ghost = " + ghost + ": ghost width must be >= 0");
    }
    return new GridData(box, ghost);
  }

  /** The valid cells. */
  public Box box() {
    return box;
  }

  public int ghost() {
    return ghost;
  }

  /** The valid cells plus the ghost layers. */
  public Box grownBox() {
    return grown;
  }

  /** Storage index of a 2-D cell (inside the grown box; not checked). */
  public int index(int i, int j) {
    return (i - grown.lo(0)) + (j - grown.lo(1)) * stride[1];
  }

  /** Offset between the storage of {@code (i, j)} and {@code (i, j + 1)}. */
  public int rowStride() {
    return stride.length > 1 ? stride[1] : 0;
  }

  public double get(int i, int j) {
    return values[index(i, j)];
  }

  public void set(int i, int j, double v) {
    values[index(i, j)] = v;
  }

  /** The storage itself, for the solver kernels (index with {@link #index}). */
  public double[] raw() {
    return values;
  }

  public void fill(double v) {
    Arrays.fill(values, v);
  }

  /** The values over {@code region} (inside the grown box), axis 0 fastest. */
  public double[] read(Box region) {
    checkRegion(region);
    double[] out = new double[Math.toIntExact(region.volume())];
    if (region.dim() == 2) {
      // Row by row: ghost exchanges call this for every colour of every sweep.
      int nx = region.length(0);
      for (int j = region.lo(1), k = 0; j <= region.hi(1); j++, k += nx) {
        System.arraycopy(values, index(region.lo(0), j), out, k, nx);
      }
      return out;
    }
    int[] c = region.lo();
    for (int k = 0; k < out.length; k++) {
      out[k] = values[offset(c)];
      next(c, region);
    }
    return out;
  }

  /**
   * The values over the 2-D {@code region} (inside the grown box), axis 0 fastest, into {@code out} from
   * {@code offset}: how a message to another rank is packed without a copy per move.
   */
  public void read(Box region, double[] out, int offset) {
    checkFlat(region, out, offset);
    int nx = region.length(0);
    for (int j = region.lo(1), k = offset; j <= region.hi(1); j++, k += nx) {
      System.arraycopy(values, index(region.lo(0), j), out, k, nx);
    }
  }

  /** Writes the values of {@code v} from {@code offset} (as {@link #read} orders them) over the 2-D {@code region}. */
  public void write(Box region, double[] v, int offset) {
    checkFlat(region, v, offset);
    int nx = region.length(0);
    for (int j = region.lo(1), k = offset; j <= region.hi(1); j++, k += nx) {
      System.arraycopy(v, k, values, index(region.lo(0), j), nx);
    }
  }

  private void checkFlat(Box region, double[] v, int offset) {
    checkRegion(region);
    if (region.dim() != 2) {
      throw new IllegalArgumentException("region = " + region + ": must be 2-D");
    }
    if (offset < 0 || offset + region.volume() > v.length) {
      throw new IllegalArgumentException("offset = " + offset + ": " + region.volume() + " values from there do not fit"
          + " in " + v.length);
    }
  }

  /** Writes {@code v} (as {@link #read} orders it) over {@code region} (inside the grown box). */
  public void write(Box region, double[] v) {
    checkRegion(region);
    if (v.length != region.volume()) {
      throw new IllegalArgumentException("v.length = " + v.length + ": must equal the region volume "
          + region.volume());
    }
    if (region.dim() == 2) {
      int nx = region.length(0);
      for (int j = region.lo(1), k = 0; j <= region.hi(1); j++, k += nx) {
        System.arraycopy(v, k, values, index(region.lo(0), j), nx);
      }
      return;
    }
    int[] c = region.lo();
    for (double x : v) {
      values[offset(c)] = x;
      next(c, region);
    }
  }

  /** A deep copy. */
  public GridData copy() {
    GridData g = new GridData(box, ghost);
    System.arraycopy(values, 0, g.values, 0, values.length);
    return g;
  }

  private int offset(int[] c) {
    int o = 0;
    for (int d = 0; d < c.length; d++) {
      o += (c[d] - grown.lo(d)) * stride[d];
    }
    return o;
  }

  /** Advances an odometer over {@code region}, axis 0 fastest. */
  static void next(int[] c, Box region) {
    for (int d = 0; d < c.length; d++) {
      if (++c[d] <= region.hi(d)) {
        return;
      }
      c[d] = region.lo(d);
    }
  }

  private void checkRegion(Box region) {
    if (region.dim() != box.dim() || !grown.contains(region)) {
      throw new IllegalArgumentException("region = " + region + ": must lie in the grown box " + grown);
    }
  }

  @Override
  public String toString() {
    return "GridData[" + box + ", ghost " + ghost + "]";
  }
}
