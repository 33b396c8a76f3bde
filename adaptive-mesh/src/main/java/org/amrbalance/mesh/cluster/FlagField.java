package org.amrbalance.mesh.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.Nullable;
import org.amrbalance.spi.Box;

/** A set of 2-D cells inside a box, stored as a dense bit field: the cells an error estimator flagged. */
public final class FlagField {
  private final Box box;
  private final boolean[] bits;
  private int count;
  /**
   * Summed-area table of the bits, (width + 1) x (height + 1), built when first needed after a change: clustering asks
   * for the count of a box and of every row and column of it at each cut, which a scan of the cells made quadratic.
   */
  @Nullable
  private int[] sums;

  private FlagField(Box box) {
    this.box = box;
    this.bits = new boolean[Math.toIntExact(box.volume())];
  }

  /** An empty field over the 2-D box {@code box}. */
  public static FlagField over(Box box) {
    if (box == null || box.dim() != 2) {
      throw new IllegalArgumentException("box = " + box + ": a flag field needs a 2-D box");
    }
    return new FlagField(box);
  }

  public Box box() {
    return box;
  }

  private int index(int i, int j) {
    return (i - box.lo(0)) + (j - box.lo(1)) * box.length(0);
  }

  public boolean get(int i, int j) {
    return inside(i, j) && bits[index(i, j)];
  }

  private boolean inside(int i, int j) {
    return i >= box.lo(0) && i <= box.hi(0) && j >= box.lo(1) && j <= box.hi(1);
  }

  /** Flags {@code (i, j)}, which must lie in the field's box. */
  public void set(int i, int j) {
    if (!inside(i, j)) {
      throw new IllegalArgumentException("cell = (" + i + "," + j + "): outside the flag field " + box);
    }
    int k = index(i, j);
    if (!bits[k]) {
      bits[k] = true;
      count++;
      sums = null;
    }
  }

  /** Unflags {@code (i, j)}, which must lie in the field's box. */
  public void clear(int i, int j) {
    if (!inside(i, j)) {
      throw new IllegalArgumentException("cell = (" + i + "," + j + "): outside the flag field " + box);
    }
    int k = index(i, j);
    if (bits[k]) {
      bits[k] = false;
      count--;
      sums = null;
    }
  }

  /** Flags every cell of {@code region} that lies in the field's box. */
  public void setAll(Box region) {
    Optional<Box> in = region.intersection(box);
    if (in.isPresent()) {
      Box b = in.get();
      for (int j = b.lo(1); j <= b.hi(1); j++) {
        for (int i = b.lo(0); i <= b.hi(0); i++) {
          set(i, j);
        }
      }
    }
  }

  public int count() {
    return count;
  }

  /** Number of flagged cells in {@code region}. */
  public long count(Box region) {
    Optional<Box> in = region.intersection(box);
    if (in.isEmpty()) {
      return 0;
    }
    Box b = in.get();
    return sum(b.lo(0), b.lo(1), b.hi(0), b.hi(1));
  }

  /** The smallest box holding every flagged cell of {@code region}, or empty if none is flagged. */
  public Optional<Box> boundingBox(Box region) {
    Optional<Box> in = region.intersection(box);
    if (in.isEmpty()) {
      return Optional.empty();
    }
    Box b = in.get();
    int x0 = b.lo(0);
    int y0 = b.lo(1);
    int x1 = b.hi(0);
    int y1 = b.hi(1);
    if (sum(x0, y0, x1, y1) == 0) {
      return Optional.empty();
    }
    // Shrink each side while its outermost row or column holds no flag: one table look-up per row or column.
    while (sum(x0, y0, x0, y1) == 0) {
      x0++;
    }
    while (sum(x1, y0, x1, y1) == 0) {
      x1--;
    }
    while (sum(x0, y0, x1, y0) == 0) {
      y0++;
    }
    while (sum(x0, y1, x1, y1) == 0) {
      y1--;
    }
    return Optional.of(Box.of2d(x0, y0, x1, y1));
  }

  /**
   * Flags per column ({@code axis} 0) or row ({@code axis} 1) of {@code region}, indexed from {@code region.lo(axis)}:
   * the signature that Berger–Rigoutsos cuts by. Cells of {@code region} outside the field count as unflagged.
   */
  public long[] signature(Box region, int axis) {
    if (axis != 0 && axis != 1) {
      throw new IllegalArgumentException("axis = " + axis + ": must be 0 or 1");
    }
    long[] s = new long[region.length(axis)];
    Optional<Box> in = region.intersection(box);
    if (in.isPresent()) {
      Box b = in.get();
      for (int at = b.lo(axis); at <= b.hi(axis); at++) {
        s[at - region.lo(axis)] = axis == 0 ? sum(at, b.lo(1), at, b.hi(1)) : sum(b.lo(0), at, b.hi(0), at);
      }
    }
    return s;
  }

  /** Flags in the cells {@code [x0, x1] x [y0, y1]}, which lie in the field's box. */
  private int sum(int x0, int y0, int x1, int y1) {
    int[] t = table();
    int w = box.length(0) + 1;
    int i0 = x0 - box.lo(0);
    int i1 = x1 - box.lo(0) + 1;
    int j0 = y0 - box.lo(1);
    int j1 = y1 - box.lo(1) + 1;
    return t[i1 + j1 * w] - t[i0 + j1 * w] - t[i1 + j0 * w] + t[i0 + j0 * w];
  }

  private int[] table() {
    int[] t = sums;
    if (t == null) {
      int nx = box.length(0);
      int ny = box.length(1);
      int w = nx + 1;
      t = new int[w * (ny + 1)];
      for (int j = 0; j < ny; j++) {
        int row = 0;
        for (int i = 0; i < nx; i++) {
          row += bits[i + j * nx] ? 1 : 0;
          t[(i + 1) + (j + 1) * w] = t[(i + 1) + j * w] + row;
        }
      }
      sums = t;
    }
    return t;
  }

  /** Every flagged cell as {@code {i, j}}, row by row. */
  public List<int[]> cells() {
    List<int[]> out = new ArrayList<>(count);
    for (int j = box.lo(1); j <= box.hi(1); j++) {
      for (int i = box.lo(0); i <= box.hi(0); i++) {
        if (bits[index(i, j)]) {
          out.add(new int[] {i, j});
        }
      }
    }
    return out;
  }
}
