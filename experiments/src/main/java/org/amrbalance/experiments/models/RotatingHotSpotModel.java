package org.amrbalance.experiments.models;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.internal.Checks;

/**
 * A hot spot that moves faster than remaps pay off: a feature of extra work x (in mean steps of a rank) sits on one
 * rank and jumps to another rank, drawn from the seed, every {@code dwell} steps, the first jump at a step drawn
 * from the seed in [1, dwell] (so that no fixed interval is in phase with the jumps). Each rank has background work,
 * 1 at the start; a rank's load is its background plus x if the feature is on it. A remap gives the ranks equal
 * loads by moving background: the hot rank keeps (N + x)/N − x of it, the others (N + x)/N. When the feature then
 * moves on, the rank it left is light and the one it reaches is as heavy as before (1.53 rather than 1.5 in the
 * standard model): a remap only helps until the next jump.
 *
 * <p>{@link #standard()}: 16 ranks, 400 steps, x = 0.5 (the hot rank at 1.5 times the others), a jump every 50
 * steps, remap cost C = 20 mean steps. A remap d steps after a jump removes about (x − x/N)(dwell − d) ≈
 * 0.47(50 − d) of idle and costs 20: it pays only if made within about 7 steps of the jump. Remapping at a fixed
 * interval lands on average 25 steps after a jump and loses; a trigger that sees a jump at once gains 1–2% over
 * never (the first stretch, before any jump, and a cut-short last one gain nothing); one that is slower should not
 * remap at all.
 */
@Immutable
public record RotatingHotSpotModel(int ranks, int steps, int dwell, double extra, double cost)
    implements ComparisonWorkload {
  /** Checked as {@link #of} documents. */
  public RotatingHotSpotModel {
    Checks.atLeast("ranks", ranks, 2);
    Checks.positive("steps", steps);
    Checks.positive("dwell", dwell);
    Checks.check(extra > 0 && extra <= 1, "extra", extra, "must be in (0, 1]");
    Checks.finiteNonNegative("cost", cost);
  }

  /**
   * @param ranks at least 2
   * @param steps at least 1
   * @param dwell steps between jumps, at least 1
   * @param extra the feature's work x, in (0, 1] (so that a remap never leaves a rank negative background)
   * @param cost remap cost, finite and ≥ 0
   */
  public static RotatingHotSpotModel of(int ranks, int steps, int dwell, double extra, double cost) {
    return new RotatingHotSpotModel(ranks, steps, dwell, extra, cost);
  }

  /** 16 ranks, 400 steps, x = 0.5, a jump every 50 steps, C = 20. */
  public static RotatingHotSpotModel standard() {
    return of(16, 400, 50, 0.5, 20);
  }

  @Override
  public String label() {
    return "rotating-hot-spot";
  }

  @Override
  public RunResult run(long seed, RemapPolicy policy) {
    SplittableRandom rng = new SplittableRandom(seed);
    int firstJump = 1 + rng.nextInt(dwell);
    int start = rng.nextInt(ranks);
    return LoadLoop.run(ranks, steps, cost, new LoadLoop.Path() {
      private final double[] background = filled(ranks);
      private int hot = start;

      @Override
      public void loads(int t, double[] loads) {
        if (t >= firstJump && (t - firstJump) % dwell == 0) {
          hot = (hot + 1 + rng.nextInt(ranks - 1)) % ranks; // any rank but the current one
        }
        System.arraycopy(background, 0, loads, 0, ranks);
        loads[hot] += extra;
      }

      @Override
      public void remap(int t) {
        double level = 0;
        for (double b : background) {
          level += b / ranks;
        }
        level += extra / ranks;
        Arrays.fill(background, level);
        background[hot] = level - extra;
      }
    }, policy);
  }

  private static double[] filled(int n) {
    double[] a = new double[n];
    Arrays.fill(a, 1);
    return a;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "RotatingHotSpotModel[%d ranks, %d steps, x = %s every %d steps, C = %s]", ranks,
        steps, extra, dwell, cost);
  }
}
