package org.amrbalance.experiments.models;

import java.util.List;
import org.amrbalance.spi.RemapPolicy;

/**
 * A load model a trigger comparison runs on, at one size and remap cost: replicate r is one sample path, and every
 * policy run on it replays the same path. {@link #values()} are the three classic models (MUM, LD, random walk);
 * the others ({@link RegimeSwitchModel}, {@link RotatingHotSpotModel}, {@link EqualLoadsModel}, replayed traces)
 * are built by their own factories. Implementations are immutable and may run paths on several threads at once.
 */
public interface ComparisonWorkload {
  /** Seed 000 Figure 4's MUM: N = 8, L = 19, p = 0.5, 400 steps, C = 8. */
  ComparisonWorkload MUM = ClassicWorkload.MUM;
  /** Seed 000 Figure 5's LD: 64 × 64 grid on 16 processors, 200 steps, C = 50. */
  ComparisonWorkload LD = ClassicWorkload.LD;
  /** Seed 003's random walk: 16 processors starting at 100, death–birth increments, 400 steps, C = 20. */
  ComparisonWorkload RANDOM_WALK = ClassicWorkload.RANDOM_WALK;

  /** The classic models, in the order their seeds are numbered: MUM, LD, random walk. */
  static List<ComparisonWorkload> values() {
    return List.of(MUM, LD, RANDOM_WALK);
  }

  /** The seed of the noise on the path of {@code seed}: apart from the path's own draws. */
  static long noiseSeed(long seed) {
    return seed * 0x2545F4914F6CDD1DL + 1;
  }

  int steps();

  /** The cost of one remap, in the model's time units. */
  double cost();

  /** A short name for tables, e.g. {@code random-walk}. */
  String label();

  /** Runs {@code policy} on the path of {@code seed}. */
  RunResult run(long seed, RemapPolicy policy);

  /** Runs {@code policy} behind {@code noise} on the path of {@code seed}: the utilization as measured. */
  default RunResult run(long seed, StepTimeNoise noise, RemapPolicy policy) {
    StepTimeNoise.Noisy noisy = noise.wrap(policy, noiseSeed(seed));
    return noisy.result(run(seed, noisy));
  }
}
