package org.amrbalance.triggers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.CompositePolicy;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

/**
 * A trigger saved at any step and restored into a fresh instance with the same options answers every later call
 * exactly as the original: the checkpoint of a run carries its trigger.
 */
class TriggerStateTest {
  private static final int RANKS = 4;
  private static final int STEPS = 240;

  /** Every trigger, in options that make it fire within a short trace. */
  private static Map<String, Supplier<RemapPolicy>> triggers() {
    Map<String, Supplier<RemapPolicy>> t = new LinkedHashMap<>();
    t.put("stop-at-rise", () -> new StopAtRise(StopAtRiseOptions.defaults().initialCost(0.5)));
    t.put("stop-at-rise, C from the first step", StopAtRise::new);
    t.put("change-detection", () -> new ChangeDetection(ChangeDetectionOptions.defaults().batchSize(2)
        .clusterSize(4).expectedSteps(STEPS)));
    t.put("change-detection, triggering-cluster base", () -> new ChangeDetection(ChangeDetectionOptions.defaults()
        .batchSize(3).clusterSize(3).trimOutliers(false).newBase(ChangeDetectionOptions.NewBase.TRIGGERING_CLUSTER)));
    t.put("remap-frequency, pooled", () -> new RemapFrequency(RemapFrequencyOptions.defaults().estimated(3, true)));
    t.put("remap-frequency, per rank, deviation", () -> new RemapFrequency(RemapFrequencyOptions.defaults()
        .tolerance(RemapFrequencyOptions.Form.DEVIATION, 0.5).estimated(4, false)));
    t.put("remap-frequency, known", () -> new RemapFrequency(RemapFrequencyOptions.defaults()
        .known(1.0, 0.02, 0.01)));
    t.put("adaptive", () -> new Adaptive(AdaptiveOptions.defaults().initialCost(0.5)));
    t.put("adaptive, horizon, one-step confirmation", () -> new Adaptive(AdaptiveOptions.defaults().steps(STEPS)
        .confirm(1)));
    t.put("adaptive, carried load model", () -> new Adaptive(AdaptiveOptions.defaults().initialCost(0.5)
        .loadModel(new org.amrbalance.triggers.loads.CarriedModel(1e-3, 1e-4, 1e-3, 4e-4, 50))));
    t.put("remap-frequency, paper estimates", () -> new RemapFrequency(RemapFrequencyOptions.defaults().paper()
        .estimated(3, true)));
    t.put("fixed-interval", () -> FixedInterval.every(7));
    t.put("never", NeverRemap::new);
    t.put("every-regrid", EveryRegrid::new);
    t.put("composite", () -> CompositePolicy.anyOf(new StopAtRise(StopAtRiseOptions.defaults().initialCost(2)),
        FixedInterval.every(11)));
    return t;
  }

  /** What the host does in one step: the times, and how it answers a remap request and a regrid. */
  private record Event(StepTimes times, boolean remapHappens, double cost, boolean regrid) {}

  private static List<Event> trace(long seed) {
    Random rnd = new Random(seed);
    List<Event> events = new ArrayList<>();
    double[] load = new double[RANKS];
    Arrays.fill(load, 1);
    for (int s = 0; s < STEPS; s++) {
      double[] t = new double[RANKS];
      for (int r = 0; r < RANKS; r++) {
        load[r] = Math.max(0.1, load[r] + 0.05 * rnd.nextGaussian() + (r == 0 ? 0.03 : 0));
        t[r] = load[r] * (1 + 0.02 * rnd.nextDouble()) * (rnd.nextInt(50) == 0 ? 20 : 1);
      }
      events.add(new Event(StepTimes.of(t), rnd.nextInt(5) != 0, 0.1 + rnd.nextDouble(), s % 9 == 8));
    }
    return events;
  }

  /** Feeds events [from, to) and returns a line per call: what the policy answered. */
  private static List<String> run(RemapPolicy p, List<Event> events, int from, int to) {
    List<String> said = new ArrayList<>();
    for (int s = from; s < to; s++) {
      Event e = events.get(s);
      RemapDecision d = p.onStep(e.times());
      said.add(s + ": " + d);
      if (d.shouldRemap()) {
        if (e.remapHappens()) {
          p.onRemap(e.cost());
        } else {
          p.onRemapSkipped();
        }
      }
      if (e.regrid()) {
        RemapDecision r = p.onRegrid();
        said.add(s + " regrid: " + r);
        if (r.shouldRemap()) {
          p.onRemap(e.cost());
        }
      }
    }
    return said;
  }

  @Test
  void aRestoredTriggerContinuesExactlyAsTheOriginal() {
    for (Map.Entry<String, Supplier<RemapPolicy>> t : triggers().entrySet()) {
      boolean everDiverged = false;
      int remaps = 0;
      for (long seed = 0; seed < 6; seed++) {
        List<Event> events = trace(seed);
        RemapPolicy whole = t.getValue().get();
        List<String> all = run(whole, events, 0, STEPS);
        remaps += (int) all.stream().filter(l -> l.contains("remap")).count();
        for (int split : new int[] {0, 1, 5, 37, 100, 173, STEPS - 1}) {
          RemapPolicy first = t.getValue().get();
          List<String> before = run(first, events, 0, split);
          byte[] saved = first.saveState();
          RemapPolicy restored = t.getValue().get();
          restored.restoreState(saved);
          assertThat(restored.saveState()).as(t.getKey() + " state read back").isEqualTo(saved);
          List<String> after = new ArrayList<>(before);
          after.addAll(run(restored, events, split, STEPS));
          assertThat(after).as(t.getKey() + " seed " + seed + " restored after step " + split).isEqualTo(all);
          assertThat(restored.saveState()).as(t.getKey() + " final state").isEqualTo(whole.saveState());

          RemapPolicy fresh = t.getValue().get();
          List<String> afresh = new ArrayList<>(before);
          afresh.addAll(run(fresh, events, split, STEPS));
          everDiverged |= !afresh.equals(all);
        }
      }
      boolean stateless = t.getKey().equals("never") || t.getKey().equals("every-regrid");
      assertThat(everDiverged).as(t.getKey() + ": starting afresh changes the decisions").isEqualTo(!stateless);
      if (!stateless) {
        assertThat(remaps).as(t.getKey() + " fires in the traces").isPositive();
      }
    }
  }

  @Test
  void aStateOfAnotherTriggerOrCutShortIsRefusedAndChangesNothing() {
    StopAtRise sar = new StopAtRise(StopAtRiseOptions.defaults().initialCost(1));
    run(sar, trace(3), 0, 20);
    byte[] sarState = sar.saveState();
    FixedInterval fixed = FixedInterval.every(5);
    run(fixed, trace(4), 0, 3);
    byte[] fixedBefore = fixed.saveState();
    assertThatThrownBy(() -> fixed.restoreState(sarState)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("written by trigger stop-at-rise, not fixed-interval");
    assertThat(fixed.saveState()).isEqualTo(fixedBefore);

    StopAtRise other = new StopAtRise();
    byte[] otherBefore = other.saveState();
    assertThatThrownBy(() -> other.restoreState(Arrays.copyOf(sarState, sarState.length - 3)))
        .hasMessageContaining("stop-at-rise state is cut short");
    assertThatThrownBy(() -> other.restoreState(Arrays.copyOf(sarState, sarState.length + 2)))
        .hasMessageContaining("2 bytes after its last field");
    assertThatThrownBy(() -> other.restoreState(new byte[] {1, 2, 3, 4, 5}))
        .hasMessageContaining("not a trigger state");
    assertThatThrownBy(() -> other.restoreState(new byte[0])).hasMessageContaining("state = 0 bytes");
    assertThat(other.saveState()).isEqualTo(otherBefore);
  }

  @Test
  void changeDetectionRefusesAStateOfOtherBatchSizes() {
    ChangeDetection a = new ChangeDetection(ChangeDetectionOptions.defaults().batchSize(2).clusterSize(4));
    run(a, trace(5), 0, 30);
    ChangeDetection b = new ChangeDetection(ChangeDetectionOptions.defaults().batchSize(3).clusterSize(4));
    assertThatThrownBy(() -> b.restoreState(a.saveState())).hasMessageContaining("other batch or cluster sizes");
  }

  @Test
  void aCompositeRestoresAllItsMembersOrNone() {
    CompositePolicy a = CompositePolicy.anyOf(new StopAtRise(), FixedInterval.every(3));
    run(a, trace(6), 0, 10);
    CompositePolicy wrongSecond = CompositePolicy.anyOf(new StopAtRise(), new StopAtRise());
    byte[] before = wrongSecond.saveState();
    assertThatThrownBy(() -> wrongSecond.restoreState(a.saveState())).hasMessageContaining("state of member 1")
        .hasMessageContaining("not stop-at-rise");
    assertThat(wrongSecond.saveState()).isEqualTo(before);
    CompositePolicy three = CompositePolicy.anyOf(new StopAtRise(), FixedInterval.every(3), new NeverRemap());
    assertThatThrownBy(() -> three.restoreState(a.saveState())).hasMessageContaining("holds 2 members");
  }

  @Test
  void theRankCountMayChangeOnlyAtARemap() {
    for (Supplier<RemapPolicy> t : triggers().values()) {
      RemapPolicy p = t.get();
      p.onStep(StepTimes.of(1, 2, 3));
      assertThatThrownBy(() -> p.onStep(StepTimes.of(1, 2))).hasMessageContaining("times.ranks() = 2");
      p.onRemap(0.1);
      p.onStep(StepTimes.of(1, 2)); // a restart on two ranks
      p.onStep(StepTimes.of(1.5, 2.5));
      assertThatThrownBy(() -> p.onStep(StepTimes.of(1, 2, 3))).hasMessageContaining("times.ranks() = 3");
    }
  }
}
