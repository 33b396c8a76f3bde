package org.amrbalance.balancers.gridindivisibility;

import java.io.Serializable;

/**
 * A token in flight between ranks in the distributed forms: the grid id, its remaining budget t_a, its size
 * M_a, its origin f(a) and its tentative processor p_a. The thesis's packet ⟨Q_a, t_a, M_a, f(a)⟩ (§9)
 * carries the segment Q_a instead of p_a; Q_a after l cuts is {@link HalvingPlan#segment}(l, p_a), since
 * complementing the level's address bit is exactly the move to the partner.
 */
record Packet(int id, int budget, long size, int origin, int at) implements Serializable {
  private static final long serialVersionUID = 1L;

  static Packet of(GridToken t) {
    return new Packet(t.id(), t.budget(), t.size(), t.origin(), t.origin());
  }

  Packet movedTo(int rank, int hops) {
    return new Packet(id, budget - hops, size, origin, rank);
  }
}
