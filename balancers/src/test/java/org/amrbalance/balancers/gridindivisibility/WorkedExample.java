package org.amrbalance.balancers.gridindivisibility;

import java.util.List;
import org.amrbalance.spi.Machine;

/** The worked example of seed 002 §3.5.2 (spec §11): 4 hypercube processors, 8 grids, loads 4/0/4/11. */
final class WorkedExample {
  private WorkedExample() {}

  static final Machine MACHINE = Machine.hypercube(4);

  /** Tokens in the thesis's order: P0's three packets, P2's one, P3's four (ids 0..7). */
  static List<GridToken> tokens() {
    return List.of(
        GridToken.of(0, 1, 0, 2),
        GridToken.of(1, 2, 0, 3),
        GridToken.of(2, 1, 0, 0),
        GridToken.of(3, 4, 2, 0),
        GridToken.of(4, 3, 3, 2),
        GridToken.of(5, 2, 3, 3),
        GridToken.of(6, 3, 3, 2),
        GridToken.of(7, 3, 3, 0));
  }

  static long[] loads(List<GridToken> tokens, int[] rank, int ranks) {
    long[] load = new long[ranks];
    for (int i = 0; i < tokens.size(); i++) {
      load[rank[i]] += tokens.get(i).size();
    }
    return load;
  }
}
