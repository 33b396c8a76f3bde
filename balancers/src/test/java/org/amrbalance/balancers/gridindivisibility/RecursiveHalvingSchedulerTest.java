package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.api.Test;

class RecursiveHalvingSchedulerTest {
  private static final RecursiveHalvingScheduler L1 = RecursiveHalvingScheduler.of(0, PartnerRule.TRANSLATE);

  @Test
  void workedExampleMovesExactlyTheGridsOfSizeTwoAndThreeFromP3ToP1() {
    List<GridToken> tokens = WorkedExample.tokens();
    assertThat(WorkedExample.loads(tokens, tokens.stream().mapToInt(GridToken::origin).toArray(), 4))
        .containsExactly(4, 0, 4, 11);
    int[] rank = L1.schedule(tokens, WorkedExample.MACHINE);
    List<Integer> moved = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      if (rank[i] != tokens.get(i).origin()) {
        moved.add(i);
        assertThat(tokens.get(i).origin()).isEqualTo(3);
        assertThat(rank[i]).isEqualTo(1);
      }
    }
    // Sizes 2 (budget 3) and 3 (budget 2; of the two equal ones, the lower id).
    assertThat(moved).containsExactly(4, 5);
    assertThat(WorkedExample.loads(tokens, rank, 4)).containsExactly(4, 5, 4, 6);
  }

  @Test
  void epsilonLeavesSmallImbalancesAlone() {
    // Δ = 5.5 at the first cut: with ε = 6 nothing moves at all.
    int[] rank = RecursiveHalvingScheduler.of(6, PartnerRule.TRANSLATE).schedule(WorkedExample.tokens(),
        WorkedExample.MACHINE);
    assertThat(WorkedExample.loads(WorkedExample.tokens(), rank, 4)).containsExactly(4, 0, 4, 11);
    // With ε = 1 the room is 6.5 at the first cut: 2 and 3 move (5), and the second 3 would exceed it.
    int[] eps1 = RecursiveHalvingScheduler.of(1, PartnerRule.TRANSLATE).schedule(WorkedExample.tokens(),
        WorkedExample.MACHINE);
    assertThat(WorkedExample.loads(WorkedExample.tokens(), eps1, 4)).containsExactly(4, 5, 4, 6);
  }

  @Test
  void budgetsLimitTheMovesAndAreChargedPerHop() {
    // One processor holds everything; budget 1 lets each grid cross one cut only: 4 go to P4 at the first
    // cut and stay there; of the 4 left, 2 go to P2 (and stay), then 1 of the last 2 goes to P1.
    List<GridToken> tokens = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      tokens.add(GridToken.of(i, 1, 0, 1));
    }
    int[] rank = L1.schedule(tokens, Machine.hypercube(8));
    for (int r : rank) {
      assertThat(Integer.bitCount(r)).isLessThanOrEqualTo(1);
    }
    assertThat(WorkedExample.loads(tokens, rank, 8)).containsExactly(1, 1, 2, 0, 4, 0, 0, 0);
    // Budget 0: nothing moves.
    List<GridToken> frozen = tokens.stream().map(t -> GridToken.of(t.id(), t.size(), t.origin(), 0)).toList();
    assertThat(L1.schedule(frozen, Machine.hypercube(8))).containsOnly(0);
  }

  @Test
  void unevenHalvesBalanceTowardsProportionalLoads() {
    // 3 processors: halves {0} and {1, 2}; 9 unit grids on rank 0 end 3/3/3.
    List<GridToken> tokens = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      tokens.add(GridToken.of(i, 1, 0, 5));
    }
    int[] rank = L1.schedule(tokens, Machine.fullyConnected(3));
    assertThat(WorkedExample.loads(tokens, rank, 3)).containsExactly(3, 3, 3);
  }

  @Test
  void rejectsBadInput() {
    assertThatThrownBy(() -> RecursiveHalvingScheduler.of(-1, PartnerRule.TRANSLATE))
        .hasMessageContaining("epsilon = -1.0");
    assertThatThrownBy(() -> L1.schedule(List.of(GridToken.of(0, 1, 4, 1)), Machine.hypercube(4)))
        .hasMessageContaining("origin = 4");
    assertThatThrownBy(() -> L1.schedule(List.of(GridToken.of(0, 1, 0, 1), GridToken.of(0, 1, 0, 1)),
        Machine.hypercube(4))).hasMessageContaining("token.id = 0");
    assertThatThrownBy(() -> GridToken.of(1, -2, 0, 0)).hasMessageContaining("size = -2");
  }
}
