package org.amrbalance.experiments.bench;

import com.google.inject.Guice;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;
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
 * Time of one {@code balance} call of a balancer chosen by name (default options), on a {@link ScaleHierarchy}
 * of {@code grids} patches and a hypercube of {@code ranks} processors, on one thread. The hierarchy and the
 * problem are built once per trial, outside the measurement.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class BalanceBenchmark {
  /** A balancer name of {@link BalancingModules#balancerNames()}. */
  @Param({"round-robin"})
  public String balancer;

  @Param({"1000"})
  public int grids;

  /** A power of two (the machine is a hypercube). */
  @Param({"16"})
  public int ranks;

  private LoadBalancer lb;
  private BalanceProblem problem;

  @Setup
  public void setUp() {
    lb = Guice.createInjector(BalancingModules.balancerModule(balancer, Map.of())).getInstance(LoadBalancer.class);
    problem = BalanceProblem.of(ScaleHierarchy.generate(grids, BenchSettings.SEED), Machine.hypercube(ranks));
  }

  @Benchmark
  public Assignment balance() {
    return lb.balance(problem);
  }
}
