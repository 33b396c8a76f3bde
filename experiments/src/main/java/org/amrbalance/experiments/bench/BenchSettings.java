package org.amrbalance.experiments.bench;

/** Settings shared by the benchmarks and the heap measurement. */
final class BenchSettings {
  /** Seed of every generated hierarchy, so that all balancers see the same input. */
  static final long SEED = 2026L;

  private BenchSettings() {}
}
