package org.amrbalance.experiments.triggers;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.amrbalance.experiments.LauncherCall;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.readers.trace.StepTraceReader;
import org.amrbalance.readers.trace.StepTraceWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {
  /** Three ranks, five steps, no remap; rank 2 falls behind. */
  private static final double[][] TIMES = {{1, 1, 1.5}, {1, 1.25, 2}, {2, 1, 2.5}, {1, 1, 3.5}, {0.5, 1, 4}};

  @TempDir
  Path dir;
  private final LauncherCall call = new LauncherCall(new ReplayCommand(), new SimulateCommand(),
      new ExpectedWCommand());

  private int status(String... args) {
    return call.status(args);
  }

  private String run(String... args) {
    assertThat(status(args)).as(call.err()).isZero();
    return call.out();
  }

  private Path handWritten(String name) throws IOException {
    StringBuilder csv = new StringBuilder("step,rank,seconds\n");
    for (int s = 0; s < TIMES.length; s++) {
      for (int r = 0; r < TIMES[s].length; r++) {
        csv.append(s).append(',').append(r).append(',').append(TIMES[s][r]).append('\n');
      }
    }
    Path file = dir.resolve(name);
    try (OutputStream o = name.endsWith(".gz") ? new GZIPOutputStream(Files.newOutputStream(file))
        : Files.newOutputStream(file)) {
      o.write(csv.toString().getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  private static double number(String json, String pattern) {
    Matcher m = Pattern.compile(pattern + "\\s*([-0-9.eE]+)").matcher(json);
    assertThat(m.find()).as("%s in %s", pattern, json).isTrue();
    return Double.parseDouble(m.group(1));
  }

  @Test
  void neverAndEveryStepOnAHandWrittenTraceGiveTheUtilizationComputedHere() throws IOException {
    double sumAvg = 0;
    double sumMax = 0;
    double firstMax = 0;
    for (int s = 0; s < TIMES.length; s++) {
      double max = 0;
      double sum = 0;
      for (double t : TIMES[s]) {
        max = Math.max(max, t);
        sum += t;
      }
      sumAvg += sum / 3;
      sumMax += max;
      firstMax = s == 0 ? max : firstMax;
    }
    for (String name : new String[] {"hand.csv", "hand.csv.gz"}) {
      String json = run("replay", "--trace", handWritten(name).toString(), "--trigger", "never", "--remap-cost",
          "0.5", "--remap-model", "level:1", "--json");
      assertThat(number(json, "\"trigger\": \"never\", \"remaps\": 0, \"utilization\":")).as(name)
          .isCloseTo(sumAvg / sumMax, within(1e-6));
      assertThat(number(json, "\"neverUtilization\":")).isCloseTo(sumAvg / sumMax, within(1e-6));
      assertThat(number(json, "\"steps\":")).isEqualTo(5);
    }
    // Remapping after every step to perfect balance (level:1) at cost 0.5: every step after the first runs at T_avg.
    StepTrace trace = StepTraceReader.read(handWritten("again.csv"));
    TraceReplay replay = TraceReplay.of(trace, RemapModel.parse("level:1", Double.NaN), 0.5);
    TraceReplay.Run every = replay.run(() -> RemapPolicies.fixedInterval(1));
    assertThat(every.remaps()).isEqualTo(4);
    assertThat(every.utilization()).isCloseTo(sumAvg / (firstMax + (sumAvg - TIMES[0][0] / 3 - TIMES[0][1] / 3
        - TIMES[0][2] / 3) + 4 * 0.5), within(1e-12));
    assertThat(replay.run(RemapPolicies::never).utilization()).isCloseTo(sumAvg / sumMax, within(1e-12));
  }

  @Test
  void aTriggerRemappingWhereTheTraceDidGetsTheRecordedRunAndATraceAsTheDemoWritesItReplays() throws IOException {
    // A trace as the demo's writer writes it: remaps (after steps 3 and 6, at the regrid of step 9) that bring the
    // growing imbalance back.
    SplittableRandom rng = new SplittableRandom(5);
    Path file = dir.resolve("demo.csv.gz");
    try (StepTraceWriter w = StepTraceWriter.create(file)) {
      double drift = 0;
      for (int s = 1; s <= 12; s++) {
        if (s % 3 == 0) {
          w.regrid(s, 0.01);
        }
        if (s == 9) {
          w.remap(s, 0.3);
          drift = 0;
        }
        double[] t = {1 + drift + rng.nextDouble() / 10, 1 + rng.nextDouble() / 10, 1 + rng.nextDouble() / 10};
        w.times(s, t);
        drift += 0.2;
        if (s == 3 || s == 6) {
          w.remap(s, 0.2 * s);
          drift = 0;
        }
      }
    }
    StepTrace trace = StepTraceReader.read(file);
    assertThat(trace.remaps()).isEqualTo(3);
    for (String model : new String[] {"measured", "persistent"}) {
      recordedRunReplays(TraceReplay.of(trace, RemapModel.parse(model, TraceReplay.measuredLevel(trace)),
          Double.NaN));
    }
    String table = run("replay", "--trace", file.toString(), "--trigger", "all", "--trigger",
        "any:stop-at-rise,change-detection", "--set", "stop-at-rise.initial-cost=0.2");
    assertThat(table).contains("12 steps, 3 ranks, 3 remaps recorded", "best fixed interval in hindsight: m = ",
        "(recorded)", "stop-at-rise", "never", "any:stop-at-rise,change-detection", "95% interval by batch means",
        "remap model persistent:5");
  }

  private static void recordedRunReplays(TraceReplay replay) {
    // Every third step from step 1 fires after steps 3, 6, 9: the first two as recorded, the third one step later
    // than the recorded remap at the regrid of step 9 — so it is compared with a policy that matches all three.
    TraceReplay.Run recorded = replay.recorded();
    TraceReplay.Run fixed3 = replay.run(() -> new org.amrbalance.spi.RemapPolicy() {
      private int step;

      @Override
      public org.amrbalance.spi.RemapDecision onStep(org.amrbalance.spi.StepTimes times) {
        step++;
        return step == 3 || step == 6 ? org.amrbalance.spi.RemapDecision.remap("as recorded")
            : org.amrbalance.spi.RemapDecision.keep();
      }

      @Override
      public org.amrbalance.spi.RemapDecision onRegrid() {
        return step == 8 ? org.amrbalance.spi.RemapDecision.remap("as recorded")
            : org.amrbalance.spi.RemapDecision.keep();
      }

      @Override
      public void onRemap(double measuredCost) {}
    });
    assertThat(fixed3.remaps()).isEqualTo(3);
    assertThat(fixed3.max()).containsExactly(recorded.max());
    assertThat(fixed3.utilization()).isEqualTo(recorded.utilization());
    assertThat(recorded.utilization()).isCloseTo(sum(recorded.avg()) / (sum(recorded.max()) + 0.6 + 1.2 + 0.3),
        within(1e-12));
    // Never skips the recorded drops: the replayed imbalance keeps growing, so it loses to the recorded run.
    assertThat(replay.run(RemapPolicies::never).utilization()).isLessThan(recorded.utilization());
  }

  @Test
  void triggersAreToldTheRemapCostAndTheRunLengthUnlessSetOtherwise() throws IOException {
    // Rank 2 falls behind step after step. Told nothing, Stop-At-Rise takes the first step's T_max (1.5) as the cost
    // and, not knowing the run ends, remaps after step 3; told the trace's cost (100 s) or its length (5 steps, one
    // left after step 3: too few to pay 1.5), it does not, as a host that knows them would not.
    String trace = handWritten("behind.csv").toString();
    String told = replayStopAtRise(trace);
    assertThat(number(told, "\"trigger\": \"stop-at-rise\", \"remaps\":")).isZero();
    String cheap = replayStopAtRise(trace, "--set", "stop-at-rise.initial-cost=0");
    assertThat(number(cheap, "\"trigger\": \"stop-at-rise\", \"remaps\":")).isPositive();
    String toldNothing = replayStopAtRise(trace, "--set", "stop-at-rise.initial-cost=1.5", "--set",
        "stop-at-rise.steps=0");
    assertThat(number(toldNothing, "\"trigger\": \"stop-at-rise\", \"remaps\":")).isEqualTo(1);
    String toldTheCost = replayStopAtRise(trace, "--set", "stop-at-rise.steps=0");
    assertThat(number(toldTheCost, "\"trigger\": \"stop-at-rise\", \"remaps\":")).isZero();
    String toldTheLength = replayStopAtRise(trace, "--set", "stop-at-rise.initial-cost=1.5");
    assertThat(number(toldTheLength, "\"trigger\": \"stop-at-rise\", \"remaps\":")).isZero();
  }

  /** {@code replay --json} of Stop-At-Rise over {@code trace} at 100 s a remap to perfect balance, and {@code more}. */
  private String replayStopAtRise(String trace, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("replay", "--trace", trace, "--trigger", "stop-at-rise",
        "--remap-cost", "100", "--remap-model", "level:1", "--json"));
    args.addAll(List.of(more));
    return run(args.toArray(new String[0]));
  }

  private static double sum(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    return s;
  }

  /**
   * 8 ranks, 300 steps: rank r's time is its level times 1 + 0.2 g (g standard normal, a draw per rank and step);
   * the levels start at 1 and end {@code spread} apart, linearly (0: stationary noise).
   */
  private Path noisy(String name, double spread) throws IOException {
    SplittableRandom rng = new SplittableRandom(17);
    Path file = dir.resolve(name);
    try (StepTraceWriter w = StepTraceWriter.create(file)) {
      for (int s = 0; s < 300; s++) {
        double[] t = new double[8];
        for (int r = 0; r < 8; r++) {
          double level = 1 + spread * (r - 3.5) / 7 * s / 300;
          t[r] = level * Math.max(0.05, 1 + 0.2 * rng.nextGaussian());
        }
        w.times(s, t);
      }
    }
    return file;
  }

  /** {@code replay --json} of never at a remap cost of half a step, and {@code more}. */
  private String replayNever(Path trace, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("replay", "--trace", trace.toString(), "--trigger",
        "never", "--remap-cost", "0.5", "--json"));
    args.addAll(List.of(more));
    return run(args.toArray(new String[0]));
  }

  @Test
  void onStationaryNoiseNeverIsBestAndOnDriftRemapsPay() throws IOException {
    // A remap cannot take away noise that is drawn afresh every step: the default model leaves it.
    Path noise = noisy("noise.csv", 0);
    String persistent = replayNever(noise);
    assertThat(persistent).contains("\"remapModel\": \"persistent:5");
    assertThat(number(persistent, "\"bestFixedUtilization\":"))
        .isLessThanOrEqualTo(number(persistent, "\"neverUtilization\":") + 0.002);
    // level:1 takes the noise as imbalance a remap removes, and so has remaps pay on the same trace.
    String level = replayNever(noise, "--remap-model", "level:1");
    assertThat(number(level, "\"bestFixedUtilization\":"))
        .isGreaterThan(number(level, "\"neverUtilization\":") + 0.05);
    // Loads drifting apart (to 0.5 .. 1.5 at the end) under the same noise: remapping pays.
    String drift = replayNever(noisy("drift.csv", 1));
    assertThat(number(drift, "\"bestFixedUtilization\":"))
        .isGreaterThan(number(drift, "\"neverUtilization\":") + 0.03);
  }

  @Test
  void aReplayedRemapRemovesEachRanksMeanShareAroundItAndLeavesTheRest() throws IOException {
    // 3 ranks, 20 steps, a regrid before step 10; rank 2 gains work, all are noisy.
    SplittableRandom rng = new SplittableRandom(3);
    double[][] t = new double[20][3];
    StringBuilder csv = new StringBuilder("step,rank,seconds\n");
    for (int s = 0; s < 20; s++) {
      if (s == 10) {
        csv.append("10,regrid,0.1\n");
      }
      for (int r = 0; r < 3; r++) {
        t[s][r] = (r == 2 ? 1 + 0.05 * s : 1) * (0.8 + 0.4 * rng.nextDouble());
        csv.append(s).append(',').append(r).append(',').append(t[s][r]).append('\n');
      }
    }
    StepTrace trace = StepTraceReader.read("hand", csv.toString().getBytes(StandardCharsets.UTF_8));
    TraceReplay replay = TraceReplay.of(trace, RemapModel.parse("persistent:2", Double.NaN), 0.5);
    // After step 9's times the remap balances the mean shares of steps 7-9 (the regrid ends the window); at the
    // regrid, those of steps 10-12, the new mesh's.
    TraceReplay.Run afterStep = replay.run(() -> new org.amrbalance.spi.RemapPolicy() {
      private int step;

      @Override
      public org.amrbalance.spi.RemapDecision onStep(org.amrbalance.spi.StepTimes times) {
        return ++step == 10 ? org.amrbalance.spi.RemapDecision.remap("after step 9")
            : org.amrbalance.spi.RemapDecision.keep();
      }

      @Override
      public org.amrbalance.spi.RemapDecision onRegrid() {
        return org.amrbalance.spi.RemapDecision.keep();
      }

      @Override
      public void onRemap(double measuredCost) {}
    });
    TraceReplay.Run atRegrid = replay.run(() -> new org.amrbalance.spi.RemapPolicy() {
      @Override
      public org.amrbalance.spi.RemapDecision onStep(org.amrbalance.spi.StepTimes times) {
        return org.amrbalance.spi.RemapDecision.keep();
      }

      @Override
      public org.amrbalance.spi.RemapDecision onRegrid() {
        return org.amrbalance.spi.RemapDecision.remap("at the regrid");
      }

      @Override
      public void onRemap(double measuredCost) {}
    });
    for (TraceReplay.Run run : List.of(afterStep, atRegrid)) {
      assertThat(run.remaps()).isEqualTo(1);
      assertThat(run.cost()[10]).isEqualTo(0.5);
      int from = run == afterStep ? 7 : 10;
      double[] p = new double[3];
      for (int s = from; s < from + 3; s++) {
        for (int r = 0; r < 3; r++) {
          p[r] += t[s][r] / avg(t[s]) / 3;
        }
      }
      for (int s = 0; s < 20; s++) {
        double max = 0;
        for (int r = 0; r < 3; r++) {
          max = Math.max(max, s < 10 ? t[s][r] : avg(t[s]) * (t[s][r] / avg(t[s]) - p[r] + 1));
        }
        assertThat(run.max()[s]).as("step %d", s).isCloseTo(max, within(1e-12));
      }
    }
  }

  /**
   * A run under the persistent model's own assumptions, so that what remapping every m steps gives is known:
   * 8 ranks, 400 steps, each rank's persistent share moving by N(0, 0.06) at the regrid every 10 steps, 10% noise per
   * rank and step, a remap (cost 0.5 s) setting every persistent share to 1. Its utilization remapping after every
   * {@code every}-th step's times (0: never); the never run's trace goes to {@code trace} if not null.
   */
  private static double generated(int every, @javax.annotation.Nullable Path trace) throws IOException {
    SplittableRandom rng = new SplittableRandom(11);
    double[] p = {1, 1, 1, 1, 1, 1, 1, 1};
    double sumAvg = 0;
    double sumMax = 0;
    try (StepTraceWriter w = trace == null ? null : StepTraceWriter.create(trace)) {
      for (int s = 0; s < 400; s++) {
        if (s > 0 && s % 10 == 0) {
          double mean = 0;
          for (int r = 0; r < 8; r++) {
            p[r] += 0.06 * rng.nextGaussian();
            mean += p[r] / 8;
          }
          for (int r = 0; r < 8; r++) {
            p[r] += 1 - mean;
          }
          if (w != null) {
            w.regrid(s, 0.1);
          }
        }
        double[] t = new double[8];
        for (int r = 0; r < 8; r++) {
          t[r] = Math.max(0.01, p[r] + 0.1 * rng.nextGaussian());
        }
        if (w != null) {
          w.times(s, t);
        }
        sumAvg += avg(t);
        sumMax += java.util.Arrays.stream(t).max().orElseThrow();
        if (every > 0 && s < 399 && (s + 1) % every == 0) {
          java.util.Arrays.fill(p, 1);
          sumMax += 0.5;
        }
      }
    }
    return sumAvg / sumMax;
  }

  @Test
  void replayedFixedIntervalsMatchRunsThatRemappedSoUnderTheModelsAssumptions() throws IOException {
    Path never = dir.resolve("never.csv");
    assertThat(generated(0, never)).isGreaterThan(0);
    StepTrace trace = StepTraceReader.read(never);
    TraceReplay persistent = TraceReplay.of(trace, RemapModel.parse("persistent", Double.NaN), 0.5);
    TraceReplay level = TraceReplay.of(trace, RemapModel.parse("level:1", Double.NaN), 0.5);
    for (int m : new int[] {5, 10, 20}) {
      int every = m;
      double truth = generated(m, null);
      assertThat(persistent.run(() -> RemapPolicies.fixedInterval(every)).utilization()).as("m = %d", m)
          .isCloseTo(truth, within(0.01));
      // level:1 also takes the noise away, and so overrates every interval.
      assertThat(level.run(() -> RemapPolicies.fixedInterval(every)).utilization()).as("m = %d", m)
          .isGreaterThan(truth + 0.03);
    }
  }

  private static double avg(double[] x) {
    return sum(x) / x.length;
  }

  @Test
  void badTracesAreOneLineErrorsWithStatusTwoNamingFileAndLine() throws IOException {
    Path bad = Files.writeString(dir.resolve("bad.csv"), "step,rank,seconds\n0,0,1\n0,1,-2\n");
    assertThat(status("replay", "--trace", bad.toString())).isEqualTo(2);
    String e = call.err();
    assertThat(e).isEqualTo("amrbalance replay: seconds = -2: must be finite and >= 0 (" + bad + ":3)"
        + System.lineSeparator());
    Path binary = Files.write(dir.resolve("x.bin"), new byte[] {(byte) 0xc3, 0x28, 0, 1});
    for (Path p : new Path[] {binary, dir, dir.resolve("missing.csv")}) {
      assertThat(status("replay", "--trace", p.toString())).as(p.toString()).isEqualTo(2);
      assertThat(call.err().lines()).hasSize(1).allSatisfy(line -> assertThat(line)
          .startsWith("amrbalance replay: ").endsWith(" (" + p + ")").doesNotContain("Exception", "java."));
    }
  }

  @Test
  void everyBadOptionIsACleanErrorWithStatusTwo() throws IOException {
    String trace = handWritten("ok.csv").toString();
    String[][] bad = {
        {"replay"},
        {"replay", "--trace", trace},
        {"replay", "--trace", trace, "--remap-cost", "1", "--remap-model", "shrink"},
        {"replay", "--trace", trace, "--remap-cost", "1", "--remap-model", "level:0.5"},
        {"replay", "--trace", trace, "--remap-cost", "1", "--remap-model", "factor:2"},
        {"replay", "--trace", trace, "--remap-cost", "1", "--remap-model", "persistent:-1"},
        {"replay", "--trace", trace, "--remap-cost", "1", "--remap-model", "persistent:2.5"},
        {"replay", "--trace", trace, "--remap-cost", "-1", "--remap-model", "level:1"},
        {"replay", "--trace", trace, "--remap-cost", "x", "--remap-model", "level:1"},
        {"replay", "--trace", trace, "--remap-cost", "1", "--remap-model", "level:1", "--blocks", "1"},
        {"replay", "--trace", trace, "--remap-cost", "1", "--remap-model", "level:1", "--fixed-max", "0"},
        {"replay", "--trace", trace, "--trigger", "sometimes"},
        {"replay", "--trace", trace, "--trigger", "any:stop-at-rise"},
        {"replay", "--trace", trace, "--trigger", "stop-at-rise", "--set", "initial-cost"},
        {"replay", "--trace", trace, "--trigger", "stop-at-rise", "--set", "stop-at-rise.initial-cost=-3"},
        {"replay", "--trace", trace, "--trigger", "stop-at-rise", "--set", "stop-at-rise.colour=red"},
        {"replay", "--trace", trace, "--trigger", "stop-at-rise", "--set", "never.m=3"},
        {"replay", "--trace", trace, "--trigger", "all", "--set", "initial-cost=1"},
        {"replay", "--trace", trace, "extra"},
        {"simulate", "--policy", "sometimes"},
        {"simulate", "--policy", "stop-at-rise", "--set", "change-detection.batch-size=4"},
        {"simulate", "--policy", "change-detection", "--set", "batch-size=0"},
        {"simulate", "--policy", "fixed:3", "--set", "fixed-interval.m=3"},
        {"simulate", "--states", "20"},
        {"simulate", "--fixed-max", "0"},
        {"expected-w", "--states", "20"},
        {"expected-w", "--procs", "0"}};
    for (String[] args : bad) {
      assertThat(status(args)).as(String.join(" ", args)).isEqualTo(2);
      String first = call.err().lines().findFirst().orElse("");
      assertThat(first).as(String.join(" ", args)).startsWith("amrbalance " + args[0] + ": ")
          .doesNotContain("Exception", "java.", "org.amrbalance");
    }
  }

  @Test
  void simulateComparesWithTheBestFixedIntervalAndNeverOverTheSameRuns() {
    String json = run("simulate", "--procs", "4", "--steps", "60", "--runs", "20", "--fixed-max", "10", "--policy",
        "never");
    assertThat(json).contains("\"versusNever\": {\"difference\": 0.000000, \"low\": 0.000000, \"high\": 0.000000");
    assertThat(number(json, "\"neverUtilization\":")).isEqualTo(number(json, "\"utilization\":"));
    assertThat(number(json, "\"versusBestFixed\": \\{\"difference\":")).isLessThanOrEqualTo(0);
    String composite = run("simulate", "--procs", "4", "--steps", "60", "--runs", "20", "--fixed-max", "10",
        "--policy", "all:stop-at-rise,fixed-interval", "--set", "fixed-interval.m=5");
    assertThat(number(composite, "\"meanRemaps\":")).isPositive();
    String one = run("expected-w", "--procs", "1", "--max-n", "6");
    assertThat(one).contains("\"E\": [0, 0, 0, 0, 0, 0]").doesNotContain("e-1");
  }

  @Test
  void theStudentQuantileMatchesItsClosedFormsAndTheNormalLimit() {
    assertThat(PairedDifference.t975(1)).isCloseTo(Math.tan(Math.PI * 0.475), within(1e-9));
    assertThat(PairedDifference.t975(2)).isCloseTo(0.95 / Math.sqrt(2 * 0.975 * 0.025), within(1e-9));
    assertThat(PairedDifference.t975(9)).isCloseTo(2.262157, within(1e-6));
    assertThat(PairedDifference.t975(5000)).isCloseTo(1.959964, within(1e-3));
    PairedDifference d = PairedDifference.ofSamples(new double[] {1, 2, 3}, new double[] {0, 0, 0});
    assertThat(d.estimate()).isEqualTo(2);
    assertThat(d.halfWidth()).isCloseTo(PairedDifference.t975(2) * 1 / Math.sqrt(3), within(1e-12));
  }
}
