package org.amrbalance.experiments.triggers;

import java.util.Locale;
import org.amrbalance.experiments.cli.UsageException;

/**
 * What a replayed remap that the trace did not record leaves (a remap the trace did record leaves the recorded
 * times). Remaps move work, they do not change it, so T_avg stays as recorded. {@link Persistent} works on each
 * rank's share of the step; the others ({@link OnImbalance}) on the imbalance λ = T_max/T_avg alone.
 */
sealed interface RemapModel permits RemapModel.Persistent, RemapModel.OnImbalance {
  /** The default of {@code --remap-model}. */
  String DEFAULT = "persistent";

  /** {@code --remap-model} as written, with its parameter. */
  String describe();

  /**
   * {@code persistent} or {@code persistent:H} (see {@link Persistent}; H defaults to {@link Persistent#HALF_WIDTH}),
   * {@code measured} (λ of the steps right after the trace's own remaps, averaged: {@code measuredLevel}, NaN when
   * the trace records none), {@code level:X} (X ≥ 1; {@code level:1} is perfect balance) or {@code factor:F} (a
   * remap keeps a share F in [0, 1] of the excess λ − 1).
   */
  static RemapModel parse(String spec, double measuredLevel) {
    String s = spec.strip().toLowerCase(Locale.ROOT);
    if (s.equals("persistent")) {
      return new Persistent(Persistent.HALF_WIDTH);
    }
    if (s.startsWith("persistent:")) {
      try {
        int h = Integer.parseInt(s.substring(11));
        if (h >= 0 && h <= 100_000) {
          return new Persistent(h);
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new UsageException("persistent:H needs a whole number of steps H in [0, 100000]",
          "--remap-model = " + spec);
    }
    if (s.equals("measured")) {
      if (Double.isNaN(measuredLevel)) {
        throw new UsageException("the trace records no remap to measure; give --remap-model persistent, level:X"
            + " or factor:F, and --remap-cost SECONDS", "--remap-model = measured");
      }
      return new ResetToLevel(measuredLevel, true);
    }
    if (s.startsWith("level:") || s.startsWith("factor:")) {
      boolean level = s.startsWith("level:");
      double v;
      try {
        v = Double.parseDouble(s.substring(level ? 6 : 7));
      } catch (NumberFormatException e) {
        v = Double.NaN;
      }
      if (level && v >= 1 && v <= 1e6) {
        return new ResetToLevel(v, false);
      }
      if (!level && v >= 0 && v <= 1) {
        return new ShrinkExcess(v);
      }
      throw new UsageException(level ? "level:X needs a number X in [1, 1e6]" : "factor:F needs a number F in [0, 1]",
          "--remap-model = " + spec);
    }
    throw new UsageException("must be persistent, persistent:H, measured, level:X or factor:F",
        "--remap-model = " + spec);
  }

  /**
   * A remap removes the persistent part of each rank's load and leaves its noise. Rank i's share of step t,
   * y_i(t) = T_i(t)/T_avg(t), is split into a persistent part p_i(t), the mean of y_i over the steps within
   * {@code halfWidth} of t, and the rest, noise. The window does not cross a regrid or a recorded remap (either
   * changes every rank's work at once) and is cut short at their ends, so it is one-sided there. A remap at step s
   * leaves rank i at T_avg(t)·(y_i(t) − p_i(s) + 1) from then on: the drift of p_i since s and the noise stay.
   */
  record Persistent(int halfWidth) implements RemapModel {
    /**
     * ±5 steps: the noise of one step enters the estimate divided by about √11, while a drift is taken at most
     * about 2.5 steps off at the window's ends; segments between regrids are often shorter anyway.
     */
    static final int HALF_WIDTH = 5;

    @Override
    public String describe() {
      return String.format(Locale.ROOT, "persistent:%d (a remap removes each rank's mean share over the steps"
          + " within %d of it, between regrids and recorded remaps; the noise stays)", halfWidth, halfWidth);
    }
  }

  /** A model of the imbalance λ alone: what a remap leaves of it. */
  sealed interface OnImbalance extends RemapModel permits ResetToLevel, ShrinkExcess {
    /** λ of the step after the remap, from λ that step would have had without it. */
    double after(double before);
  }

  /** λ after the remap is {@code level}, whatever it was before. */
  record ResetToLevel(double level, boolean measured) implements OnImbalance {
    @Override
    public double after(double before) {
      return level;
    }

    @Override
    public String describe() {
      return measured ? String.format(Locale.ROOT, "measured (imbalance after a remap %.4f)", level)
          : String.format(Locale.ROOT, "level:%s", TriggerExperiments.num(level));
    }
  }

  /** λ − 1 shrinks by the factor. */
  record ShrinkExcess(double factor) implements OnImbalance {
    @Override
    public double after(double before) {
      return 1 + factor * (before - 1);
    }

    @Override
    public String describe() {
      return "factor:" + TriggerExperiments.num(factor);
    }
  }
}
