package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.Box;

/** Set operations on boxes that {@link Box} does not offer. */
public final class Boxes {
  private Boxes() {}

  /** The cells of {@code a} outside {@code b}, as at most 2·dim disjoint boxes (in a fixed order). */
  public static List<Box> subtract(Box a, Box b) {
    List<Box> out = new ArrayList<>();
    if (!a.intersects(b)) {
      out.add(a);
      return out;
    }
    int[] lo = a.lo();
    int[] hi = a.hi();
    for (int d = 0; d < a.dim(); d++) {
      if (lo[d] < b.lo(d)) {
        int[] h = hi.clone();
        h[d] = b.lo(d) - 1;
        out.add(Box.of(lo, h));
        lo[d] = b.lo(d);
      }
      if (hi[d] > b.hi(d)) {
        int[] l = lo.clone();
        l[d] = b.hi(d) + 1;
        out.add(Box.of(l, hi));
        hi[d] = b.hi(d);
      }
    }
    return out;
  }

  /** The cells of the boxes {@code parts} outside {@code b}. */
  public static List<Box> subtract(List<Box> parts, Box b) {
    List<Box> out = new ArrayList<>();
    for (Box p : parts) {
      out.addAll(subtract(p, b));
    }
    return out;
  }

  /** The smallest box containing all of {@code boxes} (at least one). */
  public static Box boundingBox(List<Box> boxes) {
    if (boxes.isEmpty()) {
      throw new IllegalArgumentException("boxes = []: need at least one box");
    }
    int[] lo = boxes.get(0).lo();
    int[] hi = boxes.get(0).hi();
    for (Box b : boxes) {
      for (int d = 0; d < lo.length; d++) {
        lo[d] = Math.min(lo[d], b.lo(d));
        hi[d] = Math.max(hi[d], b.hi(d));
      }
    }
    return Box.of(lo, hi);
  }

  /** Total cells of disjoint boxes. */
  public static long volume(List<Box> boxes) {
    long v = 0;
    for (Box b : boxes) {
      v += b.volume();
    }
    return v;
  }
}
