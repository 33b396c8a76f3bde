package org.amrbalance.experiments.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.amrbalance.experiments.plot.Table;
import org.openjdk.jmh.annotations.Fork;

/**
 * The results of one {@code bench} run, with the machine they were measured on, written as
 * {@code benchmarks.md} (tables of milliseconds per call, one row per balancer and grid count, one column
 * per rank count) and as CSV files ({@code benchmarks.csv}, {@code memory.csv}) whose rows carry the core count,
 * JVM and command line.
 */
public final class BenchSummary {
  /** Time the grid-indivisibility issue asks for 10^5 grids on 16,384 processors. */
  static final double TARGET_MS = 1000;

  private final String commandLine;
  private final BenchPlan plan;
  private final List<TimingResult> timings;
  private final List<MemoryResult> memory;
  private final int cores;
  private final String jvm;
  private final double loadAverage;
  private final double loadAtStart;

  /** {@code loadAtStart}: the 1-minute load average before the first benchmark, negative if unknown. */
  public BenchSummary(String commandLine, BenchPlan plan, List<TimingResult> timings, List<MemoryResult> memory,
      double loadAtStart) {
    this.loadAtStart = loadAtStart;
    this.commandLine = commandLine;
    this.plan = plan;
    this.timings = List.copyOf(timings);
    this.memory = List.copyOf(memory);
    this.cores = Runtime.getRuntime().availableProcessors();
    this.jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version", "?");
    this.loadAverage = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  public int cores() {
    return cores;
  }

  public String jvm() {
    return jvm;
  }

  /** Writes {@code benchmarks.md}, {@code benchmarks.csv} and, with memory results, {@code memory.csv}. */
  public List<Path> write(Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>();
    Path md = dir.resolve("benchmarks.md");
    Files.writeString(md, markdown(), StandardCharsets.UTF_8);
    files.add(md);
    if (hasScaleTargets()) {
      Path scale = dir.resolve("bench-scale.md");
      Files.writeString(scale, scaleTargets(), StandardCharsets.UTF_8);
      files.add(scale);
    }
    if (!timings.isEmpty()) {
      Path csv = dir.resolve("benchmarks.csv");
      timingCsv().writeCsv(csv);
      files.add(csv);
    }
    if (!memory.isEmpty()) {
      Path csv = dir.resolve("memory.csv");
      memoryCsv().writeCsv(csv);
      files.add(csv);
    }
    return files;
  }

  Table timingCsv() {
    Table t = Table.withColumns("benchmark", "balancer", "grids", "ranks", "ms_per_call", "error_ms_99.9",
        "iterations", "cpu_ms_per_call", "cores", "jvm", "file", "command", "median_ms_per_call", "failure");
    for (TimingResult r : timings) {
      t.add(r.benchmark(), r.balancer(), r.grids(), r.ranks(), r.scoreMs(), r.errorMs(), r.iterations(), r.cpuMs(), cores, jvm,
          r.file(), commandLine, r.medianMs(), r.failure());
    }
    return t;
  }

  Table memoryCsv() {
    Table t = Table.withColumns("balancer", "grids", "ranks", "max_heap_bytes", "status", "live_before_bytes",
        "peak_bytes", "live_after_bytes", "seconds", "pieces", "cores", "jvm", "command");
    for (MemoryResult r : memory) {
      t.add(r.balancer(), r.grids(), r.ranks(), r.maxHeapBytes(), r.status(), r.liveBeforeBytes(), r.peakBytes(),
          r.liveAfterBytes(), r.seconds(), r.pieces(), cores, jvm, commandLine);
    }
    return t;
  }

  public String markdown() {
    StringBuilder s = new StringBuilder("# Balancer benchmarks\n\n");
    s.append("- command: `").append(commandLine).append("`\n");
    s.append("- machine: ").append(cores).append(" cores (`availableProcessors`), ")
        .append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.arch"))
        .append(loadAverage >= 0 ? String.format(Locale.ROOT, ", load average %.1f when the run ended", loadAverage)
            : "").append('\n');
    s.append("- JVM: ").append(jvm).append(", max heap ").append(Runtime.getRuntime().maxMemory() >> 20)
        .append(" MiB\n");
    s.append(String.format(Locale.ROOT, "- JMH: forks %d, %d warm-up and %d measured iterations of %d ms,"
        + " one thread, average time per `balance` call%n", plan.forks(), plan.warmupIterations(),
        plan.measurementIterations(), plan.iterationMillis()));
    s.append("- input: `ScaleHierarchy` (seeded 2-D, three levels, ratio 2: 40% small level-0 tiles, 30% on each"
        + " finer level), hypercube machines\n\n");

    List<TimingResult> scale = timings.stream().filter(r -> r.benchmark().equals(JmhBench.BALANCE)).toList();
    if (!scale.isEmpty()) {
      s.append("## Time to balance (ms per call, ± 99.9% half-width)\n\n");
      s.append(pivot(scale, r -> r.balancer() + "\u0000" + r.grids(), "grids").toMarkdown()).append('\n');
      List<String> skipped = new ArrayList<>();
      for (String b : plan.balancers()) {
        if (!plan.skippedFor(b).isEmpty()) {
          skipped.add("`" + b + "` at " + plan.skippedFor(b) + " grids (limited to "
              + plan.maxGrids().get(b) + ")");
        }
      }
      if (!skipped.isEmpty()) {
        s.append("Not measured: ").append(String.join("; ", skipped)).append(".\n\n");
      }
    }
    List<TimingResult> real = timings.stream().filter(r -> r.benchmark().equals(JmhBench.REAL)).toList();
    if (!real.isEmpty()) {
      s.append("## Time to balance the real hierarchies (ms per call)\n\n");
      s.append(pivot(real, r -> r.balancer() + "\u0000" + r.file(), "file").toMarkdown()).append('\n');
    }
    List<TimingResult> triggers = timings.stream().filter(r -> r.benchmark().equals(JmhBench.TRIGGER)).toList();
    if (!triggers.isEmpty()) {
      s.append("## Cost of one trigger step (microseconds per step, `onStep` plus `onRemap` when it fires)\n\n");
      Table t = Table.withColumns("trigger", "ranks", "us per step", "error (99.9%)");
      for (TimingResult r : triggers) {
        t.add(r.balancer(), r.ranks(), String.format(Locale.ROOT, "%.3g", r.scoreMs() * 1e3),
            Double.isNaN(r.errorMs()) ? "-" : String.format(Locale.ROOT, "%.2g", r.errorMs() * 1e3));
      }
      s.append(t.toMarkdown()).append('\n');
    }
    List<TimingResult> target = timings.stream().filter(r -> r.benchmark().equals(JmhBench.TARGET)).toList();
    if (!target.isEmpty()) {
      s.append("## Grid-indivisibility, sequential L1, single core (target: under 1 s for 10^5 grids on 16,384"
          + " processors)\n\n");
      s.append("Wall time from JMH; CPU time of the balancing thread, median of " + JmhBench.CPU_CALLS
          + " calls after " + JmhBench.CPU_WARMUPS + " warm-up calls, measured apart (on a loaded machine wall time"
          + " grows with the load, CPU time much less).\n\n");
      Table t = Table.withColumns("grids", "ranks", "wall ms per call", "CPU ms per call", "wall under 1 s",
          "CPU under 1 s");
      for (TimingResult r : target) {
        t.add(r.grids(), r.ranks(), cell(r), Double.isNaN(r.cpuMs()) ? "-" : String.format(Locale.ROOT, "%.3g",
            r.cpuMs()), r.scoreMs() < TARGET_MS ? "yes" : "no",
            Double.isNaN(r.cpuMs()) ? "-" : r.cpuMs() < TARGET_MS ? "yes" : "no");
      }
      s.append(t.toMarkdown()).append('\n');
    }
    if (hasScaleTargets()) {
      s.append("## Scale targets: default options, single core, -Xmx2g (under 10 s for grid-packing, 2 s for every"
          + " other balancer, on 10^6 grids and 65,536 processors)\n\n");
      s.append(scaleTargets());
    }
    if (!memory.isEmpty()) {
      s.append("## Heap: one balance call in a fresh JVM with -Xmx").append(memory.get(0).maxHeapBytes() >> 20)
          .append("m\n\n");
      s.append("Live heap is measured after a full GC (before: hierarchy and problem; after: plus the"
          + " assignment); peak is the sum of the heap pools' peaks during the call, an upper bound.\n\n");
      Table t = Table.withColumns("balancer", "grids", "ranks", "status", "live before (MiB)", "peak (MiB)",
          "live after (MiB)", "pieces", "time (s)");
      for (MemoryResult r : memory) {
        t.add(r.balancer(), r.grids(), r.ranks(), r.status(), mib(r.liveBeforeBytes()), mib(r.peakBytes()),
            mib(r.liveAfterBytes()), r.pieces() < 0 ? "-" : Long.toString(r.pieces()),
            Double.isNaN(r.seconds()) ? "-" : String.format(Locale.ROOT, "%.2f", r.seconds()));
      }
      s.append(t.toMarkdown()).append('\n');
    }
    return s.toString();
  }

  private boolean hasScaleTargets() {
    return timings.stream().anyMatch(r -> r.benchmark().equals(JmhBench.SCALE_TARGET));
  }

  /**
   * The scale targets as a block of its own, for {@code docs/benchmarks.md}: how they were measured (command,
   * cores, load, heap, JMH settings) and one row per balancer with its median time, target and verdict.
   */
  public String scaleTargets() {
    StringBuilder s = new StringBuilder();
    s.append("- command: `").append(commandLine).append("`\n");
    s.append("- machine: ").append(cores).append(" cores (`nproc`), ").append(System.getProperty("os.name"))
        .append(' ').append(System.getProperty("os.arch")).append(", ").append(jvm).append('\n');
    if (loadAverage >= 0) {
      s.append(String.format(Locale.ROOT, "- load average (1 min): %.1f when the run started, %.1f when it ended%n",
          loadAtStart, loadAverage));
    }
    int forks = JmhBench.scaleForks(plan.forks());
    s.append("- heap: ").append(forks == 0 ? "max " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB (in process)"
        : String.join(" ", ScaleTarget.class.getAnnotation(Fork.class).jvmArgsAppend()) + " in each JMH fork")
        .append('\n');
    s.append(String.format(Locale.ROOT, "- JMH: %s, %d warm-up and %d measured iterations of %d ms (at least one call"
        + " each), one thread; the median is over the measured iterations of every fork%n%n",
        forks == 0 ? "in process" : forks + " forks", plan.warmupIterations(), plan.measurementIterations(),
        plan.iterationMillis()));
    Table t = Table.withColumns("balancer", "grids", "ranks", "median s per call", "mean s ± 99.9%", "target s",
        "met");
    for (TimingResult r : timings) {
      if (!r.benchmark().equals(JmhBench.SCALE_TARGET)) {
        continue;
      }
      double limit = ScaleTarget.limitMs(r.balancer());
      String target = String.format(Locale.ROOT, "%.0f", limit / 1e3);
      if (!r.ok()) {
        t.add(r.balancer(), r.grids(), r.ranks(), r.failure(), "-", target, "no");
        continue;
      }
      String mean = String.format(Locale.ROOT, "%.2f", r.scoreMs() / 1e3)
          + (Double.isFinite(r.errorMs()) ? String.format(Locale.ROOT, " ± %.2f", r.errorMs() / 1e3) : "");
      t.add(r.balancer(), r.grids(), r.ranks(), String.format(Locale.ROOT, "%.2f", r.medianMs() / 1e3), mean, target,
          r.medianMs() < limit ? "yes" : "no");
    }
    return s.append(t.toMarkdown()).toString();
  }

  /** One row per balancer and input (named by {@code key}, then split), one column per rank count. */
  private static Table pivot(List<TimingResult> rows, Function<TimingResult, String> key, String input) {
    TreeSet<Integer> ranks = new TreeSet<>();
    rows.forEach(r -> ranks.add(r.ranks()));
    Map<String, Map<Integer, TimingResult>> byRow = new LinkedHashMap<>();
    for (TimingResult r : rows) {
      byRow.computeIfAbsent(key.apply(r), k -> new LinkedHashMap<>()).put(r.ranks(), r);
    }
    List<String> header = new ArrayList<>(List.of("balancer", input));
    ranks.forEach(p -> header.add(p + " ranks"));
    Table t = Table.withColumns(header.toArray(String[]::new));
    for (Map.Entry<String, Map<Integer, TimingResult>> e : byRow.entrySet()) {
      String[] parts = e.getKey().split("\u0000");
      List<Object> row = new ArrayList<>(List.of(parts[0], parts[1]));
      for (int p : ranks) {
        TimingResult r = e.getValue().get(p);
        row.add(r == null ? "-" : cell(r));
      }
      t.add(row.toArray());
    }
    return t;
  }

  private static String cell(TimingResult r) {
    String score = String.format(Locale.ROOT, "%.3g", r.scoreMs());
    return Double.isFinite(r.errorMs()) ? score + " ± " + String.format(Locale.ROOT, "%.2g", r.errorMs()) : score;
  }

  private static String mib(long bytes) {
    return bytes < 0 ? "-" : String.format(Locale.ROOT, "%.1f", bytes / (double) (1 << 20));
  }
}
