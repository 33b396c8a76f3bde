package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/** A rectangular block of processors of a mesh: columns {@code [x, x + columns)}, rows {@code [y, y + rows)}. */
@Immutable
final class Block {
  private final int x;
  private final int y;
  private final int columns;
  private final int rows;

  private Block(int x, int y, int columns, int rows) {
    this.x = x;
    this.y = y;
    this.columns = columns;
    this.rows = rows;
  }

  public static Block of(int x, int y, int columns, int rows) {
    Checks.check(x >= 0, "block.x", x, "must be >= 0");
    Checks.check(y >= 0, "block.y", y, "must be >= 0");
    Checks.check(columns >= 1, "block.columns", columns, "must be >= 1 (every grid gets a processor)");
    Checks.check(rows >= 1, "block.rows", rows, "must be >= 1 (every grid gets a processor)");
    return new Block(x, y, columns, rows);
  }

  public int x() {
    return x;
  }

  public int y() {
    return y;
  }

  public int columns() {
    return columns;
  }

  public int rows() {
    return rows;
  }

  public int right() {
    return x + columns;
  }

  public int top() {
    return y + rows;
  }

  public int processors() {
    return columns * rows;
  }

  public boolean overlaps(Block o) {
    return x < o.right() && o.x < right() && y < o.top() && o.y < top();
  }

  public boolean contains(int px, int py) {
    return px >= x && px < right() && py >= y && py < top();
  }

  /** The common processors, or null. */
  @javax.annotation.Nullable
  public Block intersection(Block o) {
    int x0 = Math.max(x, o.x);
    int y0 = Math.max(y, o.y);
    int x1 = Math.min(right(), o.right());
    int y1 = Math.min(top(), o.top());
    return x1 > x0 && y1 > y0 ? new Block(x0, y0, x1 - x0, y1 - y0) : null;
  }

  /**
   * The reach of this block from {@code from}: the largest mesh distance (hops) from a processor of this
   * block to the nearest processor of {@code from}. 0 if this block lies inside {@code from}. This is the
   * inter-grid path length of spec section 13.1 (X + a) carried over to two dimensions.
   */
  public int reachFrom(Block from) {
    // The distance to a rectangle separates into x and y gaps, each largest at an end of this block.
    int dx = Math.max(gap(x, from.x, from.right() - 1), gap(right() - 1, from.x, from.right() - 1));
    int dy = Math.max(gap(y, from.y, from.top() - 1), gap(top() - 1, from.y, from.top() - 1));
    return dx + dy;
  }

  /** Distance from coordinate v to the interval [lo, hi]. */
  private static int gap(int v, int lo, int hi) {
    return v < lo ? lo - v : v > hi ? v - hi : 0;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Block b && b.x == x && b.y == y && b.columns == columns && b.rows == rows;
  }

  @Override
  public int hashCode() {
    return ((x * 31 + y) * 31 + columns) * 31 + rows;
  }

  @Override
  public String toString() {
    return "Block[(" + x + "," + y + ") " + columns + "x" + rows + "]";
  }
}
