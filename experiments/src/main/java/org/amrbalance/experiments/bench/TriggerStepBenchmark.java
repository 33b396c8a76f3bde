package org.amrbalance.experiments.bench;

import com.google.inject.Guice;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Cost of one step of a trigger chosen by name (default options): {@code onStep} with the times of
 * {@code ranks} ranks whose loads drift apart, and {@code onRemap} when it fires. The step times are generated
 * once, outside the measurement, and replayed in a loop of {@link #TRACE} steps (fewer on many ranks, so that the
 * trace stays near 128 MiB; at 65,536 ranks 256 steps, still many refits and remaps per iteration): the score is the
 * cost of a step amortized over the trigger's refits and remaps.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class TriggerStepBenchmark {
  private static final int TRACE = 4096;

  /** A trigger name of {@link BalancingModules#triggerNames()}. */
  @Param({"stop-at-rise"})
  public String trigger;

  @Param({"16"})
  public int ranks;

  private RemapPolicy policy;
  private StepTimes[] trace;
  private int next;

  @Setup
  public void setUp() {
    policy = Guice.createInjector(BalancingModules.fromMap(Map.of(BalancingModules.BALANCER, "round-robin",
        BalancingModules.TRIGGER, trigger, "amrbalance.service.log", "false"))).getInstance(RemapPolicy.class);
    SplittableRandom rnd = new SplittableRandom(BenchSettings.SEED);
    int length = (int) Math.max(64, Math.min(TRACE, (1L << 24) / ranks));
    trace = new StepTimes[length];
    double[] load = new double[ranks];
    java.util.Arrays.fill(load, 1);
    for (int s = 0; s < length; s++) {
      drift(load, rnd);
      trace[s] = StepTimes.of(load);
    }
  }

  /** One step of the loads' drift: each rank's load moves by up to ±0.005, upwards on average, and stays ≥ 0.1. */
  static void drift(double[] load, SplittableRandom rnd) {
    for (int r = 0; r < load.length; r++) {
      load[r] = Math.max(0.1, load[r] + 0.01 * (rnd.nextDouble() - 0.45));
    }
  }

  @Benchmark
  public RemapDecision step() {
    RemapDecision d = policy.onStep(trace[next]);
    next = (next + 1) % trace.length;
    if (d.shouldRemap()) {
      policy.onRemap(0.5);
    }
    return d;
  }
}
