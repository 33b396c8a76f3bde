package org.amrbalance.experiments.models;

import java.util.SplittableRandom;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.internal.Checks;

/**
 * The three classic noise-free load models of {@link ComparisonWorkload#values()}, each at one size and remap cost:
 * MUM (seed 000 Figure 4's N = 8, L = 19, p = 0.5, 400 steps, C = 8), LD (Figure 5's 64 × 64 grid on 16
 * processors, 200 steps, C = 50) and seed 003's random walk (16 processors starting at 100, death–birth increments,
 * 400 steps, C = 20).
 */
enum ClassicWorkload implements ComparisonWorkload {
  MUM(400, 8),
  LD(200, 50),
  RANDOM_WALK(400, 20);

  private final int steps;
  private final double cost;

  ClassicWorkload(int steps, double cost) {
    this.steps = steps;
    this.cost = cost;
  }

  @Override
  public int steps() {
    return steps;
  }

  @Override
  public double cost() {
    return cost;
  }

  /** {@code mum}, {@code ld}, {@code random-walk}. */
  @Override
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  @Override
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
}
