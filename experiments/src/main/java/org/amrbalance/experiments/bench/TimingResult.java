package org.amrbalance.experiments.bench;

/**
 * One JMH measurement: average milliseconds per {@code balance} call.
 *
 * @param benchmark the JMH benchmark, e.g. {@code BalanceBenchmark.balance}
 * @param balancer the balancer's configuration name
 * @param errorMs half-width of JMH's 99.9% confidence interval, NaN with too few iterations
 * @param iterations measurement iterations behind the score
 */
public record TimingResult(String benchmark, String balancer, int grids, int ranks, double scoreMs,
    double errorMs, long iterations) {}
