package org.amrbalance.experiments.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.balancers.LoadBalancers;
import org.amrbalance.experiments.Launcher;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.readers.trace.StepTraceWriter;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code advise} on a series written here: a 32 x 32 level 0 in four boxes on four ranks, and a refined feature of
 * level-1 boxes that moves across the domain and grows, which the code recorded all on rank 0.
 */
class AdviseCommandTest {
  private static final int FILES = 6;
  /** The generating step cost of the synthetic trace: seconds per cell and per step. */
  private static final double PER_CELL = 2e-7;
  private static final double PER_STEP = 1e-3;
  /** What each step of the trace spends outside the rank's work (its wall row less its time). */
  private static final double OUTSIDE = 0.02;
  private static final int STEPS = 5;

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Launcher launcher = new Launcher(List.of(new AdviseCommand()));

  private int run(String... args) {
    return launcher.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  /** Chombo layouts (ratio 4): the feature, 2 x (2 + k) boxes of 8 x 8 fine cells, 12 fine cells further each file. */
  private Path series() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("series"));
    for (int k = 0; k < FILES; k++) {
      StringBuilder s = new StringBuilder("NumLevels = 2\nNumber of Grids on Level 0: 4\n");
      s.append("((0,0) (15,15) (0,0))[0] # ((16,0) (31,15) (0,0))[1] # ((0,16) (15,31) (0,0))[2] #"
          + " ((16,16) (31,31) (0,0))[3]\n");
      int rows = 2 + k; // the feature grows, so that the work per step varies and the trace pins both constants
      s.append("Number of Grids on Level 1: ").append(2 * rows).append('\n');
      int x0 = 8 + 12 * k;
      for (int i = 0; i < 2; i++) {
        for (int j = 0; j < rows; j++) {
          int x = x0 + 8 * i;
          int y = 40 + 8 * j;
          s.append(String.format("((%d,%d) (%d,%d) (0,0))[0] # ", x, y, x + 7, y + 7));
        }
      }
      Files.writeString(dir.resolve(String.format("layout%03d.2d", k)), s.append('\n'));
    }
    return dir;
  }

  /** One rank ran every file for {@link #STEPS} steps at PER_CELL s per cell + PER_STEP, a regrid between files. */
  private Path trace(Path series) throws IOException {
    Path trace = tmp.resolve("trace.csv");
    List<Path> files = HierarchySeries.files(series);
    try (StepTraceWriter w = StepTraceWriter.create(trace)) {
      long step = 0;
      for (int k = 0; k < files.size(); k++) {
        double cells = HierarchyReaders.read(files.get(k)).hierarchy().totalWork();
        for (int s = 0; s < STEPS; s++) {
          if (k > 0 && s == 0) {
            w.regrid(step, 0.01);
          }
          double t = PER_CELL * cells + PER_STEP;
          w.times(step, new double[] {t});
          w.wall(step++, t + OUTSIDE);
        }
      }
    }
    return trace;
  }

  @Test
  void theTraceCalibratesTheModelAndTheRankingBeatsWhatTheCodeRecorded() throws IOException {
    Path series = series();
    assertThat(run("advise", "--input", series.toString(), "--trace", trace(series).toString(), "--ranks", "4",
        "--balancer", "knapsack,sfc-hilbert,round-robin", "--trigger", "never,every-regrid,adaptive",
        "--plot", tmp.resolve("advise.png").toString())).as(err.toString(StandardCharsets.UTF_8)).isZero();
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("4 ranks: baseline recorded by the code", "| # | balancer | trigger |",
        "Recommendation on 4 ranks: ", "saving", "calibrated from " + tmp.resolve("trace.csv"),
        "stands for the trace's steps up to the next regrid (" + FILES * STEPS + " steps)");
    assertThat(text).containsPattern("2\\.000e-07 s per unit of work \\+ 0\\.001000 s per step")
        .contains("+ 0.02000 s per step outside it")
        .contains("Note: the trace ran on 1 rank; on 4 ranks the time outside the work");
    assertThat(tmp.resolve("advise.png")).isNotEmptyFile();

    // The table ranks by predicted total time.
    List<Double> totals = new ArrayList<>();
    text.lines().filter(l -> l.matches("\\| \\d+ \\|.*")).forEach(l -> totals.add(Double.parseDouble(
        l.split("\\|")[5].strip())));
    assertThat(totals).hasSize(9).isSorted();
  }

  @Test
  void aTraceWithWallRowsAddsTheTimeOutsideTheRanksWorkToEveryPredictedStep() throws IOException {
    Path series = series();
    assertThat(run("advise", "--input", series.toString(), "--trace", trace(series).toString(), "--ranks", "4",
        "--balancer", "knapsack", "--trigger", "every-regrid", "--bandwidth", "1e300", "--latency", "0", "--json"))
        .as(err.toString(StandardCharsets.UTF_8)).isZero();
    JsonNode everyRegrid = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8).split("\n")[0]);
    // Independently: each file placed by knapsack, STEPS steps each at the generating constants plus OUTSIDE.
    double expected = 0;
    for (Path f : HierarchySeries.files(series)) {
      HierarchyFile h = HierarchyReaders.read(f);
      BalanceProblem p = BalanceProblem.of(h.hierarchy(), Machine.fullyConnected(4));
      expected += STEPS * (PER_CELL * BalanceReport.of(p, LoadBalancers.create("knapsack").balance(p))
          .levelSynchronousMakespan() + PER_STEP + OUTSIDE);
    }
    assertThat(everyRegrid.get("trigger").asText()).isEqualTo("every-regrid");
    assertThat(everyRegrid.get("totalSeconds").asDouble()).isCloseTo(expected, within(1e-9));
  }

  @Test
  void ranksInLockstepOnASlowerMachineStretchOnlyTheWorkAOneRankTraceCouldNotSee() throws IOException {
    Path series = series();
    Path trace = trace(series);
    double[] totals = new double[2];
    String[] efficiencies = {"1", "0.8"};
    for (int i = 0; i < 2; i++) {
      out.reset();
      assertThat(run("advise", "--input", series.toString(), "--trace", trace.toString(), "--ranks", "4",
          "--balancer", "knapsack", "--trigger", "every-regrid", "--bandwidth", "1e300", "--latency", "0",
          "--lockstep-efficiency", efficiencies[i], "--json")).as(err.toString(StandardCharsets.UTF_8)).isZero();
      totals[i] = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8).split("\n")[0])
          .get("totalSeconds").asDouble();
    }
    double work = 0;
    for (Path f : HierarchySeries.files(series)) {
      BalanceProblem p = BalanceProblem.of(HierarchyReaders.read(f).hierarchy(), Machine.fullyConnected(4));
      work += STEPS * PER_CELL * BalanceReport.of(p, LoadBalancers.create("knapsack").balance(p))
          .levelSynchronousMakespan();
    }
    // The work term grows by 1/0.8; the time per step and outside the work, which the trace measured, do not.
    assertThat(totals[1] - totals[0]).isCloseTo(work / 0.8 - work, within(1e-9));
    out.reset();
    assertThat(run("advise", "--input", series.toString(), "--trace", trace.toString(), "--ranks", "1",
        "--balancer", "knapsack", "--trigger", "never", "--lockstep-efficiency", "0.5", "--json")).isZero();
    double oneRank = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8).split("\n")[0])
        .get("secondsPerStep").asDouble();
    out.reset();
    assertThat(run("advise", "--input", series.toString(), "--trace", trace.toString(), "--ranks", "1",
        "--balancer", "knapsack", "--trigger", "never", "--json")).isZero();
    assertThat(new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8).split("\n")[0])
        .get("secondsPerStep").asDouble()).as("one rank meets no other").isEqualTo(oneRank);
    err.reset();
    assertThat(run("advise", "--input", series.toString(), "--lockstep-efficiency", "1.5")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--lockstep-efficiency");
  }

  @Test
  void theAdaptiveTriggerIsToldWhatARemapCostsSoAReplayWithoutNoiseStillRemaps() throws IOException {
    Path series = series();
    assertThat(run("advise", "--input", series.toString(), "--trace", trace(series).toString(), "--ranks", "4",
        "--balancer", "sfc-hilbert", "--trigger", "adaptive,never", "--json"))
        .as(err.toString(StandardCharsets.UTF_8)).isZero();
    Map<String, JsonNode> byTrigger = new HashMap<>();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      JsonNode row = new ObjectMapper().readTree(line);
      byTrigger.putIfAbsent(row.get("trigger").asText(), row);
    }
    // Told nothing, it took the first step's time as the cost and, the idle constant between regrids, never fired.
    assertThat(byTrigger.get("adaptive").get("remaps").asInt()).isPositive();
  }

  @Test
  void everyRegridWithFreeRemapsCostsTheBalancersOwnPlacementOfEachFile() throws IOException {
    Path series = series();
    assertThat(run("advise", "--input", series.toString(), "--ranks", "4", "--balancer", "knapsack", "--trigger",
        "every-regrid,never", "--steps-per-file", "3", "--bandwidth", "1e300", "--latency", "0", "--json")).isZero();
    List<JsonNode> rows = new ArrayList<>();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      rows.add(new ObjectMapper().readTree(line));
    }
    JsonNode everyRegrid = rows.stream().filter(r -> r.get("trigger").asText().equals("every-regrid")).findFirst()
        .orElseThrow();
    // Independently: each file placed by knapsack from scratch, 3 steps each at the assumed 1e-8 s per unit.
    double expected = 0;
    for (Path f : HierarchySeries.files(series)) {
      HierarchyFile h = HierarchyReaders.read(f);
      BalanceProblem p = BalanceProblem.of(h.hierarchy(), Machine.fullyConnected(4));
      expected += 3 * StepCostModel.ASSUMED_SECONDS_PER_WORK
          * BalanceReport.of(p, LoadBalancers.create("knapsack").balance(p)).levelSynchronousMakespan();
    }
    assertThat(everyRegrid.get("totalSeconds").asDouble()).isCloseTo(expected, within(1e-12));
    assertThat(everyRegrid.get("remaps").asInt()).isEqualTo(FILES - 1);
    JsonNode baseline = rows.get(rows.size() - 1);
    assertThat(baseline.get("balancer").asText()).isEqualTo("recorded by the code");
    assertThat(everyRegrid.get("versusBaseline").asDouble()).isNegative();
  }

  @Test
  void badInputsAreOneLineErrors() throws IOException {
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    assertThat(run("advise", "--input", empty.toString())).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("no hierarchy in this folder");
    err.reset();
    assertThat(run("advise", "--input", series().toString(), "--trigger", "sometimes")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown name sometimes");
    err.reset();
    assertThat(run("advise", "--input", series().toString(), "--costs", tmp.resolve("c.csv").toString()))
        .isEqualTo(2);
  }
}
