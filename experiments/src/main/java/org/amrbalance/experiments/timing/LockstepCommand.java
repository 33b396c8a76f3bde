package org.amrbalance.experiments.timing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.Values;
import org.amrbalance.experiments.plot.Json;
import org.amrbalance.experiments.plot.Table;
import picocli.CommandLine;

/**
 * {@code lockstep}: how close this machine lets threads doing identical work in lockstep come to running that many
 * times as fast as one ({@link Lockstep}). The figure to read a multi-rank speedup of the demo against: a placement
 * cannot make ranks that meet at every exchange faster than the machine lets equal shares run.
 */
@CommandLine.Command(name = "lockstep", sortOptions = false,
    description = "how close T threads with identical work, meeting after every sweep, come to T times one thread")
public final class LockstepCommand implements Command {
  @CommandLine.Option(names = "--threads", paramLabel = "T", description = "threads (default 2)")
  String threads;

  /** Half the Laplace demo's 858,120 points a step (its default problem on 2 ranks), rounded to a square. */
  @CommandLine.Option(names = "--cells", paramLabel = "N",
      description = "cells of each thread's grid (default 429,025: half the demo's points)")
  String cells;

  @CommandLine.Option(names = "--sweeps", paramLabel = "S",
      description = "sweeps of each grid per mode and round (default 400: about 0.3 s a mode)")
  String sweeps;

  @CommandLine.Option(names = "--rounds", paramLabel = "R", description = "timed rounds (default 7)")
  String rounds;

  @CommandLine.Option(names = "--meet-every", paramLabel = "K",
      description = "the lockstep threads meet after every K-th sweep (default 1): K sweeps per exchange")
  String meetEvery;

  @CommandLine.Option(names = "--json", description = "one JSON object per round, then one for the summary")
  boolean json;

  record Options(int threads, int cells, int sweeps, int rounds, int meetEvery, boolean json) {}

  Options options() {
    return new Options(Values.integer("--threads", threads, 2, 2, 256),
        Values.integer("--cells", cells, 429_025, 9, 100_000_000), Values.integer("--sweeps", sweeps, 400, 1,
        1_000_000), Values.integer("--rounds", rounds, 7, 1, 10_000), Values.integer("--meet-every", meetEvery, 1, 1,
        1_000_000), json);
  }

  @Override
  public int run(Invocation call) throws InterruptedException {
    Options o = options();
    Lockstep lockstep = Lockstep.of(o.threads(), o.cells(), o.sweeps(), o.meetEvery());
    List<Lockstep.Round> measured = lockstep.measure(o.rounds());
    int cores = Runtime.getRuntime().availableProcessors();
    if (o.json()) {
      for (int r = 0; r < measured.size(); r++) {
        Lockstep.Round m = measured.get(r);
        ObjectNode line = Json.object().put("round", r + 1).put("threads", o.threads()).put("cores", cores)
            .put("cellsPerThread", lockstep.cellsPerThread()).put("sweeps", o.sweeps()).put("meetEvery", o.meetEvery());
        line.put("oneThreadSeconds", m.oneThread()).put("freeSeconds", m.free()).put("lockstepSeconds", m.lockstep())
            .put("freeSpeedup", m.freeSpeedup()).put("lockstepSpeedup", m.lockstepSpeedup())
            .put("waitingShare", m.waitingShare());
        call.out().println(Json.line(line));
      }
      ObjectNode summary = Json.object().put("summary", true).put("threads", o.threads()).put("cores", cores);
      summary.put("medianFreeSpeedup", median(measured, Lockstep.Round::freeSpeedup))
          .put("medianLockstepSpeedup", median(measured, Lockstep.Round::lockstepSpeedup))
          .put("medianWaitingShare", median(measured, Lockstep.Round::waitingShare));
      call.out().println(Json.line(summary));
      return 0;
    }
    call.out().printf(Locale.ROOT, "%d threads on %d cores, %,d cells each, %d sweeps a mode and round; every"
        + " round runs one thread, then %d free threads, then %d threads meeting after every %s%n%n", o.threads(),
        cores, lockstep.cellsPerThread(), o.sweeps(), o.threads(), o.threads(),
        o.meetEvery() == 1 ? "sweep" : o.meetEvery() + " sweeps");
    Table table = Table.withColumns("round", "one thread (s)", "free (s)", "lockstep (s)", "free speedup",
        "lockstep speedup", "waiting share");
    for (int r = 0; r < measured.size(); r++) {
      Lockstep.Round m = measured.get(r);
      table.add(r + 1, fixed(m.oneThread(), 3), fixed(m.free(), 3), fixed(m.lockstep(), 3),
          fixed(m.freeSpeedup(), 2), fixed(m.lockstepSpeedup(), 2), fixed(m.waitingShare(), 2));
    }
    call.out().print(table.toMarkdown());
    call.out().printf(Locale.ROOT, "%nmedian over the rounds: free %s, lockstep %s times one thread; waiting %.2f of a"
        + " lockstep thread's time%n", spread(measured, Lockstep.Round::freeSpeedup),
        spread(measured, Lockstep.Round::lockstepSpeedup), median(measured, Lockstep.Round::waitingShare));
    return 0;
  }

  private static String fixed(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  static double median(List<Lockstep.Round> rounds, ToDoubleFunction<Lockstep.Round> f) {
    double[] v = rounds.stream().mapToDouble(f).sorted().toArray();
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  /** "median [least, greatest]" of the rounds, two decimals. */
  private static String spread(List<Lockstep.Round> rounds, ToDoubleFunction<Lockstep.Round> f) {
    java.util.DoubleSummaryStatistics range = rounds.stream().mapToDouble(f).summaryStatistics();
    return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", median(rounds, f), range.getMin(), range.getMax());
  }
}
