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
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * The scale targets: every balancer (default options) balancing 10^6 grids on 65,536 hypercube processors, on a
 * single thread, in a JVM limited to 2 GiB; the goal is under {@link #limitMs} per call: 10 s for {@code grid-packing}
 * (it packs every level), 2 s for every other balancer.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class ScaleTarget {
  /** A balancer name of {@link BalancingModules#balancerNames()}. */
  @Param({"grid-packing"})
  public String balancer;

  /** The target's sizes, also what a failed run is reported at. */
  static final String GRIDS = "1000000";
  static final String RANKS = "65536";

  @Param({GRIDS})
  public int grids;

  @Param({RANKS})
  public int ranks;

  private LoadBalancer lb;
  private BalanceProblem problem;

  /** The time a call of {@code balancer} may take at the target size. */
  public static double limitMs(String balancer) {
    return balancer.equals("grid-packing") ? 10_000 : 2_000;
  }

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
