package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.io.Serializable;
import javax.annotation.concurrent.Immutable;

/**
 * A rectangle to pack: a grid of {@code width x height} points, identified by {@code id} (the patch id
 * when it comes from a hierarchy). Width runs along x, the mesh's columns.
 */
@Immutable
public final class Item implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int id;
  private final long width;
  private final long height;

  private Item(int id, long width, long height) {
    this.id = id;
    this.width = width;
    this.height = height;
  }

  public static Item of(int id, long width, long height) {
    Checks.check(id >= 0, "item.id", id, "must be >= 0");
    Checks.check(width >= 1 && width <= Packing.MAX_SIDE, "item " + id + " width", width,
        "must be in [1, " + Packing.MAX_SIDE + "]");
    Checks.check(height >= 1 && height <= Packing.MAX_SIDE, "item " + id + " height", height,
        "must be in [1, " + Packing.MAX_SIDE + "]");
    return new Item(id, width, height);
  }

  public int id() {
    return id;
  }

  public long width() {
    return width;
  }

  public long height() {
    return height;
  }

  /** The longer side (w_i of the thesis once the grid is turned so that w_i >= h_i). */
  public long longSide() {
    return Math.max(width, height);
  }

  public long shortSide() {
    return Math.min(width, height);
  }

  public long area() {
    return width * height;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Item i && i.id == id && i.width == width && i.height == height;
  }

  @Override
  public int hashCode() {
    return (31 * id + Long.hashCode(width)) * 31 + Long.hashCode(height);
  }

  @Override
  public String toString() {
    return "Item[" + id + ": " + width + "x" + height + "]";
  }
}
