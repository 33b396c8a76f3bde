package org.amrbalance.experiments.triggers;

import java.util.Locale;
import org.amrbalance.experiments.cli.UsageException;

/**
 * What a replayed remap that the trace did not record would have done to the imbalance λ = T_max/T_avg of the
 * step after it (a remap the trace did record leaves the recorded λ). Remaps move work, they do not change it, so
 * T_avg stays as recorded.
 */
interface RemapModel {
  /** λ of the step after the remap, from λ that step would have had without it. */
  double after(double before);

  /** {@code --remap-model} as written, with its level. */
  String describe();

  /**
   * {@code measured} (λ of the steps right after the trace's own remaps, averaged: {@code measuredLevel}, NaN
   * when the trace records none), {@code level:X} (X ≥ 1; {@code level:1} is perfect balance) or
   * {@code factor:F} (a remap keeps a share F in [0, 1] of the excess λ − 1).
   */
  static RemapModel parse(String spec, double measuredLevel) {
    String s = spec.strip().toLowerCase(Locale.ROOT);
    if (s.equals("measured")) {
      if (Double.isNaN(measuredLevel)) {
        throw new UsageException("the trace records no remap to measure; give --remap-model level:X (e.g. level:1,"
            + " perfect balance) or factor:F, and --remap-cost SECONDS", "--remap-model = measured");
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
    throw new UsageException("must be measured, level:X or factor:F", "--remap-model = " + spec);
  }

  /** λ after the remap is {@code level}, whatever it was before. */
  record ResetToLevel(double level, boolean measured) implements RemapModel {
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
  record ShrinkExcess(double factor) implements RemapModel {
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
