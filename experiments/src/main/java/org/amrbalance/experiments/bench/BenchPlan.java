package org.amrbalance.experiments.bench;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the {@code bench} command measures and how long JMH runs each case.
 *
 * @param include regex found in the benchmark names to run (JMH's include semantics)
 * @param balancers balancers of {@link BalanceBenchmark}
 * @param grids grid counts of the generated hierarchies
 * @param ranks rank counts, powers of two
 * @param ownSizes whether {@link GridIndivisibilityTarget} and {@link RealHierarchyBenchmark} keep their own
 *     grid and rank counts instead of {@code grids} and {@code ranks}
 * @param maxGrids largest grid count per balancer (balancers absent have no limit)
 */
public record BenchPlan(Pattern include, List<String> balancers, List<Integer> grids, List<Integer> ranks,
    boolean ownSizes, Map<String, Integer> maxGrids, int forks, int warmupIterations,
    int measurementIterations, int iterationMillis) {
  public BenchPlan {
    balancers = List.copyOf(balancers);
    grids = List.copyOf(grids);
    ranks = List.copyOf(ranks);
    maxGrids = Map.copyOf(maxGrids);
    if (forks < 0) {
      throw new IllegalArgumentException("forks = " + forks + ": must be >= 0");
    }
    if (warmupIterations < 0) {
      throw new IllegalArgumentException("warmupIterations = " + warmupIterations + ": must be >= 0");
    }
    if (measurementIterations < 1) {
      throw new IllegalArgumentException("measurementIterations = " + measurementIterations + ": must be >= 1");
    }
    if (iterationMillis < 1) {
      throw new IllegalArgumentException("iterationMillis = " + iterationMillis + ": must be >= 1");
    }
  }

  /** The grid counts {@code balancer} is benchmarked at, within its limit. */
  public List<Integer> gridsFor(String balancer) {
    int max = maxGrids.getOrDefault(balancer, Integer.MAX_VALUE);
    return grids.stream().filter(g -> g <= max).toList();
  }

  /** The grid counts left out for {@code balancer} by its limit. */
  public List<Integer> skippedFor(String balancer) {
    int max = maxGrids.getOrDefault(balancer, Integer.MAX_VALUE);
    return grids.stream().filter(g -> g > max).toList();
  }

  public boolean includes(String benchmark) {
    return include.matcher(benchmark).find();
  }
}
