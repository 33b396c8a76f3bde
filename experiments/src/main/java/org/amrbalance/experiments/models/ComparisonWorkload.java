package org.amrbalance.experiments.models;

import java.util.SplittableRandom;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.internal.Checks;

/**
 * The three noise-free load models a trigger comparison runs on, each at one size and remap cost: MUM (seed 000
 * Figure 4's N = 8, L = 19, p = 0.5, 400 steps, C = 8), LD (Figure 5's 64 × 64 grid on 16 processors, 200 steps,
 * C = 50) and seed 003's random walk (16 processors starting at 100, death–birth increments, 400 steps, C = 20).
 * Replicate r of a model is one sample path; every policy run on it replays the same path.
 */
public enum ComparisonWorkload {
  MUM(400, 8),
  LD(200, 50),
  RANDOM_WALK(400, 20);

  private final int steps;
  private final double cost;

  ComparisonWorkload(int steps, double cost) {
    this.steps = steps;
    this.cost = cost;
  }

  public int steps() {
    return steps;
  }

  public double cost() {
    return cost;
  }

  /** {@code mum}, {@code ld}, {@code random-walk}. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /** Runs {@code policy} on the path of {@code seed}. */
  public RunResult run(long seed, RemapPolicy policy) {
    Checks.notNull("policy", policy);
    switch (this) {
      case MUM: {
        MumSimulator sim = MumSimulator.of(MumModel.of(8, 19, 0.5), steps, cost);
        byte[] moves = sim.newPath();
        sim.model().drawMoves(new SplittableRandom(seed), steps, moves);
        return sim.run(moves, policy);
      }
      case LD:
        return LdModel.figure5().run(seed, steps, cost, policy);
      default:
        return RandomWalkModel.deathBirth(16, 100).run(seed, steps, cost, policy);
    }
  }

  /** Runs {@code policy} behind {@code noise} on the path of {@code seed}: the utilization as measured. */
  public RunResult run(long seed, StepTimeNoise noise, RemapPolicy policy) {
    StepTimeNoise.Noisy noisy = noise.wrap(policy, seed * 0x2545F4914F6CDD1DL + 1);
    return noisy.result(run(seed, noisy));
  }
}
