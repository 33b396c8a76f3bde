package org.amrbalance.triggers.loads;

/**
 * Every constant of the adaptive trigger's load estimate, one place, each with where its value comes from. They were
 * chosen on the trigger comparison's tuning seeds only (docs/triggers.md); its held-out seeds chose none of them.
 */
final class Tuning {
  private Tuning() {}

  /** Steps of the run before the first fit: four moment equations need a few steps of every fitted rank. */
  static final int FIRST_FIT = 8;
  /** Steps between refits after the first {@link #EARLY_STEPS} steps of the run: a fit costs about a microsecond. */
  static final int REFIT_EVERY = 16;
  /**
   * Steps between refits up to step {@link #EARLY_STEPS}: the first remaps are decided on these fits, and refits at
   * steps 8, 16 and 32 only left a stale model in force between them (on LD at 20% noise 124 of 400 first remaps
   * fell on step 32). Every 4 steps moved LD and the random walk at 20% noise from -0.00068 / -0.00036 to
   * -0.00050 / -0.00028 against the best fixed interval (1,000 tuning replicates); every 2 or every step, no further.
   */
  static final int EARLY_REFIT_EVERY = 4;
  /** The early refits' span: one or two intervals of the tuning rows; 128 instead changed nothing. */
  static final int EARLY_STEPS = 64;
  /**
   * A carried model is dropped for the run's own once the mean squared step-to-step change it expects is off by more
   * than this factor from the run's (mostly noise, what a few steps pin best: 8 steps of 16 ranks within about 15%) ...
   */
  static final double CARRIED_NOISE_FACTOR = 2;
  /**
   * ... or the run's interval sums lie this many deviations from what it expects ({@link MomentFit#discrepancy}; at
   * 5, a sum of 16 rank-intervals' χ²₁ exceeds it with probability 1.8e-4, so the two sums drop a right model about
   * once in 3,000 fits).
   */
  static final double CARRIED_DEVIATIONS = 5;
  /** Ranks whose moments are fitted, spread over the machine: 32 ranks × a few intervals pin four variances. */
  static final int FIT_RANKS = 32;
  /** Steps of closed intervals whose moments are kept: a few intervals of every model the comparison runs. */
  static final int HISTORY = 400;
  /**
   * Share of the way the model in force moves to each new fit (the first fits are averaged equally): 0.25 against 1
   * (no averaging) moved LD at 20% noise from −0.0009 to −0.0006 against the best fixed interval, other rows within
   * their intervals (100 tuning replicates).
   */
  static final double MODEL_STEP = 0.25;
  /** Innovations clipped at this many predicted deviations: a spike the caller did not hold moves little. */
  static final double CLIP = 5;
  /** Intervals shorter than this give no per-rank slope worth averaging (a line through 3 noisy points). */
  static final int MIN_DRIFT_STEPS = 4;
  /**
   * Ranks integrated one by one in the expected maximum; beyond, the others are binned (within 2% of the idle at 500
   * ranks, tested); 32 rather than 64 halved the step's cost on 1,024 ranks.
   */
  static final int EXACT_RANKS = 32;
  /** Bins of the pooled ranks' levels: a pool cut off at the 64th largest is not one normal (its top is missing). */
  static final int POOL_BINS = 8;
  /** Ranks sampled for the bins' shapes beyond this many (every k-th): 4,096 draws pin eight bins' shares to ~1%. */
  static final int POOL_SAMPLE = 4096;
  /** Simpson intervals of the expected maximum (16 ranks: h ≈ 0.3 deviation; error below 3e-4 of one, tested). */
  static final int QUADRATURE_INTERVALS = 24;
}
