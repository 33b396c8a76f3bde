package org.amrbalance.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.amrbalance.balancers.baselines.KnapsackOptions;
import org.amrbalance.balancers.baselines.SlabLptOptions;
import org.amrbalance.balancers.domain.DomainDecompositionOptions.CutAxisRule;
import org.amrbalance.balancers.domain.DomainDecompositionOptions;
import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions;
import org.amrbalance.balancers.gridindivisibility.ListSchedulingOptions;
import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import org.amrbalance.balancers.packing.Allocation;
import org.amrbalance.balancers.packing.GridPackingOptions;
import org.amrbalance.balancers.packing.GridPackingOptions.OrientationRule;
import org.amrbalance.balancers.packing.PackingOrder;
import org.amrbalance.balancers.packing.Scaling;
import org.amrbalance.balancers.packing.ShelfPackingOptions;
import org.amrbalance.balancers.scatter.ScatterOptions.ProcessorLayout;
import org.amrbalance.balancers.scatter.ScatterOptions;
import org.amrbalance.service.ServiceOptions.BadStepTimes;
import org.amrbalance.service.ServiceOptions;
import org.amrbalance.triggers.AdaptiveOptions;
import org.amrbalance.triggers.ChangeDetectionOptions;
import org.amrbalance.triggers.FixedIntervalOptions;
import org.amrbalance.triggers.RemapFrequencyOptions;
import org.amrbalance.triggers.StopAtRiseOptions;
import org.amrbalance.triggers.detection.AicChangeTest;
import org.amrbalance.triggers.frequency.MaxFactor;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The options are records validated in their canonical constructor: a wither and the constructor reject a bad value
 * with the same message, and array components are compared by content and copied in and out.
 */
class OptionsRecordsTest {
  private static void rejects(String message, ThrowingCallable wither, ThrowingCallable constructor) {
    assertThatThrownBy(wither).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    assertThatThrownBy(constructor).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  @Test
  void balancerOptionsRejectBadValuesInTheirConstructor() {
    rejects("min-piece-edge = 0: must be an integer in [1, 1048576]", () -> SlabLptOptions.defaults().withMinPieceEdge(0),
        () -> new SlabLptOptions(0));
    rejects("efficiency = 0.0: must be a number in (0, 1]", () -> KnapsackOptions.defaults().withEfficiency(0),
        () -> new KnapsackOptions(0, 1, true));
    rejects("max-swaps = -1: must be an integer in [0, 2147483647]", () -> KnapsackOptions.defaults().withMaxSwaps(-1),
        () -> new KnapsackOptions(0.5, -1, true));
    rejects("budgets = null: must not be null", () -> ListSchedulingOptions.defaults().withBudgets(null),
        () -> new ListSchedulingOptions(null));
    rejects("epsilon = NaN: must be a number in [0, 1e300]", () -> GridIndivisibilityOptions.defaults().withEpsilon(Double.NaN),
        () -> new GridIndivisibilityOptions(Double.NaN, ListSchedulingOptions.defaults().budgets(),
            PartnerRule.TRANSLATE));
    rejects("partnerRule = null: must not be null", () -> GridIndivisibilityOptions.defaults().withPartnerRule(null),
        () -> new GridIndivisibilityOptions(0, ListSchedulingOptions.defaults().budgets(), null));
    rejects("growth = 1.5: must be a number in (0, 1]", () -> ShelfPackingOptions.defaults().withGrowth(1.5),
        () -> new ShelfPackingOptions(Scaling.NON_UNIFORM, 1.5, 0));
    rejects("max-repair-rounds = 1001: must be an integer in [0, 1000]",
        () -> ShelfPackingOptions.defaults().withMaxRepairRounds(1001),
        () -> new ShelfPackingOptions(Scaling.NON_UNIFORM, 0.5, 1001));
    rejects("cutAxis = null: must be one of ALTERNATING, LONGEST",
        () -> DomainDecompositionOptions.defaults().withCutAxis(null),
        () -> new DomainDecompositionOptions(null, false, 0, true, 0));
    rejects("keep-tolerance = 2.0: must be a number in [0, 1]", () -> DomainDecompositionOptions.defaults().withKeepTolerance(2),
        () -> new DomainDecompositionOptions(CutAxisRule.LONGEST, false, 2, true, 0));
    rejects("cut-level = 31: must be an integer in [-1, 30]",
        () -> DomainDecompositionOptions.defaults().withCutLevel(31),
        () -> new DomainDecompositionOptions(CutAxisRule.LONGEST, false, 0, true, 31));
    rejects("blocks-per-processor = 0: must be an integer in [1, 65536]", () -> ScatterOptions.defaults().withBlocksPerProcessor(0),
        () -> new ScatterOptions(0, ProcessorLayout.AUTO, null, true));
    rejects("layout = null: must be one of AUTO, STRIPS", () -> ScatterOptions.defaults().withLayout(null),
        () -> new ScatterOptions(1, null, null, true));
    rejects("processorGrid = []: needs 1 to 3 extents", () -> ScatterOptions.defaults().withProcessorGrid(),
        () -> new ScatterOptions(1, ProcessorLayout.AUTO, new int[0], true));
    assertThatThrownBy(() -> ScatterOptions.defaults().withProcessorGrid((int[]) null))
        .hasMessage("processorGrid = null: needs 1 to 3 extents");
  }

  @Test
  void gridPackingOptionsRejectBadValuesInTheirConstructor() {
    GridPackingOptions d = GridPackingOptions.defaults();
    rejects("orientationRule = null: must not be null", () -> d.withOrientationRule(null),
        () -> new GridPackingOptions(PackingOrder.DECREASING_AREA, Scaling.NON_UNIFORM, null, false, 0, -1, false, 1,
            Allocation.CURVE, 1, 0));
    rejects("hop-cap = -2: must be an integer in [-1, 1048576]", () -> d.withHopCap(-2),
        () -> new GridPackingOptions(PackingOrder.DECREASING_AREA, Scaling.NON_UNIFORM, OrientationRule.FREE, false,
            0, -2, false, 1, Allocation.CURVE, 1, 0));
    rejects("packet-size = 0.5: must be a number in [1, 1073741824]", () -> d.withPacketSize(0.5),
        () -> new GridPackingOptions(PackingOrder.DECREASING_AREA, Scaling.NON_UNIFORM, OrientationRule.FREE, false,
            0, -1, false, 0.5, Allocation.CURVE, 1, 0));
    rejects("ghost-width = -1: must be an integer in [0, 1048576]", () -> d.withGhostWidth(-1),
        () -> new GridPackingOptions(PackingOrder.DECREASING_AREA, Scaling.NON_UNIFORM, OrientationRule.FREE, false,
            0, -1, false, 1, Allocation.CURVE, 1, -1));
    assertThat(d.withMinPieceEdge(3).withGhostWidth(5).effectiveMinEdge()).isEqualTo(5);
  }

  @Test
  void triggerAndServiceOptionsRejectBadValuesInTheirConstructor() {
    rejects("m = 0: must be an integer in [1, 2147483647]", () -> FixedIntervalOptions.defaults().interval(0),
        () -> new FixedIntervalOptions(0));
    rejects("initial-cost = -1.0: must be a number in [0, 1e300]",
        () -> StopAtRiseOptions.defaults().initialCost(-1), () -> new StopAtRiseOptions(-1, 0, 0));
    rejects("steps = -1: must be an integer in [0, 9223372036854775807]", () -> StopAtRiseOptions.defaults().steps(-1),
        () -> new StopAtRiseOptions(Double.NaN, 0, -1));
    rejects("confirm = 17: must be an integer in [1, 16]", () -> AdaptiveOptions.defaults().confirm(17),
        () -> new AdaptiveOptions(Double.NaN, 0, 0, 1, 0, 17, null));
    rejects("spike-jump = 0.0: must be a number in (0, 1000]", () -> AdaptiveOptions.defaults().spikeJump(0),
        () -> new AdaptiveOptions(Double.NaN, 0, 0, 0, 0, 1, null));
    rejects("horizon = 0: must be an integer in [1, 2147483647]", () -> ServiceOptions.defaults().withHorizon(0),
        () -> new ServiceOptions(true, 0, false, BadStepTimes.SKIP));
    rejects("badStepTimes = null: must be REJECT or SKIP", () -> ServiceOptions.defaults().withBadStepTimes(null),
        () -> new ServiceOptions(true, 1, false, null));
    rejects("alpha + beta = 1.1: must be < 1", () -> ChangeDetectionOptions.defaults().errors(0.6, 0.5),
        () -> new ChangeDetectionOptions(4, 6, 0.6, 0.5, Double.NaN, 0.8, 0.5, 0, Double.NaN,
            AicChangeTest.Form.STANDARD, true, ChangeDetectionOptions.NewBase.AFTER_REMAP));
    rejects("newBase = null: must not be null", () -> ChangeDetectionOptions.defaults().newBase(null),
        () -> new ChangeDetectionOptions(4, 6, 0.2, 0.05, Double.NaN, 0.8, 0.5, 0, Double.NaN,
            AicChangeTest.Form.STANDARD, true, null));
  }

  /** Remap-frequency options with a workload of this shape and the other components valid. */
  private static RemapFrequencyOptions remapFrequency(boolean known, double w, double[] mu, double[] sigma2,
      double[] capacity, int warmup, boolean pooled) {
    return new RemapFrequencyOptions(RemapFrequencyOptions.Form.DEVIATION, 1, MaxFactor.NORMAL_ASYMPTOTIC, known, w,
        mu, sigma2, capacity, warmup, pooled, true, RemapFrequencyOptions.Estimates.PAPER);
  }

  @Test
  void remapFrequencyOptionsCheckTheShapeOfTheirWorkload() {
    RemapFrequencyOptions d = RemapFrequencyOptions.defaults();
    double[] one = {1};
    double[] none = new double[0];
    rejects("mu.length = 1: needs at least 2 processors", () -> d.known(1, one, one, one),
        () -> remapFrequency(true, 1, one, one, one, 2, false));
    rejects("mu = -1.0: must be finite and >= 0", () -> d.known(1, -1, 0),
        () -> remapFrequency(true, 1, new double[] {-1}, new double[] {0}, none, 2, true));
    rejects("warmup = 1: must be an integer in [2, 1000000]", () -> d.estimated(1, true),
        () -> remapFrequency(false, Double.NaN, none, none, none, 1, true));
    // Only the constructor can describe a workload that is neither known nor estimated.
    assertThatThrownBy(() -> remapFrequency(false, 1, none, none, none, 2, true))
        .hasMessage("initialLoad = 1.0: an estimated workload has no initial load, mu, sigma2 or capacity");
    assertThatThrownBy(() -> remapFrequency(true, 1, new double[] {1, 2}, new double[] {1, 2}, none, 2, true))
        .hasMessage("mu.length = 2: a known homogeneous workload has one mu, one sigma2 and no capacity");
  }

  @Test
  void arrayComponentsAreComparedByContentAndCopiedInAndOut() {
    int[] grid = {2, 3};
    ScatterOptions scatter = ScatterOptions.defaults().withProcessorGrid(grid);
    grid[0] = 5;
    scatter.processorGrid()[1] = 7;
    assertThat(scatter.processorGrid()).containsExactly(2, 3);
    assertThat(scatter).isEqualTo(ScatterOptions.defaults().withProcessorGrid(2, 3))
        .hasSameHashCodeAs(ScatterOptions.defaults().withProcessorGrid(2, 3))
        .isNotEqualTo(ScatterOptions.defaults().withProcessorGrid(3, 2));
    assertThat(scatter.toString()).contains("processorGrid=[2, 3]");

    double[] mu = {1, 2};
    RemapFrequencyOptions known = RemapFrequencyOptions.defaults().known(1, mu, new double[] {0, 0},
        new double[] {1, 1});
    mu[0] = 9;
    known.mu()[1] = 9;
    assertThat(known.mu()).containsExactly(1, 2);
    RemapFrequencyOptions same = RemapFrequencyOptions.defaults().known(1, new double[] {1, 2}, new double[] {0, 0},
        new double[] {1, 1});
    assertThat(known).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo(RemapFrequencyOptions.defaults());
    assertThat(known.isKnown()).isTrue();
    assertThat(known.toString()).contains("mu=[1.0, 2.0]");
  }
}
