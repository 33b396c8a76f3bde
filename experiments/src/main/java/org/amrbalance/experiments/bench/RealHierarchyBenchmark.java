package org.amrbalance.experiments.bench;

import com.google.inject.Guice;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.reproduce.RealHierarchies;
import org.amrbalance.readers.HierarchyReaders;
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
 * Time of one {@code balance} call of a balancer chosen by name (default options) on a real hierarchy (a file of
 * {@link RealHierarchies#defaultData()}) and a hypercube of {@code ranks} processors, on one thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class RealHierarchyBenchmark {
  /** A file name in the hierarchy folder. */
  @Param({"chombo_testGrids.2d"})
  public String file;

  @Param({"round-robin"})
  public String balancer;

  /** A power of two (the machine is a hypercube). */
  @Param({"16"})
  public int ranks;

  private LoadBalancer lb;
  private BalanceProblem problem;

  @Setup
  public void setUp() throws IOException {
    lb = Guice.createInjector(BalancingModules.balancerModule(balancer, Map.of())).getInstance(LoadBalancer.class);
    problem = BalanceProblem.of(HierarchyReaders.read(RealHierarchies.defaultData().resolve(file)).hierarchy(),
        Machine.hypercube(ranks));
  }

  @Benchmark
  public Assignment balance() {
    return lb.balance(problem);
  }
}
