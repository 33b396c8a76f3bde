package org.amrbalance.experiments.bench;

import com.google.inject.Guice;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/**
 * What a trigger keeps, per rank: each trigger by name runs {@link #STEPS} steps of drifting loads on 1,024 and
 * 65,536 ranks (remapping when it asks, at a cost of half a step), then the live heap it holds is measured as the
 * difference of the heap after a full collection with and without it, and its saved state's length is read. The
 * step times are made step by step and not kept, and a run on 16 ranks first loads the classes, tables and caches
 * that every instance shares, so the heap difference is the trigger's own.
 *
 * <p>{@code java -cp experiments/target/amrbalance.jar org.amrbalance.experiments.bench.TriggerMemory [TRIGGER...]}
 * prints a Markdown table (default: adaptive, stop-at-rise, change-detection, remap-frequency).
 */
public final class TriggerMemory {
  static final int STEPS = 600;
  static final List<Integer> RANKS = List.of(1024, 65536);

  private TriggerMemory() {}

  /** The trigger after {@link #STEPS} steps on {@code ranks} ranks. */
  static RemapPolicy exercised(String trigger, int ranks) {
    RemapPolicy policy = Guice.createInjector(BalancingModules.triggerModule(trigger, Map.of()))
        .getInstance(RemapPolicy.class);
    SplittableRandom rnd = new SplittableRandom(BenchSettings.SEED);
    double[] load = new double[ranks];
    java.util.Arrays.fill(load, 1);
    for (int s = 0; s < STEPS; s++) {
      TriggerStepBenchmark.drift(load, rnd);
      double[] t = new double[ranks];
      for (int r = 0; r < ranks; r++) {
        t[r] = load[r] * (1 + 0.05 * rnd.nextGaussian());
      }
      if (policy.onStep(StepTimes.of(t)).shouldRemap()) {
        policy.onRemap(0.5);
        java.util.Arrays.fill(load, 1);
      }
    }
    return policy;
  }

  public static void main(String[] args) {
    List<String> triggers = args.length > 0 ? List.of(args)
        : List.of("adaptive", "stop-at-rise", "change-detection", "remap-frequency");
    System.out.printf(Locale.ROOT, "| trigger | ranks | live heap (bytes) | bytes per rank | saved state (bytes) |%n");
    System.out.printf(Locale.ROOT, "|---|---|---|---|---|%n");
    for (String trigger : triggers) {
      exercised(trigger, 16); // classes, tables and caches loaded once are not the trigger's state
      for (int ranks : RANKS) {
        long before = liveHeap();
        RemapPolicy policy = exercised(trigger, ranks);
        long with = liveHeap();
        int state = policy.saveState().length;
        System.out.printf(Locale.ROOT, "| %s | %d | %d | %.1f | %d |%n", trigger, ranks, with - before,
            (with - before) / (double) ranks, state);
        java.lang.ref.Reference.reachabilityFence(policy);
      }
    }
  }

  private static long liveHeap() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
