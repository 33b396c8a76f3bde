package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import java.io.Serializable;
import javax.annotation.concurrent.Immutable;

/**
 * One grid as the whole-grid schedulers see it (seed 002 §3.3): an id, its size M_a (its work, in integer
 * units so that every form of the algorithm sums it exactly and in any order), the processor f(a) where it
 * was generated, and its migration budget t_a in hops.
 */
@Immutable
public final class GridToken implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int id;
  private final long size;
  private final int origin;
  private final int budget;

  private GridToken(int id, long size, int origin, int budget) {
    this.id = id;
    this.size = size;
    this.origin = origin;
    this.budget = budget;
  }

  /**
   * @param id unique among the grids balanced together; ties in every ordering are broken by it
   * @param size the work M_a, at least 0 (a grid of size 0 never moves: it cannot help the balance)
   * @param origin the processor f(a), at least 0
   * @param budget the hop budget t_a, at least 0
   */
  public static GridToken of(int id, long size, int origin, int budget) {
    Checks.check(id >= 0, "token.id", id, "must be >= 0");
    if (size < 0 || origin < 0 || budget < 0) {
      String field = size < 0 ? "size" : origin < 0 ? "origin" : "budget";
      long value = size < 0 ? size : origin < 0 ? origin : budget;
      throw new IllegalArgumentException("token " + id + " " + field + " = " + value + ": must be >= 0");
    }
    return new GridToken(id, size, origin, budget);
  }

  public int id() {
    return id;
  }

  public long size() {
    return size;
  }

  public int origin() {
    return origin;
  }

  public int budget() {
    return budget;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GridToken t && t.id == id && t.size == size && t.origin == origin && t.budget == budget;
  }

  @Override
  public int hashCode() {
    return ((id * 31 + Long.hashCode(size)) * 31 + origin) * 31 + budget;
  }

  @Override
  public String toString() {
    return "GridToken[id=" + id + ", M=" + size + ", f=" + origin + ", t=" + budget + "]";
  }
}
