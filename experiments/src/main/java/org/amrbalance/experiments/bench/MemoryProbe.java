package org.amrbalance.experiments.bench;

import com.google.inject.Guice;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;
import java.util.Map;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;

/**
 * Run in a fresh JVM ({@code -Xmx1g}) by {@link MemoryRun}: builds a {@link ScaleHierarchy}, balances it once
 * and prints one line {@code key=value ...} with the live heap holding the problem, the peak heap during the
 * balance call (sum of the heap pools' peaks: an upper bound, since pools peak at different moments), the heap
 * still live afterwards with the assignment, and the wall time.
 */
public final class MemoryProbe {
  private MemoryProbe() {}

  /** Arguments: balancer name, grids, ranks. */
  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: MemoryProbe BALANCER GRIDS RANKS");
      System.exit(2);
    }
    String balancer = args[0];
    int grids = Integer.parseInt(args[1]);
    int ranks = Integer.parseInt(args[2]);
    LoadBalancer lb = Guice.createInjector(BalancingModules.balancerModule(balancer, Map.of()))
        .getInstance(LoadBalancer.class);
    Hierarchy h = ScaleHierarchy.generate(grids, BenchSettings.SEED);
    BalanceProblem problem = BalanceProblem.of(h, Machine.hypercube(ranks));
    long before = liveHeap();
    ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
    long start = System.nanoTime();
    Assignment a = lb.balance(problem);
    double seconds = (System.nanoTime() - start) * 1e-9;
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    long after = liveHeap();
    System.out.printf(Locale.ROOT, "balancer=%s grids=%d ranks=%d pieces=%d max_heap=%d live_before=%d"
        + " peak_during=%d live_after=%d seconds=%.3f%n", balancer, h.patchCount(), ranks, a.pieces().size(),
        Runtime.getRuntime().maxMemory(), before, peak, after, seconds);
  }

  private static long liveHeap() {
    for (int i = 0; i < 2; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
