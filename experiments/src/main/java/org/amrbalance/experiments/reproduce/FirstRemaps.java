package org.amrbalance.experiments.reproduce;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.amrbalance.experiments.models.ComparisonWorkload;
import org.amrbalance.experiments.models.PairedDifference;
import org.amrbalance.experiments.models.RunResult;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.RemapPolicies;

/**
 * Where the adaptive trigger loses against a fixed interval on one row of the trigger comparison: the step of its
 * first remap on each replicate, the paired difference adaptive − fixed(m) by that step, and the same difference when
 * the first remap is forced at a given step and the trigger decides every later one. A forced first remap is an
 * experiment, not a rule (no trigger knows the best interval); it measures how much of the loss the first interval
 * carries.
 */
public final class FirstRemaps {
  private FirstRemaps() {}

  /**
   * One replicate.
   *
   * @param firstRemap the step of the adaptive trigger's first remap (0: it never remapped)
   * @param adaptive its utilization
   * @param forced the utilization with the first remap forced at the given step
   * @param forcedFirst the step the forced run first remapped at
   * @param fixed the fixed interval's utilization
   */
  record Replicate(int firstRemap, double adaptive, double forced, int forcedFirst, double fixed) {}

  /** The replicates of {@code row}, tuning seeds {@code row.seed()} on; the first remap forced at {@code force}. */
  static List<Replicate> run(TriggerComparison.Row row, int replicates, int fixed, int force) {
    Checks.check(replicates >= 2, "replicates", replicates, "must be >= 2");
    Checks.check(fixed >= 1, "fixed", fixed, "must be >= 1");
    Checks.check(force >= 1, "force", force, "must be >= 1");
    Supplier<RemapPolicy> adaptive = TriggerComparison.triggers(row.workload()).get(RemapPolicies.ADAPTIVE.name());
    ComparisonWorkload w = row.workload();
    Replicate[] out = new Replicate[replicates];
    IntStream.range(0, replicates).parallel().forEach(r -> {
      long seed = row.seed() + r;
      FirstStep watched = new FirstStep(adaptive.get(), Integer.MAX_VALUE);
      RunResult a = w.run(seed, row.noise(), watched);
      FirstStep forcing = new FirstStep(adaptive.get(), force);
      RunResult f = w.run(seed, row.noise(), forcing);
      RunResult x = w.run(seed, row.noise(), RemapPolicies.fixedInterval(fixed));
      out[r] = new Replicate(watched.first, a.utilization(), f.utilization(), forcing.first, x.utilization());
    });
    return List.of(out);
  }

  /** The report: totals, then the difference by the first remap's step in bins of {@code bin} steps. */
  static String markdown(TriggerComparison.Row row, List<Replicate> reps, int fixed, int force, int bin) {
    Checks.check(bin >= 1, "bin", bin, "must be >= 1");
    int n = reps.size();
    double[] a = new double[n];
    double[] f = new double[n];
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = reps.get(i).adaptive();
      f[i] = reps.get(i).forced();
      x[i] = reps.get(i).fixed();
    }
    PairedDifference adaptive = PairedDifference.of(a, x);
    StringBuilder md = new StringBuilder();
    md.append(String.format(Locale.ROOT, "%s, %s: %d tuning replicates from seed %d.%n%n", row.workload().label(),
        row.noise().label(), n, row.seed()));
    md.append(String.format(Locale.ROOT, "- adaptive − fixed(%d): %s%n", fixed, interval(adaptive)));
    md.append(String.format(Locale.ROOT, "- adaptive with its first remap forced at step %d − fixed(%d): %s%n%n",
        force, fixed, interval(PairedDifference.of(f, x))));
    md.append(String.format(Locale.ROOT, "| first remap at step | replicates | adaptive − fixed(%d), mean"
        + " | share of the mean difference |%n|---|---|---|---|%n", fixed));
    double total = n * adaptive.mean();
    // Per bin of first-remap steps (the key -1 for a run that never remapped): replicates and summed difference.
    TreeMap<Integer, double[]> bins = new TreeMap<>();
    for (Replicate r : reps) {
      double[] b = bins.computeIfAbsent(r.firstRemap() == 0 ? -1 : r.firstRemap() / bin, k -> new double[2]);
      b[0]++;
      b[1] += r.adaptive() - r.fixed();
    }
    for (Map.Entry<Integer, double[]> e : bins.tailMap(0).entrySet()) {
      int b = e.getKey();
      md.append(row((b * bin) + "–" + (b * bin + bin - 1), e.getValue(), total));
    }
    if (bins.containsKey(-1)) {
      md.append(row("never", bins.get(-1), total));
    }
    return md.toString();
  }

  /** Mean [95% interval] to five places: the losses here are a few ten-thousandths. */
  private static String interval(PairedDifference d) {
    return String.format(Locale.ROOT, "%+.5f [%+.5f, %+.5f]", d.mean(), d.low(), d.high());
  }

  /** A table row: {@code bin} holds the replicates and their summed difference. */
  private static String row(String steps, double[] bin, double total) {
    return String.format(Locale.ROOT, "| %s | %d | %+.5f | %s |%n", steps, (int) bin[0], bin[1] / bin[0],
        total == 0 ? "–" : String.format(Locale.ROOT, "%.2f", bin[1] / total));
  }

  /** A policy that notes the step of its first remap and, when told, asks for it at {@code force} instead. */
  private static final class FirstStep implements RemapPolicy {
    private final RemapPolicy inner;
    private final int force;
    private int step;
    int first;

    FirstStep(RemapPolicy inner, int force) {
      this.inner = inner;
      this.force = force;
    }

    @Override
    public RemapDecision onStep(StepTimes times) {
      step++;
      RemapDecision d = inner.onStep(times);
      if (first == 0 && force != Integer.MAX_VALUE) {
        // Before the forced remap the trigger learns from every step, but its own requests are declined.
        if (d.shouldRemap()) {
          inner.onRemapSkipped();
        }
        d = step == force ? RemapDecision.remap("first remap forced at step " + force) : RemapDecision.keep();
      }
      if (d.shouldRemap() && first == 0) {
        first = step;
      }
      return d;
    }

    @Override
    public void onRemap(double measuredCost) {
      inner.onRemap(measuredCost);
    }

    @Override
    public RemapDecision onRegrid() {
      return inner.onRegrid();
    }
  }
}
