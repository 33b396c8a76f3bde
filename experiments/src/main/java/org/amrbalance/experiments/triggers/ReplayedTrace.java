package org.amrbalance.experiments.triggers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.models.ComparisonWorkload;
import org.amrbalance.experiments.models.RunResult;
import org.amrbalance.experiments.models.StepTimeNoise;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.readers.trace.StepTraceReader;
import org.amrbalance.spi.RemapPolicy;

/**
 * A recorded step-time trace as a comparison workload, replayed as {@code replay} replays it ({@link TraceReplay}:
 * an unrecorded remap leaves the imbalance measured after the trace's own remaps, each remap costs what the trace
 * measured there or else their mean). A trace is one path: every seed replays the same times, and replicates differ
 * only in the noise put on them. The noise's sums cover the steps a trigger is told; the last step, after which no
 * trigger is asked, enters without noise. Remap costs are in the trace's seconds.
 */
@Immutable
public final class ReplayedTrace implements ComparisonWorkload {
  /** Where the demo's traces are kept, relative to the checkout. */
  public static final Path FOLDER = Path.of("docs", "results");
  /** The demo benchmark's traces, recorded under the adaptive and the every-regrid trigger. */
  public static final List<String> DEMO_TRACES = List.of("replay-bench-adaptive.csv.gz",
      "replay-bench-every-regrid.csv.gz");

  private final String label;
  private final TraceReplay replay;

  private ReplayedTrace(String label, TraceReplay replay) {
    this.label = label;
    this.replay = replay;
  }

  /**
   * The trace in {@code file}, labelled {@code trace:NAME} after its file name.
   *
   * @throws IOException if it cannot be read or is no trace, or records no remap (and so no remap cost)
   */
  public static ReplayedTrace read(Path file) throws IOException {
    StepTrace trace = StepTraceReader.read(file);
    try {
      RemapModel model = RemapModel.parse("measured", TraceReplay.measuredLevel(trace));
      String name = file.getFileName().toString().replaceFirst("\\.gz$", "").replaceFirst("\\.csv$", "");
      return new ReplayedTrace("trace:" + name, TraceReplay.of(trace, model, Double.NaN));
    } catch (UsageException | IllegalArgumentException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@link #FOLDER} under the current directory or the nearest of its parents that has the demo's traces, else
   * the same from where this class was loaded (the launcher jar, {@code experiments/target}): found from any folder
   * of the checkout and from wherever the jar is run. Empty if none has them.
   */
  public static Optional<Path> demoFolder() {
    List<Path> starts = new ArrayList<>(List.of(Path.of("").toAbsolutePath()));
    try {
      java.security.CodeSource code = ReplayedTrace.class.getProtectionDomain().getCodeSource();
      if (code != null) {
        starts.add(Path.of(code.getLocation().toURI()).toAbsolutePath());
      }
    } catch (java.net.URISyntaxException | SecurityException | IllegalArgumentException e) {
      // No location to search from: the working directory alone.
    }
    for (Path start : starts) {
      for (Path dir = start; dir != null; dir = dir.getParent()) {
        if (Files.isRegularFile(dir.resolve(FOLDER).resolve(DEMO_TRACES.get(0)))) {
          return Optional.of(dir.resolve(FOLDER));
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public int steps() {
    return replay.steps();
  }

  /** The mean remap cost the trace measured, in seconds. */
  @Override
  public double cost() {
    return replay.meanMeasuredCost();
  }

  @Override
  public String label() {
    return label;
  }

  /** The trace's path whatever the seed. */
  @Override
  public RunResult run(long seed, RemapPolicy policy) {
    return result(replay.run(() -> policy));
  }

  @Override
  public RunResult run(long seed, StepTimeNoise noise, RemapPolicy policy) {
    StepTimeNoise.Noisy noisy = noise.wrap(policy, ComparisonWorkload.noiseSeed(seed));
    TraceReplay.Run run = replay.run(() -> noisy);
    RunResult measured = noisy.result(result(run));
    int last = run.avg().length - 1;
    return new RunResult(measured.sumAverage() + run.avg()[last], measured.sumMax() + run.max()[last],
        measured.remaps(), measured.remapCost(), measured.completedIntervals(), measured.completedIntervalSteps());
  }

  /** The replay's sums; the remaps' cost as their mean, so that the total is what the trace measured. */
  private static RunResult result(TraceReplay.Run run) {
    double sumAvg = 0;
    double sumMax = 0;
    double sumCost = 0;
    for (int i = 0; i < run.avg().length; i++) {
      sumAvg += run.avg()[i];
      sumMax += run.max()[i];
      sumCost += run.cost()[i];
    }
    int remaps = run.remaps();
    // The replay keeps no interval lengths; no caller of a comparison reads them.
    return new RunResult(sumAvg, sumMax, remaps, remaps == 0 ? 0 : sumCost / remaps, remaps, 0);
  }

  @Override
  public String toString() {
    return "ReplayedTrace[" + label + ", " + steps() + " steps]";
  }
}
