package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.concurrent.Immutable;

/**
 * A packing: placed rectangles, in the order they were packed, and their bounding box {@code width x height}
 * anchored at the origin. Non-overlap is the packer's promise, checked by tests, not here (it costs O(m^2)).
 */
@Immutable
public final class Packing {
  /** Largest side of an item, so that sums of m <= 2^20 sides cannot overflow. */
  public static final long MAX_SIDE = 1L << 40;

  private final List<Placement> placements;
  private final Map<Integer, Placement> byId;
  private final long width;
  private final long height;

  private Packing(List<Placement> placements, Map<Integer, Placement> byId, long width, long height) {
    this.placements = placements;
    this.byId = byId;
    this.width = width;
    this.height = height;
  }

  /** The packing of these placements; the bounding box is the smallest one anchored at the origin. */
  public static Packing of(Collection<Placement> placements) {
    Checks.notNull("placements", placements);
    Map<Integer, Placement> byId = new LinkedHashMap<>();
    long w = 0;
    long h = 0;
    for (Placement p : placements) {
      Checks.notNull("placement", p);
      Checks.check(byId.put(p.id(), p) == null, "placement.id", p.id(), "placed twice");
      w = Math.max(w, p.right());
      h = Math.max(h, p.top());
    }
    return new Packing(List.copyOf(placements), Collections.unmodifiableMap(byId), w, h);
  }

  /** Placements in packing order. */
  public List<Placement> placements() {
    return placements;
  }

  public Placement placement(int id) {
    Placement p = byId.get(id);
    Checks.check(p != null, "id", id, "not in this packing");
    return p;
  }

  public int size() {
    return placements.size();
  }

  public long width() {
    return width;
  }

  public long height() {
    return height;
  }

  /** The objective of the modified packing problem: max(W, R·H) with R the mesh ratio. */
  public double score(double ratio) {
    return Math.max((double) width, ratio * height);
  }

  /** Sum of the placed areas. */
  public long itemArea() {
    long a = 0;
    for (Placement p : placements) {
      a += p.width() * p.height();
    }
    return a;
  }

  /** Placed area over bounding-box area (1 for a perfect packing, 0 when empty). */
  public double density() {
    return width == 0 ? 0 : (double) itemArea() / ((double) width * height);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Packing p && p.placements.equals(placements);
  }

  @Override
  public int hashCode() {
    return placements.hashCode();
  }

  @Override
  public String toString() {
    return "Packing[" + placements.size() + " items in " + width + "x" + height + "]";
  }
}
