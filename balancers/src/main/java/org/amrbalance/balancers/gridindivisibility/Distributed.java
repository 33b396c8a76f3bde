package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.amrbalance.spi.parallel.Collectives;

/** Steps shared by the distributed forms. */
final class Distributed {
  private Distributed() {}

  static void checkGroup(Collectives group, List<GridToken> local, HalvingPlan plan) {
    Checks.check(group.size() == plan.ranks(), "group.size", group.size(),
        "must equal the plan's " + plan.ranks() + " ranks");
    for (GridToken t : local) {
      if (t.origin() != group.rank()) {
        throw new IllegalArgumentException("token " + t.id() + " origin = " + t.origin()
            + ": a rank passes only its own grids (rank " + group.rank() + ")");
      }
    }
  }

  /**
   * Tells each grid's source its new processor (InformSource2: one message per grid, no combining), then
   * gathers every rank's answer so that the whole placement can be compared on every rank.
   */
  static SortedMap<Integer, Integer> informSourcesAndGather(Collectives group, List<Packet> finalHeld) {
    List<List<int[]>> toSource = new ArrayList<>();
    for (int r = 0; r < group.size(); r++) {
      toSource.add(new ArrayList<>());
    }
    for (Packet p : finalHeld) {
      toSource.get(p.origin()).add(new int[] {p.id(), p.at()});
    }
    ArrayList<int[]> mine = new ArrayList<>();
    for (List<int[]> from : group.allToAll(toSource)) {
      mine.addAll(from);
    }
    SortedMap<Integer, Integer> all = new TreeMap<>();
    for (int[] pair : group.allGatherFlat(mine)) {
      all.put(pair[0], pair[1]);
    }
    return all;
  }

  static <T> List<List<T>> emptyOutboxes(int n) {
    List<List<T>> out = new ArrayList<>(n);
    for (int r = 0; r < n; r++) {
      out.add(new ArrayList<>());
    }
    return out;
  }
}
