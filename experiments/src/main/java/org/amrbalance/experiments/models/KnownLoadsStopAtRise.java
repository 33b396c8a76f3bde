package org.amrbalance.experiments.models;

import java.util.Arrays;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.frequency.MaxFactor;

/**
 * A reference, not a trigger: Stop-At-Rise (seed 000) on the idle a remap can remove in expectation, computed from
 * what no solver is told, each step's loads L_i before the noise and the noise's σ ({@link StepTimeNoise.SeesLoads}):
 * e = E[max_i L_i(1 + σZ_i)] − E[max_i L̄(1 + σZ_i)], the expected T_max over the loads as they are against perfectly
 * balanced ones (spikes, which no remap removes either, are left out). It remaps when e rises above the mean loss
 * per step (Σ e + C)/(n − 1) of the interval, never at or after the run's last step. The comparison uses it to show
 * how much of the gap between a trigger and the best fixed interval in hindsight is what a trigger cannot know.
 */
public final class KnownLoadsStopAtRise implements RemapPolicy, StepTimeNoise.SeesLoads {
  /** Simpson steps of the expected maximum: its error is far below the noise of the comparison. */
  private static final int INTERVALS = 400;

  private final double cost;
  private final long steps;
  private StepTimes loads;
  private double sigma;
  private long total;
  private int n;
  private double sum;

  /**
   * @param cost the remap cost, in the model's time units, finite and ≥ 0
   * @param steps the run's steps, ≥ 1
   */
  public KnownLoadsStopAtRise(double cost, long steps) {
    this.cost = Checks.finiteNonNegative("cost", cost);
    Checks.check(steps >= 1, "steps", steps, "must be >= 1");
    this.steps = steps;
  }

  @Override
  public void loads(StepTimes clean, StepTimeNoise noise) {
    loads = clean;
    sigma = noise.sigma();
  }

  @Override
  public RemapDecision onStep(StepTimes times) {
    StepTimes l = loads == null ? times : loads; // run without noise: the times are the loads
    loads = null;
    double e = expectedIdle(l, sigma);
    n++;
    total++;
    sum += e;
    boolean rise = n >= 2 && e > (sum - e + cost) / (n - 1);
    return rise && total < steps ? RemapDecision.remap("expected idle rose") : RemapDecision.keep();
  }

  /** E[max_i L_i(1 + σZ_i)] − L̄(1 + σ·E[max of N standard normals]); (max − mean) of the loads at σ = 0. */
  static double expectedIdle(StepTimes loads, double sigma) {
    int ranks = loads.ranks();
    double mean = loads.average();
    if (sigma == 0 || ranks == 1) {
      return loads.max() - mean;
    }
    double[] means = loads.toArray();
    double[] deviations = Arrays.stream(means).map(x -> sigma * x).toArray();
    return MaxFactor.expectedMaxOfNormals(means, deviations, INTERVALS)
        - mean * (1 + sigma * MaxFactor.NORMAL_EXACT.of(ranks));
  }

  @Override
  public void onRemap(double measuredCost) {
    n = 0;
    sum = 0;
  }
}
