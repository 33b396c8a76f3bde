package org.amrbalance.mesh.grid;

import java.io.Serializable;
import java.util.List;
import org.amrbalance.spi.parallel.Collectives;

/**
 * A {@link GridExchange} for one rank of a message-passing group: which rank it is, and the reductions, all
 * from the group's {@link Collectives}. Subclasses decide how a batch of moves travels.
 */
public abstract class RankExchange implements GridExchange {
  private final Collectives group;

  protected RankExchange(Collectives group) {
    if (group == null) {
      throw new IllegalArgumentException("comm = null: must not be null");
    }
    this.group = group;
  }

  @Override
  public final int ranks() {
    return group.size();
  }

  @Override
  public final boolean holds(int rank) {
    return rank == group.rank();
  }

  @Override
  public final double maxAll(double value) {
    return group.allReduceMax(value);
  }

  @Override
  public final double sumAll(double value) {
    return group.allReduceSum(value);
  }

  @Override
  public final <T extends Serializable> List<T> gatherAll(List<T> local) {
    return group.allGatherFlat(local);
  }
}
