package org.amrbalance.experiments.reproduce;

import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.amrbalance.experiments.models.ComparisonWorkload;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.RemapPolicies;
import org.amrbalance.triggers.loads.CarriedModel;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.NonPositiveDefiniteMatrixException;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;

/**
 * How well the steps of one run pin how fast the loads drift apart, the quantity the adaptive trigger's intervals
 * follow from: steps drawn from a load model (the one the trigger learned on a row's tuning runs, averaged) are fed
 * to the trigger with a remap every m steps, and after a given number of intervals the growth of a rank's spread over
 * m steps it has learned (slope·m² + wander·m) is set beside the maximum-likelihood estimate from the same shares.
 * Maximum likelihood is the reference no estimator beats by much on this much data; if the trigger's estimate spreads
 * as widely, what it loses while it learns is what the steps cannot tell yet, not how it reads them.
 */
public final class FitSpread {
  private FitSpread() {}

  /** Variances floored here in the likelihood's search (log scale): a variance of 0 sits at this bound. */
  private static final double FLOOR = 1e-14;

  /**
   * A load model: a rank's deviation y(k) = ℓ(k) + ε after a remap, ℓ(0) ~ N(0, residue), drift b ~ N(0, slope),
   * ℓ(k) = ℓ(k − 1) + b + η with η ~ N(0, wander), ε ~ N(0, noise) (the adaptive trigger's model, docs/triggers.md).
   */
  record Model(double residue, double slope, double wander, double noise) {
    Model {
      Checks.finiteNonNegative("residue", residue);
      Checks.finiteNonNegative("slope", slope);
      Checks.finiteNonNegative("wander", wander);
      Checks.finiteNonNegative("noise", noise);
    }

    static Model of(CarriedModel m) {
      return new Model(m.residue(), m.slope(), m.wander(), m.noise());
    }

    /** The growth of a rank's spread over {@code h} steps after a remap, slope·h² + wander·h. */
    double growth(int h) {
      return slope * h * (double) h + wander * h;
    }

    /** The covariance of one rank's deviations over steps 1..n of an interval. */
    RealMatrix covariance(int n) {
      double[][] c = new double[n][n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          c[i][j] = residue + slope * (i + 1.0) * (j + 1.0) + wander * (Math.min(i, j) + 1.0) + (i == j ? noise : 0);
        }
      }
      return new Array2DRowRealMatrix(c, false);
    }
  }

  /** One count of intervals: the growth each replicate's trigger learned and the likelihood's, per replicate. */
  record Checkpoint(int intervals, double[] trigger, double[] likelihood) {}

  /** The adaptive trigger's learned models after {@code runs} tuning runs of {@code row}, averaged. */
  static Model pooled(TriggerComparison.Row row, int runs) {
    Checks.check(runs >= 1, "runs", runs, "must be >= 1");
    ComparisonWorkload w = row.workload();
    Supplier<RemapPolicy> adaptive = TriggerComparison.triggers(w).get(RemapPolicies.ADAPTIVE.name());
    double[] sum = new double[4];
    for (int r = 0; r < runs; r++) {
      RemapPolicy p = adaptive.get();
      w.run(row.seed() + r, row.noise(), p);
      Model m = learned(p);
      sum[0] += m.residue();
      sum[1] += m.slope();
      sum[2] += m.wander();
      sum[3] += m.noise();
    }
    return new Model(sum[0] / runs, sum[1] / runs, sum[2] / runs, sum[3] / runs);
  }

  /**
   * {@code replicates} runs of {@code ranks} ranks drawn from {@code truth} (seeds {@code seed} on), a remap every
   * {@code interval} steps; after each count in {@code checkpoints} (ascending) the two estimates of the growth over
   * {@code interval} steps.
   */
  static List<Checkpoint> run(Model truth, int ranks, int interval, List<Integer> checkpoints, int replicates,
      long seed) {
    Checks.check(ranks >= 2, "ranks", ranks, "must be >= 2");
    Checks.check(interval >= 2, "interval", interval, "must be >= 2");
    Checks.check(replicates >= 2, "replicates", replicates, "must be >= 2");
    Checks.check(!checkpoints.isEmpty(), "checkpoints", checkpoints, "must not be empty");
    for (int i = 0; i < checkpoints.size(); i++) {
      Checks.check(checkpoints.get(i) >= 1 && (i == 0 || checkpoints.get(i) > checkpoints.get(i - 1)), "checkpoints",
          checkpoints, "must ascend from >= 1");
    }
    double[][][] out = new double[checkpoints.size()][2][replicates];
    IntStream.range(0, replicates).parallel().forEach(r -> {
      Random random = new Random(seed + r);
      RemapPolicy trigger = RemapPolicies.adaptive();
      double[][] scatter = new double[interval][interval];
      int done = 0;
      for (int c = 0; c < checkpoints.size(); c++) {
        for (; done < checkpoints.get(c); done++) {
          addInterval(truth, ranks, interval, random, trigger, scatter);
        }
        Model learned = learned(trigger);
        out[c][0][r] = learned.growth(interval);
        long vectors = (long) ranks * done;
        out[c][1][r] = maximumLikelihood(scatter, vectors, learned, truth).growth(interval);
      }
    });
    return IntStream.range(0, checkpoints.size())
        .mapToObj(c -> new Checkpoint(checkpoints.get(c), out[c][0], out[c][1])).toList();
  }

  /**
   * One interval drawn from {@code truth}, fed to {@code trigger} and ended by a remap; the shares the trigger
   * measures are added to {@code scatter} (Σ y·yᵀ).
   */
  private static void addInterval(Model truth, int ranks, int interval, Random random, RemapPolicy trigger,
      double[][] scatter) {
    double[][] y = draw(truth, ranks, interval, random);
    feed(trigger, y);
    accumulate(scatter, y);
  }

  /** One interval's deviations y[rank][step] drawn from {@code model}. */
  static double[][] draw(Model model, int ranks, int interval, Random random) {
    double[][] y = new double[ranks][interval];
    for (int j = 0; j < ranks; j++) {
      double level = Math.sqrt(model.residue()) * random.nextGaussian();
      double drift = Math.sqrt(model.slope()) * random.nextGaussian();
      for (int k = 0; k < interval; k++) {
        level += drift + Math.sqrt(model.wander()) * random.nextGaussian();
        y[j][k] = level + Math.sqrt(model.noise()) * random.nextGaussian();
      }
    }
    return y;
  }

  /**
   * Step times 1 + y per rank, fed to {@code trigger} (its own requests declined) and ended by a remap; {@code y}
   * becomes the shares the trigger measures, t / mean(t) − 1.
   */
  private static void feed(RemapPolicy trigger, double[][] y) {
    int ranks = y.length;
    double[] times = new double[ranks];
    for (int k = 0; k < y[0].length; k++) {
      double mean = 0;
      for (int j = 0; j < ranks; j++) {
        times[j] = Math.max(1e-3, 1 + y[j][k]); // 1e-3: a step time stays positive; at 20% noise never reached
        mean += times[j] / ranks;
      }
      for (int j = 0; j < ranks; j++) {
        y[j][k] = times[j] / mean - 1;
      }
      if (trigger.onStep(StepTimes.of(times.clone())).shouldRemap()) {
        trigger.onRemapSkipped();
      }
    }
    trigger.onRemap(1);
  }

  /** Adds Σ y·yᵀ over the ranks of {@code y} to {@code scatter}. */
  static void accumulate(double[][] scatter, double[][] y) {
    for (double[] v : y) {
      for (int a = 0; a < v.length; a++) {
        for (int b = 0; b < v.length; b++) {
          scatter[a][b] += v[a] * v[b];
        }
      }
    }
  }

  /** The model the trigger learned so far; before its first fit, none (an error: every checkpoint follows one). */
  private static Model learned(RemapPolicy trigger) {
    String text = trigger.learnedOptions().values().stream().findFirst()
        .orElseThrow(() -> new IllegalStateException("the trigger has fitted no load model yet"));
    return Model.of(CarriedModel.parse(text));
  }

  /**
   * The model of greatest likelihood for {@code vectors} Gaussian interval vectors with scatter Σ y·yᵀ: minimizes
   * ½·tr(C⁻¹·S) + ½·vectors·log det C over the four log-variances, started from each of {@code starts}
   * (zeros floored; Nelder–Mead on the log-variances), the best kept.
   */
  static Model maximumLikelihood(double[][] scatter, long vectors, Model... starts) {
    int n = scatter.length;
    RealMatrix s = new Array2DRowRealMatrix(scatter, true);
    ObjectiveFunction objective = new ObjectiveFunction(z -> {
      Model m = fromLogs(z);
      CholeskyDecomposition cholesky;
      try {
        cholesky = new CholeskyDecomposition(m.covariance(n), 1e-12, 1e-300);
      } catch (NonPositiveDefiniteMatrixException e) {
        return Double.MAX_VALUE;
      }
      DecompositionSolver solver = cholesky.getSolver();
      RealMatrix l = cholesky.getL();
      double logDet = 0;
      for (int i = 0; i < n; i++) {
        logDet += 2 * Math.log(l.getEntry(i, i));
      }
      return 0.5 * solver.solve(s).getTrace() + 0.5 * vectors * logDet;
    });
    PointValuePair best = null;
    for (Model start : starts) {
      double[] z = {logOf(start.residue()), logOf(start.slope()), logOf(start.wander()), logOf(start.noise())};
      PointValuePair p = new SimplexOptimizer(1e-12, 1e-10).optimize(new MaxEval(20_000), objective,
          GoalType.MINIMIZE, new InitialGuess(z), new NelderMeadSimplex(4, 1.0));
      if (best == null || p.getValue() < best.getValue()) {
        best = p;
      }
    }
    return fromLogs(best.getPoint());
  }

  private static double logOf(double variance) {
    return Math.log(Math.max(variance, 1e3 * FLOOR));
  }

  /** The model of log-variances {@code z}, each kept within [FLOOR, 10] (the search itself is unbounded). */
  private static Model fromLogs(double[] z) {
    double[] v = new double[4];
    for (int i = 0; i < 4; i++) {
      v[i] = Math.exp(Math.max(Math.log(FLOOR), Math.min(Math.log(10), z[i])));
    }
    return new Model(v[0], v[1], v[2], v[3]);
  }

  /** The report: the model, then per checkpoint each estimate's mean, spread and error relative to the truth. */
  static String markdown(TriggerComparison.Row row, int runs, Model truth, int ranks, int interval, long seed,
      List<Checkpoint> checkpoints) {
    double g = truth.growth(interval);
    StringBuilder md = new StringBuilder();
    md.append(String.format(Locale.ROOT, "%s, %s: the load model the adaptive trigger learned on %d tuning runs of the"
        + " row, averaged: residue %.3g, slope %.3g, wander %.3g, noise %.3g; the growth of a rank's spread over %d"
        + " steps, slope·%d² + wander·%d, is %.3g. %d replicates of %d ranks drawn from it (seeds %d on), a remap"
        + " every %d steps.%n%n", row.workload().label(), row.noise().label(), runs, truth.residue(), truth.slope(),
        truth.wander(), truth.noise(), interval, interval, interval, g, checkpoints.get(0).trigger().length, ranks,
        seed, interval));
    md.append("| intervals seen | adaptive trigger: mean / true | relative spread | relative RMS error"
        + " | maximum likelihood: mean / true | relative spread | relative RMS error |\n|---|---|---|---|---|---|---|\n");
    for (Checkpoint c : checkpoints) {
      md.append(String.format(Locale.ROOT, "| %d | %s | %s |%n", c.intervals(), summary(c.trigger(), g),
          summary(c.likelihood(), g)));
    }
    return md.toString();
  }

  /** Mean / true, standard deviation / true, RMS error / true. */
  private static String summary(double[] estimates, double truth) {
    double mean = TriggerComparison.mean(estimates);
    double var = 0;
    double squared = 0;
    for (double e : estimates) {
      var += (e - mean) * (e - mean) / (estimates.length - 1);
      squared += (e - truth) * (e - truth) / estimates.length;
    }
    return String.format(Locale.ROOT, "%.2f | %.2f | %.2f", mean / truth, Math.sqrt(var) / truth,
        Math.sqrt(squared) / truth);
  }
}
