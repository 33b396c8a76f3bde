package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.balancers.parallel.ThreadCollectives;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

class AgreedCostPolicyTest {
  /** Remembers the costs it is told. */
  private static final class Recording implements RemapPolicy {
    final List<Double> told = new ArrayList<>();

    @Override
    public RemapDecision onStep(StepTimes times) {
      return RemapDecision.keep();
    }

    @Override
    public void onRemap(double measuredCost) {
      told.add(measuredCost);
    }
  }

  @Test
  void everyRankTellsItsTriggerTheSlowestRanksCost() {
    List<List<Double>> told = ThreadCollectives.run(3, c -> {
      Recording inner = new Recording();
      AgreedCostPolicy p = new AgreedCostPolicy(inner, CollectiveCommunicator.over(c));
      p.onRemap(0.1 * (c.rank() + 1)); // each rank measured its own balancing time plus the migration
      p.onRemap(c.rank() == 1 ? 0.5 : 0.2);
      assertThat(p.costs()).isEqualTo(inner.told);
      return inner.told;
    });
    for (List<Double> t : told) {
      assertThat(t).containsExactly(0.1 * 3, 0.5);
    }
  }
}
