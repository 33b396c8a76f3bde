package org.amrbalance.mesh.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.amrbalance.spi.Box;

/** A set of 2-D cells inside a box, stored as a dense bit field: the cells an error estimator flagged. */
public final class FlagField {
  private final Box box;
  private final boolean[] bits;
  private int count;

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
    return box.containsCell(i, j) && bits[index(i, j)];
  }

  /** Flags {@code (i, j)}, which must lie in the field's box. */
  public void set(int i, int j) {
    if (!box.containsCell(i, j)) {
      throw new IllegalArgumentException("cell = (" + i + "," + j + "): outside the flag field " + box);
    }
    int k = index(i, j);
    if (!bits[k]) {
      bits[k] = true;
      count++;
    }
  }

  /** Unflags {@code (i, j)}, which must lie in the field's box. */
  public void clear(int i, int j) {
    if (!box.containsCell(i, j)) {
      throw new IllegalArgumentException("cell = (" + i + "," + j + "): outside the flag field " + box);
    }
    int k = index(i, j);
    if (bits[k]) {
      bits[k] = false;
      count--;
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
    long n = 0;
    for (int j = b.lo(1); j <= b.hi(1); j++) {
      int k = index(b.lo(0), j);
      for (int i = b.lo(0); i <= b.hi(0); i++, k++) {
        if (bits[k]) {
          n++;
        }
      }
    }
    return n;
  }

  /** The smallest box holding every flagged cell of {@code region}, or empty if none is flagged. */
  public Optional<Box> boundingBox(Box region) {
    Optional<Box> in = region.intersection(box);
    if (in.isEmpty()) {
      return Optional.empty();
    }
    Box b = in.get();
    int x0 = Integer.MAX_VALUE;
    int y0 = Integer.MAX_VALUE;
    int x1 = Integer.MIN_VALUE;
    int y1 = Integer.MIN_VALUE;
    for (int j = b.lo(1); j <= b.hi(1); j++) {
      int k = index(b.lo(0), j);
      for (int i = b.lo(0); i <= b.hi(0); i++, k++) {
        if (bits[k]) {
          x0 = Math.min(x0, i);
          x1 = Math.max(x1, i);
          y0 = Math.min(y0, j);
          y1 = Math.max(y1, j);
        }
      }
    }
    return x0 > x1 ? Optional.empty() : Optional.of(Box.of2d(x0, y0, x1, y1));
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
