package org.amrbalance.experiments.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Transfer;
import org.amrbalance.spi.internal.Checks;

/**
 * What a step and a remap cost in seconds. A step of a Berger–Oliger solver advances level by level and waits for
 * the slowest rank at each, so it costs {@code secondsPerWork} × the level-synchronous makespan (Σ over levels of the
 * most loaded rank's work there, {@link BalanceReport#levelSynchronousMakespan()}) plus {@code secondsPerStep} that
 * no placement changes, plus {@code secondsOutside}: what a step spends outside the ranks' own work (exchanges,
 * waiting, regrid), measured by the trace's wall rows and taken to be the same on any rank count, since on more ranks
 * the copies split but the messages and waits grow, and every rank repeats the regrid's clustering. A remap moves
 * what {@link MigrationPlan} says: the busiest rank's bytes at {@code bytesPerSecond} plus {@code latency} per
 * message it sends or receives.
 *
 * <p>Ranks that meet at every exchange run at the pace of the slower one: on a machine whose cores do not keep equal
 * speed (a shared virtual machine), equal shares on R ranks take 1/{@code lockstepEfficiency} times 1/R of one rank's
 * time ({@code amrbalance lockstep} measures it, as its lockstep speedup over R). A trace from one rank cannot show
 * this, so predictions for more ranks than the trace's single one divide the work term by it; a trace from several
 * ranks carries it already, and then it is not applied.
 *
 * @param measuredRanks the trace's rank count (0: no trace)
 * @param lockstepEfficiency the machine's lockstep speedup over the rank count, in (0, 1]; 1 assumes full speed
 * @param source how the numbers were obtained, said with every prediction
 */
record StepCostModel(double secondsPerWork, double secondsPerStep, double secondsOutside, double bytesPerSecond,
    double latency, int measuredRanks, double lockstepEfficiency, String source) {
  /** 10 ns per unit of work (a cell update of a stencil kernel), nothing per step. */
  static final double ASSUMED_SECONDS_PER_WORK = 1e-8;
  /** A commodity cluster link: 1 GB/s. */
  static final double ASSUMED_BYTES_PER_SECOND = 1e9;
  /** 50 µs per message. */
  static final double ASSUMED_LATENCY = 5e-5;

  StepCostModel {
    Checks.finitePositive("secondsPerWork", secondsPerWork);
    Checks.finiteNonNegative("secondsPerStep", secondsPerStep);
    Checks.finiteNonNegative("secondsOutside", secondsOutside);
    Checks.finitePositive("bytesPerSecond", bytesPerSecond);
    Checks.finiteNonNegative("latency", latency);
    Checks.check(measuredRanks >= 0, "measuredRanks", measuredRanks, "must be >= 0");
    Checks.check(lockstepEfficiency > 0 && lockstepEfficiency <= 1, "lockstepEfficiency", lockstepEfficiency,
        "must be in (0, 1]");
  }

  /** The same model with ranks in lockstep running at {@code efficiency} of full speed ({@code 1}: as measured). */
  StepCostModel withLockstepEfficiency(double efficiency) {
    if (efficiency == 1) {
      return this;
    }
    return new StepCostModel(secondsPerWork, secondsPerStep, secondsOutside, bytesPerSecond, latency, measuredRanks,
        efficiency, source + String.format(Locale.ROOT, "; ranks in lockstep at %.3g of full speed (given), on more"
            + " ranks than a one-rank trace's", efficiency));
  }

  static StepCostModel assumed(double bytesPerSecond, double latency) {
    return new StepCostModel(ASSUMED_SECONDS_PER_WORK, 0, 0, bytesPerSecond, latency, 0, 1, String.format(Locale.ROOT,
        "assumed (no trace): %.3g s per unit of work, nothing per step or outside the work, migration at %.3g B/s"
            + " and %.3g s per message",
        ASSUMED_SECONDS_PER_WORK, bytesPerSecond, latency));
  }

  /**
   * Fitted to a trace: each measured step's slowest rank against the work the placement of that step left on the
   * slowest rank (the level-synchronous makespan), by least squares t = a·w + b with b ≥ 0. {@code makespans} gives,
   * per trace step, that work (NaN: the step is not used). The time outside the work is the mean over the steps with
   * a wall row of the wall time less the slowest rank's and the step's recorded remaps (0 without wall rows: said).
   */
  static StepCostModel fitted(StepTrace trace, double[] makespans, double bytesPerSecond, double latency) {
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < trace.steps().size(); i++) {
      if (!Double.isNaN(makespans[i]) && makespans[i] > 0) {
        points.add(new double[] {makespans[i], trace.steps().get(i).max()});
      }
    }
    Checks.check(!points.isEmpty(), "trace", trace.source(), "has no step to calibrate on");
    double n = points.size();
    double sw = 0;
    double st = 0;
    double sww = 0;
    double swt = 0;
    for (double[] p : points) {
      sw += p[0];
      st += p[1];
      sww += p[0] * p[0];
      swt += p[0] * p[1];
    }
    double var = sww - sw * sw / n;
    double a = var > 1e-12 * sww ? (swt - sw * st / n) / var : Double.NaN;
    double b = Double.isNaN(a) ? Double.NaN : (st - a * sw) / n;
    if (!(a > 0) || !(b >= 0)) { // too little variation, or a line through the origin fits better: no constant
      a = swt / sww;
      b = 0;
    }
    double residual = 0;
    for (double[] p : points) {
      residual += Math.pow(p[1] - (a * p[0] + b), 2);
    }
    double outsideSum = 0;
    int walls = 0;
    for (StepTrace.Step s : trace.steps()) {
      if (s.wall().isPresent()) {
        outsideSum += Math.max(0, s.wall().getAsDouble() - s.max() - s.remapBefore().orElse(0)
            - s.remapAfter().orElse(0));
        walls++;
      }
    }
    double outside = walls == 0 ? 0 : outsideSum / walls;
    return new StepCostModel(a, b, outside, bytesPerSecond, latency, trace.ranks(), 1, String.format(Locale.ROOT,
        "calibrated from %s (%d steps on %d rank%s): %.4g s per unit of work + %.4g s per step (rms error %.3g s)"
            + " + %s; migration assumed at %.3g B/s and %.3g s per message (a trace does not say what moved)",
        trace.source(), points.size(), trace.ranks(), trace.ranks() == 1 ? "" : "s", a, b,
        Math.sqrt(residual / n), walls == 0 ? "nothing outside the ranks' work (the trace has no wall rows)"
            : String.format(Locale.ROOT, "%.4g s per step outside it (exchanges, waiting, regrid: the mean of %d wall"
                + " rows less the slowest rank and remaps, taken as the same on any rank count)", outside, walls),
        bytesPerSecond, latency));
  }

  /** Seconds of one step under the placement {@code report} measured. */
  double stepSeconds(BalanceReport report) {
    boolean unseenLockstep = report.ranks() > 1 && measuredRanks <= 1;
    double work = secondsPerWork * report.levelSynchronousMakespan();
    return (unseenLockstep ? work / lockstepEfficiency : work) + secondsPerStep + secondsOutside;
  }

  /** What a remap costs: the busiest rank's seconds, and the bytes that change rank in all. */
  record Migration(double seconds, long bytes) {}

  /** The migration from {@code from} to {@code to}, from one plan: the busiest rank's bytes and messages. */
  Migration migration(Assignment from, Assignment to) {
    long[] bytes = new long[to.ranks()];
    int[] messages = new int[to.ranks()];
    long moved = 0;
    for (Transfer t : MigrationPlan.between(from, to).transfers()) {
      if (t.fromRank() != t.toRank()) {
        bytes[t.fromRank()] += t.bytes();
        bytes[t.toRank()] += t.bytes();
        messages[t.fromRank()]++;
        messages[t.toRank()]++;
        moved += t.bytes();
      }
    }
    double worst = 0;
    for (int r = 0; r < bytes.length; r++) {
      worst = Math.max(worst, bytes[r] / bytesPerSecond + messages[r] * latency);
    }
    return new Migration(worst, moved);
  }
}
