package org.amrbalance.experiments.bench;

import java.util.concurrent.TimeUnit;
import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityBalancer;
import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Machine;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * The target of the grid-indivisibility issue: the sequential heuristic L1 (default options) balancing 10^4 and
 * 10^5 grids on 1,024 and 16,384 hypercube processors, on a single thread; the goal is under 1 s for 10^5 grids
 * on 16,384 processors.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class GridIndivisibilityTarget {
  @Param({"10000", "100000"})
  public int grids;

  @Param({"1024", "16384"})
  public int ranks;

  private GridIndivisibilityBalancer lb;
  private BalanceProblem problem;

  @Setup
  public void setUp() {
    lb = balancer();
    problem = problem(grids, ranks);
  }

  static GridIndivisibilityBalancer balancer() {
    return new GridIndivisibilityBalancer(GridIndivisibilityOptions.defaults());
  }

  static BalanceProblem problem(int grids, int ranks) {
    return BalanceProblem.of(ScaleHierarchy.generate(grids, BenchSettings.SEED), Machine.hypercube(ranks));
  }

  @Benchmark
  public Assignment sequential() {
    return lb.balance(problem);
  }
}
