package org.amrbalance.experiments.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;

/**
 * The CPU time of the calling thread per {@code balance} call, median of several calls after warm-up calls. On a
 * machine shared with other work, wall time (what JMH reports) grows with the load while this stays near what
 * an idle core would take; it leaves out the garbage collector's threads.
 */
final class CpuTime {
  private CpuTime() {}

  /** Milliseconds of thread CPU time, median of {@code calls} after {@code warmups}; NaN if unsupported. */
  static double medianMs(LoadBalancer lb, BalanceProblem problem, int warmups, int calls) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (!threads.isCurrentThreadCpuTimeSupported()) {
      return Double.NaN;
    }
    for (int i = 0; i < warmups; i++) {
      lb.balance(problem);
    }
    double[] ms = new double[calls];
    for (int i = 0; i < calls; i++) {
      long start = threads.getCurrentThreadCpuTime();
      lb.balance(problem);
      ms[i] = (threads.getCurrentThreadCpuTime() - start) * 1e-6;
    }
    Arrays.sort(ms);
    return ms[calls / 2];
  }
}
