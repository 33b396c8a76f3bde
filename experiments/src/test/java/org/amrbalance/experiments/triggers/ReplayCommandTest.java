package org.amrbalance.experiments.triggers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.amrbalance.experiments.Launcher;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.readers.trace.StepTraceReader;
import org.amrbalance.readers.trace.StepTraceWriter;
import org.amrbalance.triggers.FixedInterval;
import org.amrbalance.triggers.NeverRemap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {
  /** Three ranks, five steps, no remap; rank 2 falls behind. */
  private static final double[][] TIMES = {{1, 1, 1.5}, {1, 1.25, 2}, {2, 1, 2.5}, {1, 1, 3.5}, {0.5, 1, 4}};

  @TempDir
  Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Launcher launcher = new Launcher(List.of(new ReplayCommand(), new SimulateCommand(),
      new ExpectedWCommand()));

  private int status(String... args) {
    out.reset();
    err.reset();
    return launcher.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String run(String... args) {
    assertThat(status(args)).as(err.toString(StandardCharsets.UTF_8)).isZero();
    return out.toString(StandardCharsets.UTF_8);
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
    TraceReplay.Run every = replay.run(() -> FixedInterval.every(1));
    assertThat(every.remaps()).isEqualTo(4);
    assertThat(every.utilization()).isCloseTo(sumAvg / (firstMax + (sumAvg - TIMES[0][0] / 3 - TIMES[0][1] / 3
        - TIMES[0][2] / 3) + 4 * 0.5), within(1e-12));
    assertThat(replay.run(NeverRemap::new).utilization()).isCloseTo(sumAvg / sumMax, within(1e-12));
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
    TraceReplay replay = TraceReplay.of(trace, RemapModel.parse("measured", TraceReplay.measuredLevel(trace)),
        Double.NaN);
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
    assertThat(replay.run(NeverRemap::new).utilization()).isLessThan(recorded.utilization());
    String table = run("replay", "--trace", file.toString(), "--trigger", "all", "--trigger",
        "any:stop-at-rise,change-detection", "--set", "stop-at-rise.initial-cost=0.2");
    assertThat(table).contains("12 steps, 3 ranks, 3 remaps recorded", "best fixed interval in hindsight: m = ",
        "(recorded)", "stop-at-rise", "never", "any:stop-at-rise,change-detection", "95% interval by batch means");
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

  @Test
  void badTracesAreOneLineErrorsWithStatusTwoNamingFileAndLine() throws IOException {
    Path bad = Files.writeString(dir.resolve("bad.csv"), "step,rank,seconds\n0,0,1\n0,1,-2\n");
    assertThat(status("replay", "--trace", bad.toString())).isEqualTo(2);
    String e = err.toString(StandardCharsets.UTF_8);
    assertThat(e).isEqualTo("amrbalance replay: seconds = -2: must be finite and >= 0 (" + bad + ":3)"
        + System.lineSeparator());
    Path binary = Files.write(dir.resolve("x.bin"), new byte[] {(byte) 0xc3, 0x28, 0, 1});
    for (Path p : new Path[] {binary, dir, dir.resolve("missing.csv")}) {
      assertThat(status("replay", "--trace", p.toString())).as(p.toString()).isEqualTo(2);
      assertThat(err.toString(StandardCharsets.UTF_8).lines()).hasSize(1).allSatisfy(line -> assertThat(line)
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
      String first = err.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("");
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
