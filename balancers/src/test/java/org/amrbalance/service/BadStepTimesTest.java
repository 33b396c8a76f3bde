package org.amrbalance.service;

import org.amrbalance.service.ServiceOptions.BadStepTimes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.junit.jupiter.api.Test;

/**
 * Bad step times never corrupt a trigger: for every trigger on the classpath, a trace with bad steps run through
 * the service under SKIP, or under REJECT with every rejection caught, decides exactly as the same trace without
 * them.
 */
class BadStepTimesTest {
  private static final Hierarchy FOUR_TILES = Hierarchy.of(Box.ofSize(8, 8), new int[] {2}, List.of(
      Patch.of(0, 0, Box.of2d(0, 0, 3, 3)), Patch.of(1, 0, Box.of2d(4, 0, 7, 3)),
      Patch.of(2, 0, Box.of2d(0, 4, 3, 7)), Patch.of(3, 0, Box.of2d(4, 4, 7, 7))));
  private static final int RANKS = 4;
  private static final int GOOD_STEPS = 240;
  private static final int REGRID_EVERY = 40;

  /** Options that make each trigger fire within {@link #GOOD_STEPS} steps of the drifting trace. */
  private static final Map<String, Map<String, String>> SMALL = Map.of(
      "stop-at-rise", Map.of("initial-cost", "0.2"),
      "change-detection", Map.of("batch-size", "2", "cluster-size", "3", "initial-cost", "0.01"),
      "remap-frequency", Map.of("warmup", "4"),
      "fixed-interval", Map.of("m", "7"));
  /** Triggers that must remap at least once after the first placement on the trace (so the comparison bites). */
  private static final List<String> FIRING =
      List.of("stop-at-rise", "change-detection", "remap-frequency", "fixed-interval", "every-regrid");

  /** One entry of a trace: a step's raw seconds, or a regrid (null). */
  private record Entry(double[] seconds, String expected) {
    static final Entry REGRID = new Entry(null, "");

    boolean regrid() {
      return seconds == null;
    }

    boolean bad() {
      return !expected.isEmpty();
    }
  }

  /** What a run decided, in order, as the listeners and the host saw it; bad steps leave no trace here. */
  private static final class Seen implements BalancingListener {
    final List<String> decisions = new ArrayList<>();
    final List<Long> skippedAt = new ArrayList<>();
    final List<String> skippedWhy = new ArrayList<>();

    @Override
    public void onDecision(long step, RemapDecision decision) {
      decisions.add(decision.toString());
    }

    @Override
    public void onRemapMeasured(RemapEvent e) {
      decisions.add("measured " + e.reason() + " gain " + e.measuredGain() + " cost " + e.cost());
    }

    @Override
    public void onRemapSkipped(long step, String why) {
      decisions.add("remap skipped: " + why);
    }

    @Override
    public void onStepSkipped(long step, String why) {
      skippedAt.add(step);
      skippedWhy.add(why);
    }
  }

  /** Good steps: rank 0 drifts in a sawtooth and jumps for a while; every rank has seeded noise. */
  private static List<Entry> goodTrace(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    List<Entry> out = new ArrayList<>();
    for (int t = 1; t <= GOOD_STEPS; t++) {
      double[] x = new double[RANKS];
      for (int r = 0; r < RANKS; r++) {
        x[r] = 1 + 0.1 * rng.nextDouble();
      }
      x[0] += (t % 60) / 15.0 + (t >= 130 && t < 170 ? 2 : 0);
      out.add(new Entry(x, ""));
      if (t % REGRID_EVERY == 0) {
        out.add(Entry.REGRID);
      }
    }
    return out;
  }

  /** The good trace with bad steps inserted at seeded places: each kind at least twice, some back to back. */
  private static List<Entry> withBadSteps(List<Entry> good, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    List<Entry> out = new ArrayList<>(good);
    for (int i = 0; i < 16; i++) {
      int rank = rng.nextInt(RANKS);
      double[] x = new double[RANKS];
      for (int r = 0; r < RANKS; r++) {
        x[r] = 1 + rng.nextDouble();
      }
      Entry bad = switch (i % 5) {
        case 0 -> { x[rank] = Double.NaN; yield new Entry(x, "times[" + rank + "] = NaN"); }
        case 1 -> { x[rank] = -1; yield new Entry(x, "times[" + rank + "] = -1.0"); }
        case 2 -> { x[rank] = Double.POSITIVE_INFINITY; yield new Entry(x, "times[" + rank + "] = Infinity"); }
        case 3 -> new Entry(java.util.Arrays.copyOf(x, RANKS - 1), "times.length = 3");
        default -> new Entry(java.util.Arrays.copyOf(x, RANKS + 1), "times.length = 5");
      };
      int at = i < 2 ? i : rng.nextInt(out.size() + 1); // two bad steps before the first good one
      out.add(at, bad);
      if (i % 4 == 3) {
        out.add(at, bad); // and some back to back
      }
    }
    return out;
  }

  private static Injector injector(String trigger, BadStepTimes mode, Map<String, String> triggerOptions) {
    Map<String, String> p = new HashMap<>();
    p.put(BalancingModules.BALANCER, "round-robin");
    p.put(BalancingModules.TRIGGER, trigger);
    p.put("amrbalance.service.log", "false");
    p.put("amrbalance.service.bad-step-times", mode.name().toLowerCase(java.util.Locale.ROOT));
    triggerOptions.forEach((k, v) -> p.put("amrbalance." + trigger + "." + k, v));
    return Guice.createInjector(BalancingModules.fromMap(p));
  }

  /** A service built from configuration, with a clock that stands still so that two runs feed the same costs. */
  private static BalancingService service(Injector injector, Seen record) {
    BalancingService s = new BalancingService(injector.getInstance(LoadBalancer.class), new InheritingPlacement(),
        injector.getProvider(RemapPolicy.class)::get, injector.getInstance(ServiceOptions.class), () -> 0L);
    s.addListener(record);
    s.attach(new FakeHost(FOUR_TILES, Machine.fullyConnected(RANKS), 0.05));
    s.regridded();
    return s;
  }

  private static Seen run(String trigger, BadStepTimes mode, List<Entry> trace) {
    Injector injector = injector(trigger, mode, SMALL.getOrDefault(trigger, Map.of()));
    assertThat(injector.getInstance(ServiceOptions.class).badStepTimes()).isEqualTo(mode);
    Seen record = new Seen();
    BalancingService s = service(injector, record);
    long badSeen = 0;
    for (Entry e : trace) {
      if (e.regrid()) {
        s.regridded();
        continue;
      }
      if (!e.bad()) {
        s.stepped(e.seconds());
        continue;
      }
      badSeen++;
      long before = s.steps();
      int decisions = record.decisions.size();
      String stepPrefix = "step " + (before + 1) + ": ";
      if (mode == BadStepTimes.REJECT) {
        assertThatThrownBy(() -> s.stepped(e.seconds())).as(trigger)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith(stepPrefix)
            .hasMessageContaining(e.expected());
        assertThat(s.steps()).isEqualTo(before);
        assertThat(s.skippedSteps()).isZero();
      } else {
        RemapDecision d = s.stepped(e.seconds()).decision();
        assertThat(d.shouldRemap()).isFalse();
        assertThat(d.reason()).startsWith("bad step times skipped: " + stepPrefix).contains(e.expected());
        assertThat(s.steps()).isEqualTo(before + 1);
        assertThat(s.skippedSteps()).isEqualTo(badSeen);
        assertThat(record.skippedAt).last().isEqualTo(before + 1);
        assertThat(record.skippedWhy).last().asString().startsWith(stepPrefix).contains(e.expected());
      }
      assertThat(record.decisions).as("a bad step is not a decision of the trigger").hasSize(decisions);
    }
    if (mode == BadStepTimes.SKIP) {
      assertThat(s.skippedSteps()).isEqualTo(badSeen);
      assertThat(s.steps()).isEqualTo(trace.stream().filter(e -> !e.regrid()).count());
    }
    record.decisions.add("remaps " + s.remaps());
    return record;
  }

  @Test
  void everyTriggerDecidesOnTheGoodStepsAsIfTheBadOnesWereNeverThere() {
    TreeSet<String> names = new TreeSet<>(BalancingModules.triggerNames());
    assertThat(names).containsAll(FIRING).contains("never");
    List<String> differ = new ArrayList<>();
    for (long seed = 0; seed < 3; seed++) {
      List<Entry> good = goodTrace(seed);
      List<Entry> mixed = withBadSteps(good, 100 + seed);
      assertThat(mixed.stream().filter(Entry::bad).count()).isEqualTo(20);
      for (String name : names) {
        Seen clean = run(name, BadStepTimes.REJECT, good);
        long remaps = clean.decisions.stream().filter(d -> d.startsWith("remap (")).count();
        if (FIRING.contains(name)) {
          assertThat(remaps).as("%s fires on the trace, seed %d", name, seed).isGreaterThan(1);
        }
        Seen skipped = run(name, BadStepTimes.SKIP, mixed);
        assertThat(skipped.skippedAt).hasSize(20);
        if (!skipped.decisions.equals(clean.decisions)) {
          differ.add(name + " under skip, seed " + seed);
        }
        Seen rejected = run(name, BadStepTimes.REJECT, mixed);
        assertThat(rejected.skippedAt).isEmpty();
        if (!rejected.decisions.equals(clean.decisions)) {
          differ.add(name + " under reject, seed " + seed);
        }
        if (seed == 0) {
          System.out.printf("bad step times: %s remapped %d times (first placement included) on %d good steps;"
              + " 20 bad steps changed nothing%n", name, remaps, GOOD_STEPS);
        }
      }
    }
    assertThat(differ).as("runs whose decisions the bad steps changed").isEmpty();
  }

  @Test
  void withoutTheGateABadStepWouldHaveChangedTheDecisions() {
    // The comparison above can fail: a trace whose extra steps are merely unusual (not bad) decides otherwise.
    List<Entry> good = goodTrace(0);
    List<Entry> extra = new ArrayList<>();
    for (Entry e : withBadSteps(good, 100)) {
      if (e.bad() && e.seconds().length == RANKS) {
        double[] x = e.seconds().clone();
        for (int r = 0; r < RANKS; r++) {
          x[r] = Double.isFinite(x[r]) && x[r] >= 0 ? x[r] : 50;
        }
        extra.add(new Entry(x, ""));
      } else if (!e.bad()) {
        extra.add(e);
      }
    }
    for (String name : List.of("stop-at-rise", "change-detection", "fixed-interval")) {
      assertThat(run(name, BadStepTimes.SKIP, extra).decisions).as(name)
          .isNotEqualTo(run(name, BadStepTimes.SKIP, good).decisions);
    }
  }

  @Test
  void aSingleHundredfoldSlowerStepDoesNotFireChangeDetectionThroughTheService() {
    for (int outlier = 1; outlier <= 240; outlier += 13) {
      for (boolean allRanks : new boolean[] {false, true}) {
        BalancingService s = service(injector("change-detection", BadStepTimes.REJECT, Map.of("initial-cost", "1")),
            new Seen());
        for (double[] x : periodic(600, outlier, allRanks)) {
          s.stepped(x);
        }
        assertThat(s.remaps()).as("outlier at step %d, all ranks %s", outlier, allRanks).isEqualTo(1);
      }
    }
    // The same trace fires once outlier trimming is off, so the assertion above can fail.
    BalancingService untrimmed = service(injector("change-detection", BadStepTimes.REJECT,
        Map.of("initial-cost", "1", "trim-outliers", "false")), new Seen());
    for (double[] x : periodic(600, 10, false)) {
      untrimmed.stepped(x);
    }
    assertThat(untrimmed.remaps()).isGreaterThan(1);
  }

  /** Four ranks, rank 0 periodic over one cluster of the default change detection (24 steps), one outlier step. */
  private static List<double[]> periodic(int steps, int outlierStep, boolean allRanks) {
    List<double[]> out = new ArrayList<>();
    for (int t = 1; t <= steps; t++) {
      double[] x = {1 + 0.05 * ((t * 7) % 24) / 24.0, 1, 1.02, 1.01};
      if (t == outlierStep) {
        for (int r = 0; r < (allRanks ? RANKS : 1); r++) {
          x[r] *= 100;
        }
      }
      out.add(x);
    }
    return out;
  }

  @Test
  void aBadStepAfterARemapDoesNotEnterItsMeasuredGain() {
    ScriptedPolicy policy = new ScriptedPolicy(2);
    BalancingService s = new BalancingService(new org.amrbalance.balancers.baselines.RoundRobinBalancer(),
        new InheritingPlacement(), () -> policy, ServiceOptions.defaults().withLog(false).withBadStepTimes(BadStepTimes.SKIP), () -> 0L);
    List<RemapEvent> measured = new ArrayList<>();
    s.addListener(new BalancingListener() {
      @Override
      public void onRemapMeasured(RemapEvent event) {
        measured.add(event);
      }
    });
    FakeHost host = new FakeHost(FOUR_TILES, Machine.fullyConnected(RANKS), 0);
    s.attach(host);
    s.regridded();
    host.current = org.amrbalance.spi.Assignment.wholeGrids(FOUR_TILES, RANKS, id -> 0);
    s.stepped(new double[] {4, 0, 0, 0});
    assertThat(s.stepped(new double[] {4, 0, 0, 0}).shouldRemap()).isTrue();
    s.stepped(new double[] {1, 1, Double.NaN, 1});
    s.stepped(new double[] {1, 1, 1});
    assertThat(measured).hasSize(1); // the first placement only: the bad steps measured nothing
    s.stepped(new double[] {1, 1, 1, 1});
    assertThat(measured).hasSize(2);
    assertThat(measured.get(1).measuredGain()).isEqualTo(3.0); // T_max 4 before, 1 on the next good step
    assertThat(policy.steps).isEqualTo(3);
    assertThat(s.steps()).isEqualTo(5);
    assertThat(s.skippedSteps()).isEqualTo(2);
  }

  @Test
  void theLoggingListenerWarnsOfEachSkippedStep() {
    List<String> lines = new ArrayList<>();
    System.Logger logger = new System.Logger() {
      @Override
      public String getName() {
        return "test";
      }

      @Override
      public boolean isLoggable(Level level) {
        return true;
      }

      @Override
      public void log(Level level, java.util.ResourceBundle bundle, String msg, Throwable thrown) {
        lines.add(level + " " + msg);
      }

      @Override
      public void log(Level level, java.util.ResourceBundle bundle, String format, Object... params) {
        lines.add(level + " " + format);
      }
    };
    Injector injector = injector("never", BadStepTimes.SKIP, Map.of());
    BalancingService s = service(injector, new Seen());
    s.addListener(new LoggingListener(logger));
    s.stepped(new double[] {1, 1, 1, 1});
    s.stepped(new double[] {1, Double.NaN, 1, 1});
    assertThat(lines).hasSize(2).filteredOn(l -> l.startsWith("WARNING")).containsExactly(
        "WARNING bad step times skipped: step 2: times[1] = NaN: must be finite and >= 0 (NaN marks a missing rank)");
  }

  @Test
  void rejectIsTheDefaultAndStepTimesOfTheWrongRankCountAreBadStepTimesToo() {
    assertThat(ServiceOptions.defaults().badStepTimes()).isEqualTo(BadStepTimes.REJECT);
    BalancingService reject = service(injector("never", BadStepTimes.REJECT, Map.of()), new Seen());
    assertThatThrownBy(() -> reject.stepped(org.amrbalance.spi.StepTimes.of(1, 1, 1)))
        .hasMessage("step 1: times.ranks = 3: the machine has 4 ranks (a rank is missing)");
    BalancingService skip = service(injector("never", BadStepTimes.SKIP, Map.of()), new Seen());
    assertThat(skip.stepped(org.amrbalance.spi.StepTimes.of(1, 1, 1)).reason())
        .isEqualTo("bad step times skipped: step 1: times.ranks = 3: the machine has 4 ranks (a rank is missing)");
    assertThat(skip.skippedSteps()).isEqualTo(1);
    skip.attach(new FakeHost(FOUR_TILES, Machine.fullyConnected(RANKS), 0));
    assertThat(skip.skippedSteps()).as("a new run starts the count afresh").isZero();
  }
}
