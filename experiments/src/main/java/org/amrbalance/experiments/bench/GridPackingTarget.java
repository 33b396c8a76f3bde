package org.amrbalance.experiments.bench;

import java.util.concurrent.TimeUnit;
import org.amrbalance.balancers.packing.GridPackingBalancer;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
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
 * The target of the balancing-quality issue: {@code grid-packing} (default options) balancing 10^6 grids on
 * 65,536 hypercube processors, on a single thread, in a JVM limited to 2 GiB; the goal is under 10 s per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class GridPackingTarget {
  @Param({"1000000"})
  public int grids;

  @Param({"65536"})
  public int ranks;

  private GridPackingBalancer lb;
  private BalanceProblem problem;

  @Setup
  public void setUp() {
    lb = GridPackingBalancer.defaults();
    problem = BalanceProblem.of(ScaleHierarchy.generate(grids, BenchSettings.SEED), Machine.hypercube(ranks));
  }

  @Benchmark
  public Assignment balance() {
    return lb.balance(problem);
  }
}
