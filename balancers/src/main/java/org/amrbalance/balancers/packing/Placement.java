package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.io.Serializable;
import javax.annotation.concurrent.Immutable;

/**
 * A placed rectangle: item {@code id} occupies the half-open region {@code [x, x + width) x [y, y + height)}.
 * {@code width} and {@code height} are the oriented sides; {@code rotated} says the item's own width lies
 * along y.
 */
@Immutable
final class Placement implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int id;
  private final long x;
  private final long y;
  private final long width;
  private final long height;
  private final boolean rotated;

  private Placement(int id, long x, long y, long width, long height, boolean rotated) {
    this.id = id;
    this.x = x;
    this.y = y;
    this.width = width;
    this.height = height;
    this.rotated = rotated;
  }

  public static Placement of(int id, long x, long y, long width, long height, boolean rotated) {
    Checks.check(id >= 0, "placement.id", id, "must be >= 0");
    Checks.check(x >= 0, "placement " + id + " x", x, "must be >= 0");
    Checks.check(y >= 0, "placement " + id + " y", y, "must be >= 0");
    Checks.check(width >= 1, "placement " + id + " width", width, "must be >= 1");
    Checks.check(height >= 1, "placement " + id + " height", height, "must be >= 1");
    return new Placement(id, x, y, width, height, rotated);
  }

  /** {@code item} at {@code (x, y)}, turned by a quarter if {@code rotated}. */
  public static Placement of(Item item, long x, long y, boolean rotated) {
    return rotated ? of(item.id(), x, y, item.height(), item.width(), true)
        : of(item.id(), x, y, item.width(), item.height(), false);
  }

  public int id() {
    return id;
  }

  public long x() {
    return x;
  }

  public long y() {
    return y;
  }

  public long width() {
    return width;
  }

  public long height() {
    return height;
  }

  public long right() {
    return x + width;
  }

  public long top() {
    return y + height;
  }

  public boolean rotated() {
    return rotated;
  }

  /** True if the two open interiors meet (touching edges do not overlap). */
  public boolean overlaps(Placement o) {
    return x < o.right() && o.x < right() && y < o.top() && o.y < top();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Placement p && p.id == id && p.x == x && p.y == y && p.width == width
        && p.height == height && p.rotated == rotated;
  }

  @Override
  public int hashCode() {
    return ((id * 31 + Long.hashCode(x)) * 31 + Long.hashCode(y)) * 31 + Long.hashCode(width * 7 + height)
        + (rotated ? 1 : 0);
  }

  @Override
  public String toString() {
    return "Placement[" + id + " at (" + x + "," + y + ") " + width + "x" + height + (rotated ? " rotated" : "")
        + "]";
  }
}
