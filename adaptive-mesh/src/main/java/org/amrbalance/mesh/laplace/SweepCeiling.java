package org.amrbalance.mesh.laplace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.amrbalance.mesh.grid.DirichletBoundary;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.spi.Box;

/**
 * What this machine allows any parallel run of the solver: the solver's own red–black sweep kernel on a given
 * number of cells, once by one thread, then split among {@code threads} threads that sweep at the same time and
 * never communicate. Their speedup is the ceiling of the solver's on as many ranks here: no balancer, exchange or
 * trigger can beat cores that slow each other down (shared caches, memory bandwidth, the JIT's own threads).
 */
public final class SweepCeiling {
  private static final DirichletBoundary ZERO = (x, y) -> 0;

  /** One measurement: seconds per sweep of all the cells, by one thread and by {@code threads} at once. */
  public record Result(long cells, int threads, double serialSeconds, double parallelSeconds) {
    /** How much faster {@code threads} threads swept the cells than one. */
    public double speedup() {
      return serialSeconds / parallelSeconds;
    }
  }

  private SweepCeiling() {}

  /**
   * Sweeps {@code cells} cells (in square blocks of side {@code boxSide}) {@code sweeps} times by one thread, then by
   * {@code threads} threads at once, each its share of the blocks; {@code rounds} rounds alternate the two and the
   * fastest of each counts (the least disturbed by the rest of the machine).
   */
  public static Result measure(long cells, int boxSide, int threads, int sweeps, int rounds) {
    if (cells < 1 || boxSide < 2 || threads < 1 || sweeps < 1 || rounds < 1) {
      throw new IllegalArgumentException("cells, boxSide, threads, sweeps, rounds = " + cells + ", " + boxSide + ", "
          + threads + ", " + sweeps + ", " + rounds + ": must be >= 1 (boxSide >= 2)");
    }
    long perBlock = (long) boxSide * boxSide;
    int blocks = Math.toIntExact(Math.max(threads, (cells + perBlock - 1) / perBlock));
    List<List<GridData>> shares = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      shares.add(new ArrayList<>());
    }
    // Blocks side by side on one row of a domain that holds them all: no cell touches the physical boundary.
    for (int b = 0; b < blocks; b++) {
      Box box = Box.of2d(b * boxSide, 0, (b + 1) * boxSide - 1, boxSide - 1);
      shares.get(b % threads).add(GridData.create(box, 1));
    }
    Box domain = Box.of2d(-1, -1, blocks * boxSide, boxSide);
    double[] rhs = new double[Math.toIntExact(perBlock)];
    List<GridData> all = shares.stream().flatMap(List::stream).toList();
    sweep(all, domain, rhs, sweeps); // warm-up: both paths compiled before anything is timed
    double serial = Double.POSITIVE_INFINITY;
    double parallel = Double.POSITIVE_INFINITY;
    for (int r = 0; r < rounds; r++) {
      long start = System.nanoTime();
      sweep(all, domain, rhs, sweeps);
      serial = Math.min(serial, (System.nanoTime() - start) / 1e9 / sweeps);
      parallel = Math.min(parallel, together(shares, domain, rhs, sweeps) / sweeps);
    }
    return new Result((long) blocks * perBlock, threads, serial, parallel);
  }

  /** Wall seconds of every share swept by a thread of its own, all started at once. */
  private static double together(List<List<GridData>> shares, Box domain, double[] rhs, int sweeps) {
    CountDownLatch ready = new CountDownLatch(shares.size());
    CountDownLatch go = new CountDownLatch(1);
    long[] end = new long[shares.size()];
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < shares.size(); t++) {
      int me = t;
      Thread thread = new Thread(() -> {
        ready.countDown();
        try {
          go.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        sweep(shares.get(me), domain, rhs, sweeps);
        end[me] = System.nanoTime();
      }, "sweep-ceiling-" + t);
      threads.add(thread);
      thread.start();
    }
    try {
      ready.await();
      long start = System.nanoTime();
      go.countDown();
      for (Thread thread : threads) {
        thread.join();
      }
      return (Arrays.stream(end).max().orElse(start) - start) / 1e9;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while measuring the sweep ceiling", e);
    }
  }

  private static void sweep(List<GridData> blocks, Box domain, double[] rhs, int sweeps) {
    for (int s = 0; s < sweeps; s++) {
      for (int colour = 0; colour < 2; colour++) {
        for (GridData u : blocks) {
          RedBlackSor.sweep(u, domain, 1, ZERO, rhs, colour, 1.5);
        }
      }
    }
  }
}
