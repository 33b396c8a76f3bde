package org.amrbalance.service;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.balancers.baselines.RoundRobinBalancer;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

class BalancingServiceTest {
  private static final Hierarchy FOUR_TILES = Hierarchy.of(Box.ofSize(8, 8), new int[] {2}, List.of(
      Patch.of(0, 0, Box.of2d(0, 0, 3, 3)), Patch.of(1, 0, Box.of2d(4, 0, 7, 3)),
      Patch.of(2, 0, Box.of2d(0, 4, 3, 7)), Patch.of(3, 0, Box.of2d(4, 4, 7, 7))));

  private final List<RemapEvent> remaps = new ArrayList<>();
  private final List<RemapEvent> measured = new ArrayList<>();
  private final List<String> skips = new ArrayList<>();

  private BalancingService service(ScriptedPolicy policy, ServiceOptions options) {
    BalancingService s = new BalancingService(new RoundRobinBalancer(), new InheritingPlacement(), () -> policy,
        options.withLog(false));
    s.addListener(new BalancingListener() {
      @Override
      public void onRemap(RemapEvent event) {
        remaps.add(event);
      }

      @Override
      public void onRemapMeasured(RemapEvent event) {
        measured.add(event);
      }

      @Override
      public void onRemapSkipped(long step, String why) {
        skips.add(why);
      }
    });
    return s;
  }

  @Test
  void firstRegridPlacesWithTheBalancerAndLaterStepsRemapWhenTheTriggerFires() {
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5);
    ScriptedPolicy policy = new ScriptedPolicy(2);
    BalancingService s = service(policy, ServiceOptions.defaults());
    s.attach(host);
    Assignment first = s.regridded().assignment();
    assertThat(first.rankOf(3)).isEqualTo(3);
    assertThat(host.plans).hasSize(1);
    assertThat(host.plans.get(0).isEmpty()).isTrue(); // nothing existed before
    assertThat(s.lastReport()).get().extracting(r -> r.efficiency()).isEqualTo(1.0);

    host.current = Assignment.wholeGrids(FOUR_TILES, 4, id -> 0); // the host's grids drifted onto rank 0
    assertThat(s.stepped(StepTimes.of(4, 0, 0, 0)).shouldRemap()).isFalse();
    assertThat(s.stepped(StepTimes.of(4, 0, 0, 0)).shouldRemap()).isTrue();
    assertThat(host.plans).hasSize(2);
    assertThat(host.plans.get(1).transfers()).hasSize(3);
    assertThat(policy.costs).hasSize(2); // the first placement counts as a remap for the trigger too
    assertThat(policy.costs.get(1)).isGreaterThanOrEqualTo(0.5);
    // The first placement had no step before it: its gain cannot be measured.
    assertThat(measured).hasSize(1);
    assertThat(measured.get(0).measuredGain()).isNaN();
    s.stepped(StepTimes.of(1, 1, 1, 1));
    assertThat(measured).hasSize(2);
    RemapEvent remap = measured.get(1);
    assertThat(remap.measuredGain()).isCloseTo(3, within(1e-12));
    assertThat(remap.imbalanceBefore()).isCloseTo(4, within(1e-12));
    assertThat(remap.imbalanceAfter()).isCloseTo(1, within(1e-12));
    assertThat(LoggingListener.format(remap)).contains("step 2", "scripted at step 2", "measured gain 3.00 s per step",
        "imbalance 4.00 -> 1.00", "moved 3 pieces").doesNotContain("NaN");
    assertThat(LoggingListener.format(measured.get(0))).contains("gain not measured (no step before it)")
        .doesNotContain("NaN");
    assertThat(s.remaps()).isEqualTo(2);
  }

  @Test
  void eachCallSaysWhatHappenedAndEachRemapItsCause() {
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5);
    ScriptedPolicy policy = new ScriptedPolicy(2);
    BalancingService s = service(policy, ServiceOptions.defaults());
    s.attach(host);
    BalancingService.Outcome first = s.regridded();
    assertThat(first.remapped()).isTrue();
    assertThat(first.plan()).isSameAs(host.plans.get(0));
    assertThat(first.report()).isSameAs(s.lastReport().orElseThrow());

    // A kept step moves nothing and reports the assignment in force as measured when it came into force.
    BalancingService.Outcome kept = s.stepped(StepTimes.of(1, 1, 1, 1));
    assertThat(kept.shouldRemap()).isFalse();
    assertThat(kept.plan()).isNull();
    assertThat(kept.remapped()).isFalse();
    assertThat(kept.report()).isSameAs(first.report());
    assertThat(kept.assignment()).isSameAs(first.assignment());

    host.current = Assignment.wholeGrids(FOUR_TILES, 4, id -> 0);
    BalancingService.Outcome fired = s.stepped(StepTimes.of(4, 0, 0, 0));
    assertThat(fired.remapped()).isTrue();
    assertThat(fired.plan()).isSameAs(host.plans.get(1));
    assertThat(fired.report()).isSameAs(remaps.get(1).after());
    assertThat(fired.assignment()).isSameAs(fired.plan().target());

    policy.remapOnRegrid = true;
    BalancingService.Outcome regrid = s.regridded();
    assertThat(regrid.remapped()).isTrue();
    assertThat(remaps).extracting(RemapEvent::cause).containsExactly(RemapEvent.Cause.FIRST_PLACEMENT,
        RemapEvent.Cause.STEP, RemapEvent.Cause.REGRID);
    // The replaced assignment was measured once, when it came into force: its report is the "before" of the next.
    assertThat(remaps.get(2).before()).isSameAs(fired.report());
  }

  @Test
  void regridWithoutARemapKeepsDataWhereItIs() {
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0);
    BalancingService s = service(new ScriptedPolicy(), ServiceOptions.defaults());
    s.attach(host);
    s.regridded();
    host.hierarchy = Hierarchy.of(Box.ofSize(8, 8), new int[] {2}, List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 3, 3)), Patch.of(1, 0, Box.of2d(4, 0, 7, 3)),
        Patch.of(2, 0, Box.of2d(0, 4, 3, 7)), Patch.of(3, 0, Box.of2d(4, 4, 7, 7)),
        Patch.of(9, 1, Box.of2d(10, 10, 13, 13))));
    Assignment placed = s.regridded().assignment();
    // With its parent, patch 3: alone on its level, no other rank would carry it with less load.
    assertThat(placed.rankOf(9)).isEqualTo(3);
    for (int id = 0; id < 4; id++) {
      assertThat(placed.rankOf(id)).isEqualTo(id);
    }
    assertThat(host.plans.get(1).isEmpty()).isTrue();
    assertThat(s.remaps()).isEqualTo(1);
  }

  @Test
  void twoStageVetoesARemapThatCannotPayForItself() {
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5);
    ScriptedPolicy policy = new ScriptedPolicy(1, 2);
    BalancingService s = service(policy, ServiceOptions.defaults().withTwoStage(true).withHorizon(5));
    s.attach(host);
    s.regridded();
    // Already balanced: the balancer cannot improve, so the predicted gain 0 does not pay any cost.
    s.stepped(StepTimes.of(1, 1, 1, 1));
    assertThat(policy.skipped).isEqualTo(1);
    assertThat(skips.get(0)).contains("two-stage", "over 5 steps");
    assertThat(host.plans).hasSize(1);
    // Imbalanced: moving 3 of 4 tiles off rank 0 gains (4 - 1) per step x 5 steps, which pays.
    host.current = Assignment.wholeGrids(FOUR_TILES, 4, id -> 0);
    s.stepped(StepTimes.of(4, 0, 0, 0));
    assertThat(host.plans).hasSize(2);
    assertThat(policy.costs).hasSize(2);
  }

  @Test
  void aFailedMigrationTellsTheTriggerAndKeepsTheOldAssignment() {
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5);
    ScriptedPolicy policy = new ScriptedPolicy(1);
    BalancingService s = service(policy, ServiceOptions.defaults());
    s.attach(host);
    s.regridded();
    Assignment before = host.current = Assignment.wholeGrids(FOUR_TILES, 4, id -> 0);
    host.failNextMigration = true;
    assertThatThrownBy(() -> s.stepped(StepTimes.of(4, 0, 0, 0))).hasMessageContaining("piece lost");
    assertThat(policy.skipped).isEqualTo(1);
    assertThat(skips.get(0)).contains("migration failed");
    assertThat(host.current).isSameAs(before);
  }

  @Test
  void misuseIsReportedClearly() {
    BalancingService s = service(new ScriptedPolicy(), ServiceOptions.defaults());
    assertThatThrownBy(() -> s.stepped(StepTimes.of(1))).hasMessageContaining("attach");
    s.attach(new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0));
    assertThatThrownBy(() -> s.stepped(StepTimes.of(1, 1))).hasMessageContaining("times.ranks = 2");
    assertThatThrownBy(() -> ServiceOptions.defaults().withHorizon(0)).hasMessageContaining("horizon = 0");
  }

  @Test
  void theServiceHandsOverWhatItsTriggerLearnedForALaterRun() {
    BalancingService s = new BalancingService(new RoundRobinBalancer(), new InheritingPlacement(),
        RemapPolicies::adaptive, ServiceOptions.defaults().withLog(false));
    assertThat(s.learnedOptions()).isEmpty();
    s.attach(new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5));
    s.regridded();
    java.util.Random rnd = new java.util.Random(1);
    for (int i = 0; i < 7; i++) {
      s.stepped(StepTimes.of(1 + 0.1 * rnd.nextGaussian(), 1, 1, 1));
    }
    assertThat(s.learnedOptions()).isEmpty(); // no model before the first fit, at step 8
    s.stepped(StepTimes.of(1.2, 1, 1, 1));
    assertThat(s.learnedOptions()).containsOnlyKeys("load-model");
    // A later run configured with it starts from the model.
    assertThat(RemapPolicies.factory("adaptive", s.learnedOptions()).get().learnedOptions())
        .isEqualTo(s.learnedOptions());
  }

  @Test
  void aRestoredServiceDecidesAsTheSavedOneWouldHave() {
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5);
    BalancingService a = new BalancingService(new RoundRobinBalancer(), new InheritingPlacement(),
        () -> org.amrbalance.triggers.RemapPolicies.fixedInterval(3), ServiceOptions.defaults().withLog(false));
    a.attach(host);
    a.regridded();
    StepTimes t = StepTimes.of(2, 1, 1, 1);
    for (int i = 0; i < 5; i++) {
      a.stepped(t); // the first placement and a remap after step 3: two steps since
    }
    byte[] saved = a.saveState();

    FakeHost same = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5);
    same.current = host.current;
    BalancingService b = new BalancingService(new RoundRobinBalancer(), new InheritingPlacement(),
        () -> org.amrbalance.triggers.RemapPolicies.fixedInterval(3), ServiceOptions.defaults().withLog(false));
    b.attach(same);
    b.restoreState(saved);
    assertThat(b.steps()).isEqualTo(5);
    assertThat(b.remaps()).isEqualTo(a.remaps());
    for (int i = 0; i < 7; i++) {
      assertThat(b.stepped(t).decision()).as("step " + (6 + i)).isEqualTo(a.stepped(t).decision());
    }
    assertThat(b.remaps()).isEqualTo(a.remaps()); // the costs differ: they are measured times
    assertThat(a.remaps()).isEqualTo(5); // the first placement, then after steps 3, 6, 9 and 12

    // On two ranks the grids were placed anew: the trigger counts from the restart.
    FakeHost two = new FakeHost(FOUR_TILES, Machine.fullyConnected(2), 0.5);
    two.current = Assignment.wholeGrids(FOUR_TILES, 2, id -> id % 2);
    BalancingService c = new BalancingService(new RoundRobinBalancer(), new InheritingPlacement(),
        () -> org.amrbalance.triggers.RemapPolicies.fixedInterval(3), ServiceOptions.defaults().withLog(false));
    c.attach(two);
    c.restoreState(saved);
    List<Boolean> fired = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      fired.add(c.stepped(StepTimes.of(1, 1)).shouldRemap());
    }
    assertThat(fired).containsExactly(false, false, true);
  }

  @Test
  void aStateOfAnotherTriggerIsRefusedAndChangesNothing() {
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5);
    BalancingService a = new BalancingService(new RoundRobinBalancer(), new InheritingPlacement(),
        () -> org.amrbalance.triggers.RemapPolicies.stopAtRise(org.amrbalance.triggers.StopAtRiseOptions.defaults()),
        ServiceOptions.defaults().withLog(false));
    a.attach(host);
    a.regridded();
    a.stepped(StepTimes.of(2, 1, 1, 1));
    BalancingService b = new BalancingService(new RoundRobinBalancer(), new InheritingPlacement(),
        () -> org.amrbalance.triggers.RemapPolicies.fixedInterval(3), ServiceOptions.defaults().withLog(false));
    b.attach(host);
    assertThatThrownBy(() -> b.restoreState(a.saveState())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("written by trigger stop-at-rise, not fixed-interval");
    assertThat(b.steps()).isZero();
    assertThatThrownBy(() -> b.restoreState(new byte[] {0, 1})).hasMessageContaining("cut short");
    assertThatThrownBy(() -> new BalancingService(new RoundRobinBalancer(), new InheritingPlacement(), ScriptedPolicy::new,
        ServiceOptions.defaults()).saveState()).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theTriggerLearnsTheCostTheHostAgreesOn() {
    List<Double> told = new ArrayList<>();
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5) {
      @Override
      public double agreedCost(double localSeconds) {
        assertThat(localSeconds).isGreaterThanOrEqualTo(0.5); // balancing plus the migration's 0.5
        return 7.0; // what the slowest rank of a distributed host measured
      }
    };
    ScriptedPolicy policy = new ScriptedPolicy(1) {
      @Override
      public void onRemap(double measuredCost) {
        super.onRemap(measuredCost);
        told.add(measuredCost);
      }
    };
    BalancingService s = service(policy, ServiceOptions.defaults());
    s.attach(host);
    s.regridded();
    s.stepped(StepTimes.of(4, 0, 0, 0));
    assertThat(told).containsExactly(7.0, 7.0);
    assertThat(remaps).extracting(RemapEvent::cost).containsExactly(7.0, 7.0);
  }

  /** Counts its calls and places like the one it wraps. */
  private static final class Counting implements LoadBalancer {
    private final LoadBalancer inner;
    int calls;

    Counting(LoadBalancer inner) {
      this.inner = inner;
    }

    @Override
    public Assignment balance(BalanceProblem problem) {
      calls++;
      return inner.balance(problem);
    }
  }

  @Test
  void aRemapBuildsOnePlanThatTheReportMeasuresAndTheHostExecutesAndAgreesItsCostOnce() {
    int[] agreements = {0};
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0.5) {
      @Override
      public double agreedCost(double localSeconds) {
        agreements[0]++;
        return localSeconds;
      }
    };
    BalancingService s = service(new ScriptedPolicy(1, 3), ServiceOptions.defaults());
    s.attach(host);
    s.regridded();
    host.current = Assignment.wholeGrids(FOUR_TILES, 4, id -> 0);
    s.stepped(StepTimes.of(4, 0, 0, 0));
    host.current = Assignment.wholeGrids(FOUR_TILES, 4, id -> id == 3 ? 0 : id);
    s.stepped(StepTimes.of(2, 1, 1, 0));
    s.stepped(StepTimes.of(2, 1, 1, 0));
    assertThat(remaps).hasSize(3);
    assertThat(host.plans).hasSize(3);
    assertThat(agreements[0]).isEqualTo(3);
    for (int k = 0; k < 3; k++) {
      RemapEvent e = remaps.get(k);
      assertThat(e.plan()).as("remap %d: the plan the host executed", k).isSameAs(host.plans.get(k));
      assertThat(e.after().migratedPieces()).isEqualTo(e.plan().transfers().size());
      assertThat(e.after().migratedBytes()).isEqualTo(e.plan().bytes());
    }
    assertThat(remaps.get(1).plan().transfers()).hasSize(3);
    assertThat(remaps.get(2).plan().transfers()).hasSize(1);
  }

  @Test
  void gridsTheServicePlacedAtARegridAreNotPlacedOrMovedAgain() {
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0);
    Counting balancer = new Counting(new RoundRobinBalancer());
    Counting placement = new Counting(new InheritingPlacement());
    BalancingService s = new BalancingService(balancer, placement, ScriptedPolicy::new,
        ServiceOptions.defaults().withLog(false));
    s.attach(host);
    // The host builds its first hierarchy: the balancer places it.
    host.current = s.place(FOUR_TILES);
    assertThat(balancer.calls).isEqualTo(1);
    assertThat(placement.calls).isZero();
    s.regridded();
    assertThat(host.plans).isEmpty();
    Hierarchy refined = Hierarchy.of(Box.ofSize(8, 8), new int[] {2}, List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 3, 3)), Patch.of(1, 0, Box.of2d(4, 0, 7, 3)),
        Patch.of(2, 0, Box.of2d(0, 4, 3, 7)), Patch.of(3, 0, Box.of2d(4, 4, 7, 7)),
        Patch.of(9, 1, Box.of2d(10, 10, 13, 13))));
    // A regrid: the host has the new level placed, installs it, then tells the service.
    Assignment placed = s.place(refined);
    host.hierarchy = refined;
    host.current = placed;
    assertThat(s.regridded().assignment()).isSameAs(placed);
    assertThat(placement.calls).isEqualTo(1);
    assertThat(balancer.calls).isEqualTo(1);
    assertThat(host.plans).as("nothing migrates: the new grids were placed where their data is").isEmpty();
    assertThat(s.lastReport()).get().extracting(r -> r.pieces()).isEqualTo(5);
  }

  @Test
  void theLastStepIsValidatedAndCountedButNeverDecided() {
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(4), 0);
    ScriptedPolicy policy = new ScriptedPolicy(1);
    List<StepTimes> seen = new ArrayList<>();
    BalancingService s = service(policy, ServiceOptions.defaults());
    s.addListener(new BalancingListener() {
      @Override
      public void onStep(long step, StepTimes times) {
        seen.add(times);
      }
    });
    s.attach(host);
    s.regridded();
    assertThatThrownBy(() -> s.lastStep(new double[] {1, Double.NaN, 1, 1}))
        .hasMessageContaining("step 1: times[1] = NaN");
    assertThat(s.lastStep(new double[] {4, 0, 0, 0})).get().extracting(StepTimes::max).isEqualTo(4.0);
    assertThat(policy.steps).as("the trigger is not asked after the last step").isZero();
    assertThat(s.steps()).isEqualTo(1);
    assertThat(seen).hasSize(1);
    assertThat(host.plans).hasSize(1);
  }
}
