package org.amrbalance.mesh.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's rank program on three ranks as threads (no MPJ Express), and the demo's arguments. */
class LaplaceDemoTest {
  @Test
  void printsAProgressLinePerStepAndASummaryAndWritesTheFiles(@TempDir Path dir) throws Exception {
    // A remap timeout far beyond what a remap takes here (a hang guard): the remaps go through as without one.
    LaplaceDemo.Args args = LaplaceDemo.Args.parse("--problem", "small", "--steps", "4", "--lmax", "2", "--ranks", "3", "--output",
        dir.toString(), "--trigger", "every-regrid", "--remap-timeout", "120");
    List<String> programArgs = new ArrayList<>(args.programArgs());
    programArgs.add("--result-line");
    String out = ThreadRanks.output(3, programArgs);
    assertThat(out.lines().filter(l -> l.startsWith("step ")).count()).as(out).isEqualTo(4);
    assertThat(out).contains("summary:", "max error vs exact solution", "points per level", "0: 1024", "remaps ",
        "utilization ", "per-rank load", "rank  2", LaplaceDemoProgram.RESULT + " ranks=3 steps=4");
    assertThat(out.lines().filter(l -> l.contains("after step")).count()).as("remaps at the regrids of steps 2, 4"
        + " and the first placement").isEqualTo(3);
    // Progress lines carry time per step, the measured imbalance and the remaps so far; remap lines give the
    // trigger's reason whole and no raw doubles.
    assertThat(out.lines().filter(l -> l.startsWith("step ")))
        .allMatch(l -> l.matches(".* ms/step  imbalance \\d\\.\\d\\d  remaps \\d+ .*"), "progress line form");
    assertThat(out.lines().filter(l -> l.contains("after step"))).allMatch(l -> l.contains("; why: "))
        .noneMatch(l -> l.contains("...")).noneMatch(l -> l.matches(".*\\d\\.\\d{9,}.*"));
    BufferedImage png = ImageIO.read(dir.resolve("laplace.png").toFile());
    assertThat(png.getWidth()).isEqualTo(1000); // FieldChart: the field, its axes, key and legend
    int first = png.getRGB(0, 0);
    boolean varied = false;
    for (int y = 0; y < 800 && !varied; y += 7) {
      for (int x = 0; x < 800 && !varied; x += 7) {
        varied = png.getRGB(x, y) != first;
      }
    }
    assertThat(varied).as("picture is not blank").isTrue();
    var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("laplace.vthb").toFile());
    assertThat(doc.getElementsByTagName("Block").getLength()).isEqualTo(3);
    assertThat(doc.getElementsByTagName("DataSet").getLength()).isGreaterThan(4);
  }

  /** The step and result JSON lines of the rank program on {@code ranks} threads. */
  private static List<String> jsonLines(int ranks, String... argv) {
    List<String> programArgs = new ArrayList<>(small(argv).programArgs());
    programArgs.addAll(List.of("--quiet", "--step-json"));
    return ThreadRanks.output(ranks, programArgs).lines()
        .filter(l -> l.startsWith(LaplaceDemoProgram.STEP_JSON) || l.startsWith(LaplaceDemoProgram.RESULT_JSON))
        .toList();
  }

  private static DemoBenchmark.Run run(String balancing, int ranks, List<String> lines) throws Exception {
    return run(balancing, ranks, lines, 0, 1);
  }

  private static DemoBenchmark.Run run(String balancing, int ranks, List<String> lines, int warmup, int round)
      throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> steps = new ArrayList<>();
    JsonNode result = null;
    for (String l : lines) {
      if (l.startsWith(LaplaceDemoProgram.STEP_JSON)) {
        steps.add(json.readTree(l.substring(LaplaceDemoProgram.STEP_JSON.length())));
      } else {
        result = json.readTree(l.substring(LaplaceDemoProgram.RESULT_JSON.length()));
      }
    }
    return new DemoBenchmark.Run(balancing, ranks, result, steps, warmup, round);
  }

  /** The adaptive trigger's load model, printed at the end, is a setting a later run takes back. */
  @Test
  void printsWhatTheTriggerLearnedAsASettingOfALaterRun() throws Exception {
    LaplaceDemo.Args args = LaplaceDemo.Args.parse("--problem", "small", "--steps", "9", "--lmax", "2", "--ranks", "2",
        "--trigger", "adaptive");
    String out = ThreadRanks.output(2, args.programArgs());
    String line = out.lines().filter(l -> l.contains("learned by the trigger")).findFirst().orElseThrow(
        () -> new AssertionError("no learned line in\n" + out));
    String setting = line.replaceAll(".*--set (\\S+).*", "$1");
    assertThat(setting).startsWith("amrbalance.adaptive.load-model=");
    // Taken back: a known setting of the trigger, whose value the trigger accepts.
    LaplaceDemo.Args later = LaplaceDemo.Args.parse("--trigger", "adaptive", "--set", setting);
    assertThat(later.unusedSettings()).isEmpty();
    org.amrbalance.triggers.loads.CarriedModel.parse(setting.substring(setting.indexOf('=') + 1));
    // Nothing for a trigger that learns nothing.
    String fixed = ThreadRanks.output(2, LaplaceDemo.Args.parse("--problem", "small", "--steps", "2", "--lmax", "2",
        "--ranks", "2", "--trigger", "fixed-interval").programArgs());
    assertThat(fixed).doesNotContain("learned by the trigger");
  }

  @Test
  void everyStepSplitsIntoPhasesAndTheBenchmarkReportsSpeedupAndAPlot(@TempDir Path dir) throws Exception {
    String[] argv = {"--steps", "4", "--lmax", "2", "--trigger", "every-regrid", "--output", dir.toString()};
    DemoBenchmark.Run two = run("dynamic", 2, jsonLines(2, argv));
    DemoBenchmark.Run one = run("dynamic", 1, jsonLines(1, argv));
    assertThat(two.steps()).hasSize(4);
    for (JsonNode s : two.steps()) {
      double wall = s.get("wallSeconds").asDouble();
      for (String phase : List.of("computeSeconds", "exchangeSeconds", "regridSeconds", "remapSeconds")) {
        assertThat(s.get(phase).asDouble()).as("step %s %s", s.get("step"), phase).isBetween(0.0, wall);
      }
      assertThat(s.get("waitingSeconds").asDouble()).as("waiting, a part of the exchange")
          .isBetween(0.0, s.get("exchangeSeconds").asDouble());
      boolean regrid = s.get("step").asInt() % 2 == 0;
      assertThat(s.get("regridded").asBoolean()).isEqualTo(regrid);
      // every-regrid remaps at each regrid, and only there.
      assertThat(s.get("remaps").asInt()).isEqualTo(regrid ? 1 : 0);
      assertThat(s.get("remapSeconds").asDouble() > 0).isEqualTo(regrid);
      assertThat(s.get("predictionError").asDouble()).isBetween(0.0, 1.0);
      assertThat(s.get("cells").asLong()).isPositive();
    }
    assertThat(two.result().get("ranks").asInt()).isEqualTo(2);
    assertThat(two.result().get("remaps").asInt()).as("the first placement and 2 regrids").isEqualTo(3);

    List<DemoBenchmark.Run> runs = List.of(one, two);
    {
      ObjectNode line = DemoBenchmark.line(two, runs, small(argv).runOptions(), small(argv), 2);
      assertThat(line.get("repeat").asInt()).isEqualTo(1);
      double speedup = one.secondsPerStep() / two.secondsPerStep();
      assertThat(line.get("speedup").asDouble()).isEqualTo(speedup);
      assertThat(line.get("parallelEfficiency").asDouble()).isEqualTo(speedup / 2);
      assertThat(line.get("steps")).hasSize(4);
      assertThat(line.get("perStep").get("remapSeconds").asDouble()).isPositive();
    }
    // With a warm-up, the benchmark's numbers are those of the steps after it, recomputed here from the step lines
    // (the summary's utilization also charges the first placement, made before step 1: higher here).
    assertThat(two.utilization()).isGreaterThan(two.result().get("utilization").asDouble());
    List<String> twoLines = jsonLines(2, argv);
    DemoBenchmark.Run warm = run("dynamic", 2, twoLines, 1, 1);
    List<JsonNode> after = warm.steps().subList(1, 4);
    double avg = 0;
    double max = 0;
    double remap = 0;
    double wall = 0;
    for (JsonNode st : after) {
      avg += st.get("sweepMeanSeconds").asDouble();
      max += st.get("sweepMaxSeconds").asDouble();
      remap += st.get("remapSeconds").asDouble();
      wall += st.get("wallSeconds").asDouble();
    }
    assertThat(warm.window()).hasSize(3);
    assertThat(warm.secondsPerStep()).isCloseTo(wall / 3, within(1e-12));
    assertThat(warm.utilization()).isCloseTo(avg / (max + remap), within(1e-12));
    ObjectNode warmLine = DemoBenchmark.line(warm, List.of(warm), small(argv).runOptions(), small(argv), 2);
    assertThat(warmLine.get("remaps").asInt()).as("regrids of steps 2 and 4, after the warm-up step").isEqualTo(2);
    assertThat(warmLine.get("wholeRunRemaps").asInt()).isEqualTo(3);
    assertThat(warmLine.get("wholeRunSecondsPerStep").asDouble())
        .isEqualTo(warm.result().get("secondsPerStep").asDouble());
    Path png = dir.resolve("bench.png");
    DemoBenchmark.plot(runs, png, small(argv).runOptions());
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(1000);
  }

  @Test
  void repeatsGiveMediansRangesAndAPairedDynamicOverStaticRatio() throws Exception {
    // Runs of one step each, their wall time given: the statistics, not the demo, are under test here.
    double[][] seconds = {{0.30, 0.27}, {0.31, 0.33}, {0.29, 0.25}}; // per repeat: static, dynamic
    List<DemoBenchmark.Run> runs = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (int round = 1; round <= 3; round++) {
      for (int m = 0; m < 2; m++) {
        JsonNode step = json.readTree("{\"step\": 1, \"wallSeconds\": " + seconds[round - 1][m] + "}");
        runs.add(new DemoBenchmark.Run(m == 0 ? "static" : "dynamic", 2, json.readTree("{}"), List.of(step), 0,
            round));
      }
    }
    List<Double> ratios = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      int k = round;
      double d = runs.stream().filter(r -> r.round() == k && r.balancing().equals("dynamic")).findFirst()
          .orElseThrow().secondsPerStep();
      double s = runs.stream().filter(r -> r.round() == k && r.balancing().equals("static")).findFirst()
          .orElseThrow().secondsPerStep();
      ratios.add(d / s);
    }
    List<Double> sorted = ratios.stream().sorted().toList();
    DemoBenchmark.Spread paired = DemoBenchmark.dynamicOverStatic(runs, 2);
    assertThat(paired.median()).isEqualTo(sorted.get(1));
    assertThat(paired.min()).isEqualTo(sorted.get(0));
    assertThat(paired.max()).isEqualTo(sorted.get(2));
    assertThat(DemoBenchmark.Spread.of(List.of(4.0, 1.0, 3.0, 2.0)).median()).isEqualTo(2.5);
    ObjectNode summary = DemoBenchmark.summaryLine(runs, 2);
    assertThat(summary.get("repeats").asInt()).isEqualTo(3);
    assertThat(summary.get("dynamicOverStatic").get("median").asDouble()).isEqualTo(sorted.get(1));
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--repeat", "2")).hasMessageContaining("--repeat: only with");
    assertThat(LaplaceDemo.Args.parse("--bench").repeat()).isEqualTo(3);
  }

  /** Runs the demo's rank program on {@code ranks} threads with the demo's arguments; rank 0's output. */
  private static String demo(int ranks, String... argv) {
    return ThreadRanks.output(ranks, small(argv).programArgs());
  }

  /** The demo's arguments on the small problem (what these tests run), then {@code argv}. */
  private static LaplaceDemo.Args small(String... argv) {
    List<String> all = new ArrayList<>(List.of("--problem", "small"));
    all.addAll(List.of(argv));
    return LaplaceDemo.Args.parse(all.toArray(new String[0]));
  }

  @Test
  void checkpointsAndRestartsOnAnotherRankCountWithSettings(@TempDir Path dir) throws Exception {
    String[] common = {"--lmax", "2", "--output", dir.toString(), "--trigger", "fixed-interval",
        "--set", "amrbalance.fixed-interval.m=3", "--set", "amrbalance.service.bad-step-times=skip"};
    List<String> first = new ArrayList<>(List.of("--steps", "4", "--checkpoint-every", "2"));
    first.addAll(List.of(common));
    String before = demo(2, first.toArray(String[]::new));
    assertThat(before).contains("after step   3");
    assertThat(dir.resolve("run.ckpt")).exists();
    List<String> second = new ArrayList<>(List.of("--steps", "8", "--restart", dir.resolve("run.ckpt").toString()));
    second.addAll(List.of(common));
    String after = demo(3, second.toArray(String[]::new));
    assertThat(after).contains("restarted from run.ckpt after step 4 on 3 ranks");
    assertThat(after.lines().filter(l -> l.startsWith("step ")).map(l -> l.substring(0, 10)).toList())
        .containsExactly("step   5/8", "step   6/8", "step   7/8", "step   8/8");
    // The restart on other ranks counts as a remap: m = 3 steps later, after step 7.
    assertThat(after).contains("after step   7").doesNotContain("after step   6");
    // The summary counts the steps this run made, not the ones before the checkpoint.
    assertThat(after).contains("for 4 steps (5 to 8, restarted after step 4)");
    assertThat(before).contains("for 4 steps,").doesNotContain("restarted after");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--set", "m=3")).hasMessageContaining("--set = m=3");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--restart", dir.resolve("none.ckpt").toString()))
        .hasMessageContaining("none.ckpt: no such file");
    // Refused before any rank starts, in one line: another configuration, a step beyond the run, a torn file.
    Path ckpt = dir.resolve("run.ckpt");
    List<String> foreign = new ArrayList<>(List.of("--problem", "small"));
    foreign.addAll(List.of(common));
    foreign.addAll(List.of("--steps", "8", "--restart", ckpt.toString(), "--lmax", "3"));
    assertThatThrownBy(() -> LaplaceDemo.Args.parse(foreign.toArray(String[]::new)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--restart = " + ckpt + ": foreign checkpoint, another configuration: lmax = 2 in the checkpoint,"
            + " 3 in the options");
    List<String> early = new ArrayList<>(List.of("--problem", "small"));
    early.addAll(List.of(common));
    early.addAll(List.of("--steps", "3", "--restart", ckpt.toString()));
    assertThatThrownBy(() -> LaplaceDemo.Args.parse(early.toArray(String[]::new)))
        .hasMessage("--steps = 3: " + ckpt + " is a checkpoint after step 4");
    byte[] b = Files.readAllBytes(ckpt);
    Files.write(ckpt, java.util.Arrays.copyOf(b, b.length / 2));
    List<String> torn = new ArrayList<>(List.of("--problem", "small"));
    torn.addAll(List.of(common));
    torn.addAll(List.of("--steps", "8", "--restart", ckpt.toString()));
    assertThatThrownBy(() -> LaplaceDemo.Args.parse(torn.toArray(String[]::new)))
        .hasMessageStartingWith("--restart = " + ckpt + ": torn or damaged checkpoint (CRC32 mismatch")
        .hasMessageEndingWith("; the previous one, " + ckpt + ".prev (after step 2), would do")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void clusterAndSupervisedRunsAreCheckedBeforeAnyRankStarts(@TempDir Path dir) throws Exception {
    Path hosts = Files.writeString(dir.resolve("hosts"), "node1\nnode2\n");
    LaplaceDemo.Args cluster = LaplaceDemo.Args.parse("--device", "niodev", "--machines", hosts.toString(),
        "--remote-shell", "my-shell -q", "--output", dir.resolve("out").toString());
    assertThat(cluster.cluster().machines().hosts()).containsExactly("node1", "node2");
    assertThat(cluster.cluster().shell().program()).containsExactly("my-shell", "-q");
    assertThat(cluster.cluster().jobParent()).isEqualTo(dir.resolve("out").resolve("jobs"));
    assertThat(LaplaceDemo.Args.parse("--device", "niodev", "--machines", hosts.toString()).cluster().shell())
        .hasToString("ssh -o BatchMode=yes -o ConnectTimeout=10");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--machines", hosts.toString()))
        .hasMessage("--machines: only with --device niodev (ranks as processes over TCP)");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--device", "niodev", "--remote-shell", "ssh"))
        .hasMessage("--remote-shell: only with --machines");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--device", "niodev", "--machines",
        dir.resolve("absent").toString())).hasMessageContaining("absent: cannot be read");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--supervise"))
        .hasMessageContaining("--supervise: only with --device niodev");
    // Supervised without a checkpoint interval: one every 5 steps; a stated one is kept.
    assertThat(LaplaceDemo.Args.parse("--device", "niodev", "--supervise").checkpointEvery()).isEqualTo(5);
    assertThat(LaplaceDemo.Args.parse("--device", "niodev", "--supervise", "--checkpoint-every", "3")
        .checkpointEvery()).isEqualTo(3);
    assertThat(LaplaceDemo.Args.parse("--device", "niodev").supervise()).isFalse();
    assertThat(LaplaceDemo.Args.parse("--device", "niodev", "--supervise").lossAfter()).hasSeconds(3);
    assertThat(LaplaceDemo.Args.parse("--device", "niodev", "--supervise", "--loss-after", "20").lossAfter())
        .hasSeconds(20);
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--device", "niodev", "--loss-after", "20"))
        .hasMessage("--loss-after: only with --supervise");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--device", "niodev", "--supervise", "--loss-after", "0"))
        .hasMessage("--loss-after = 0: must be in [1, 600]");
  }

  @Test
  void theSupervisorReadsHowFarTheLostRunGot() {
    assertThat(Supervisor.lastStep(java.util.List.of("solved x0=0.3", "step   3/40  x0=0.33", "step  12/40  x0=0.42",
        "lost rank 1 (...)"))).isEqualTo(12);
    assertThat(Supervisor.lastStep(java.util.List.of("MPJ Express (0.44) is started"))).isZero();
  }

  @Test
  void aFileWhereAFolderOrACheckpointBelongsIsRefusedBeforeAnyRankStarts(@TempDir Path dir) throws Exception {
    Path notes = Files.writeString(dir.resolve("notes.txt"), "not a checkpoint\n");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--restart", notes.toString()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("notes.txt: not a checkpoint");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--output", notes.toString()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("notes.txt: is a file");
    // A folder that does not exist yet is fine: the demo creates it.
    assertThat(LaplaceDemo.Args.parse("--output", dir.resolve("new").toString()).output().getFileName().toString()).isEqualTo("new");
  }

  @Test
  void helpAndBadArguments() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      assertThat(LaplaceDemo.run(out, "--help")).isZero();
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("--ranks", "--balancer", "--trigger", "--steps", "--device", "--lmax", "--output",
            "--remap-timeout")
        .as("every balancer and trigger name from the registry").contains(BalancingModules.balancerNames().toArray(String[]::new))
        .contains(BalancingModules.triggerNames().toArray(String[]::new));
    ByteArrayOutputStream version = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(version, true, StandardCharsets.UTF_8)) {
      assertThat(LaplaceDemo.run(out, "--version")).isZero();
    }
    assertThat(version.toString(StandardCharsets.UTF_8)).startsWith("amrbalance demo ");
    // GNU forms: --name=value as --name value.
    assertThat(LaplaceDemo.Args.parse("--ranks=2", "--steps=7").steps()).isEqualTo(7);
    assertThat(LaplaceDemo.Args.parse("--ranks=2").ranks()).isEqualTo(2);
    // Settings of components the run does not use are named; unknown keys and bad values fail before any rank.
    assertThat(LaplaceDemo.Args.parse("--set", "amrbalance.fixed-interval.m=5").unusedSettings())
        .containsExactly("amrbalance.fixed-interval.m");
    assertThat(LaplaceDemo.Args.parse("--trigger", "any:stop-at-rise,fixed-interval", "--set",
        "amrbalance.fixed-interval.m=5", "--set", "amrbalance.service.log=false").unusedSettings()).isEmpty();
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--set", "amrbalance.knapsack.bogus=1"))
        .hasMessageContaining("amrbalance.knapsack.bogus = 1: unknown option of knapsack");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--trigger", "fixed-interval", "--set",
        "amrbalance.fixed-interval.m=abc")).hasMessageContaining("amrbalance.fixed-interval.m = abc");
    LaplaceDemo.Args defaults = LaplaceDemo.Args.parse();
    assertThat(defaults.ranks()).isEqualTo(Math.min(4, Runtime.getRuntime().availableProcessors()));
    assertThat(defaults.runOptions().baseCells()).as("the moving problem").isEqualTo(640);
    assertThat(defaults.runOptions().minBox()).as("the moving problem's smallest refined box").isEqualTo(16);
    assertThat(defaults.steps()).as("along the edge and back").isEqualTo(80);
    assertThat(defaults.balancer()).as("the demo's placement: a curve, as AMReX's default").isEqualTo("sfc-hilbert");
    assertThat(LaplaceDemo.Args.parse("--problem", "small", "--sweeps", "7").runOptions().sweepsPerStep())
        .as("an option overrides the preset").isEqualTo(7);
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--problem", "huge")).hasMessageContaining("--problem = huge");
    assertThat(defaults.device()).isEqualTo(MpjDevice.MULTICORE);
    assertThat(LaplaceDemo.Args.parse("--device", "niodev").device()).isEqualTo(MpjDevice.NIODEV);
    assertThat(defaults.remapTimeout()).isEmpty();
    assertThat(defaults.programArgs()).doesNotContain("--remap-timeout");
    assertThat(LaplaceDemo.Args.parse("--remap-timeout", "2.5").programArgs())
        .containsSubsequence("--remap-timeout", "2.5");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--remap-timeout", "0"))
        .hasMessage("remapTimeout = 0 s: must be positive and at most 86400 s");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--lmax", "-1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--lmax = -1: must be in [0, 6]");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--steps", "x")).hasMessageContaining("--steps = x");
    // The benchmark measures the steps after its warm-up: half of them unless told.
    assertThat(LaplaceDemo.Args.parse("--bench").steps()).isEqualTo(160);
    assertThat(LaplaceDemo.Args.parse("--bench").warmup()).isEqualTo(80);
    assertThat(LaplaceDemo.Args.parse("--bench", "--steps", "30", "--warmup", "0").warmup()).isZero();
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--bench", "--steps", "30", "--warmup", "30"))
        .hasMessage("--warmup = 30: must be less than --steps = 30 (the steps after the warm-up are the ones measured)");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--warmup", "5")).hasMessage("--warmup: only with --bench");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--bogus")).hasMessageContaining("unknown argument '--bogus'");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--output")).hasMessageContaining("--output");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--device", "tcp")).hasMessageContaining("device = tcp");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--balancer", "fastest"))
        .hasMessageContaining("--balancer = fastest: unknown balancer; known: [")
        .hasMessageContaining("grid-packing").hasMessageContaining("knapsack");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--json")).hasMessage("--json: only with --bench");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--base", "32", "--box", "64"))
        .hasMessage("--box = 64: must be at most --base = 32");
    assertThat(LaplaceDemo.Args.parse("--base", "64", "--box", "32").runOptions().baseCells()).isEqualTo(64);
    assertThat(LaplaceDemo.Args.parse().runOptions().calibrate()).as("on by default in the demo").isTrue();
    LaplaceDemo.Args sized = LaplaceDemo.Args.parse("--regrid", "4", "--min-box", "8", "--max-box", "64");
    assertThat(sized.runOptions().regridInterval()).isEqualTo(4);
    assertThat(sized.runOptions().minBox()).isEqualTo(8);
    assertThat(sized.runOptions().maxBox()).isEqualTo(64);
    assertThat(sized.programArgs()).containsSubsequence("--regrid", "4").containsSubsequence("--min-box", "8")
        .containsSubsequence("--max-box", "64");
    assertThat(LaplaceDemo.Args.parse("--progress", "5").programArgs()).containsSubsequence("--progress", "5");
    assertThat(defaults.programArgs()).doesNotContain("--progress");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--progress", "0")).hasMessage("--progress = 0: must be in [1, 100000]");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--min-box", "8", "--max-box", "10"))
        .hasMessageContaining("maxBox = 10");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--trigger", "sometimes"))
        .hasMessageContaining("--trigger = sometimes: unknown trigger; known: [")
        .hasMessageContaining("stop-at-rise").hasMessageContaining("never");
  }
}
