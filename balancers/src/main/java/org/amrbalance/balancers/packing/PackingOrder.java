package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The order in which a packer takes the grids (spec section 9). Sides are read after turning each grid so
 * that its long side is w_i; ties go to the lower id so that every rank sorts alike.
 */
public enum PackingOrder {
  /** Decreasing w_i·h_i ("Decreasing Grid size"), the thesis's best order. */
  DECREASING_AREA(Comparator.comparingLong(Item::area).reversed()),
  /** Decreasing long side w_i ("Decreasing Max."), the order of Theorems 5.3.3 and 5.3.4. */
  DECREASING_LONG_SIDE(Comparator.comparingLong(Item::longSide).reversed()),
  /** Decreasing short side h_i ("Decreasing Min."). */
  DECREASING_SHORT_SIDE(Comparator.comparingLong(Item::shortSide).reversed()),
  /** Decreasing perimeter w_i + h_i (not in the thesis's figures; a common strip-packing order). */
  DECREASING_PERIMETER(Comparator.comparingLong((Item i) -> i.width() + i.height()).reversed()),
  /** Decreasing aspect ratio w_i / h_i ("Decreasing Ratio"), the thesis's worst order. */
  DECREASING_ASPECT_RATIO(Comparator.comparingDouble((Item i) -> (double) i.longSide() / i.shortSide()).reversed());

  private final Comparator<Item> comparator;

  PackingOrder(Comparator<Item> primary) {
    this.comparator = primary.thenComparingInt(Item::id);
  }

  public Comparator<Item> comparator() {
    return comparator;
  }

  /** A sorted copy. */
  public List<Item> sort(Collection<Item> items) {
    List<Item> sorted = new ArrayList<>(items);
    sorted.sort(comparator);
    return sorted;
  }
}
