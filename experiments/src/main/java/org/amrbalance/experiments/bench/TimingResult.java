package org.amrbalance.experiments.bench;

/**
 * One JMH measurement: average milliseconds per {@code balance} call.
 *
 * @param benchmark the JMH benchmark, e.g. {@code BalanceBenchmark.balance}
 * @param balancer the balancer's configuration name
 * @param file the real hierarchy's file name, empty for a generated hierarchy
 * @param grids grid count of a generated hierarchy, -1 for a real one
 * @param errorMs half-width of JMH's 99.9% confidence interval, NaN with too few iterations
 * @param iterations measurement iterations behind the score
 * @param cpuMs thread CPU milliseconds per call measured apart from JMH ({@link CpuTime}), NaN if not measured
 * @param medianMs median of the measured iterations over every fork, NaN when the run failed
 * @param failure why the run gave no score (e.g. {@code out of memory}), empty when it did
 */
public record TimingResult(String benchmark, String balancer, String file, int grids, int ranks, double scoreMs,
    double errorMs, long iterations, double cpuMs, double medianMs, String failure) {
  /** A run that gave no score. */
  static TimingResult failed(String benchmark, String balancer, int grids, int ranks, String failure) {
    return new TimingResult(benchmark, balancer, "", grids, ranks, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN,
        failure);
  }

  public boolean ok() {
    return failure.isEmpty();
  }
}
