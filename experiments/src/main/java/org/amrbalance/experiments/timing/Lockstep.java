package org.amrbalance.experiments.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import org.amrbalance.spi.internal.Checks;

/**
 * What a machine lets a lockstep code reach: T threads each sweep their own equal grid, meeting at a barrier after
 * every sweep, as the ranks of a level-synchronous solver meet at every ghost exchange. A round times the same work
 * three ways, back to back: one thread sweeping every grid in turn, T threads without the barrier (the machine's plain
 * parallel throughput), and T threads in lockstep. The work is identical in every rank's share, so whatever the
 * lockstep run loses beyond the free one is the machine's doing (one core running slower than another for a while),
 * not a balancer's: it bounds the speedup any placement can show on this machine.
 *
 * <p>The kernel is a red–black 5-point SOR sweep over a square grid, the memory pattern of the Laplace demo's
 * sweeps (not its code: the demo's blocks, ghosts and boundary rows are beside the point here).
 */
public final class Lockstep {
  private final int threads;
  private final int side;
  private final int sweeps;
  private final int meetEvery;
  private final double[][] values;
  private final double[][] rightSides;
  /** Barrier trips of the current lockstep run; written by the tripping thread, read after every thread joined. */
  private int meetings;

  /**
   * One round's times, in seconds, the share of the lockstep threads' time spent at the barrier, and how many times
   * they met there.
   */
  public record Round(double oneThread, double free, double lockstep, double waitingShare, int meetings) {
    public double freeSpeedup() {
      return oneThread / free;
    }

    public double lockstepSpeedup() {
      return oneThread / lockstep;
    }
  }

  private Lockstep(int threads, int side, int sweeps, int meetEvery) {
    this.threads = threads;
    this.side = side;
    this.sweeps = sweeps;
    this.meetEvery = meetEvery;
    this.values = new double[threads][side * side];
    this.rightSides = new double[threads][side * side];
    for (int t = 0; t < threads; t++) {
      for (int k = 0; k < side * side; k++) {
        // Any fixed data will do; distinct per grid so that no two grids are the same array by accident.
        rightSides[t][k] = 1e-3 * ((k * 31 + t * 17) % 97);
      }
    }
  }

  /**
   * T threads of {@code cellsPerThread} cells each (a square grid of that many cells, rounded down), {@code sweeps}
   * sweeps a round, meeting after every sweep.
   */
  public static Lockstep of(int threads, int cellsPerThread, int sweeps) {
    return of(threads, cellsPerThread, sweeps, 1);
  }

  /**
   * As {@link #of(int, int, int)}, the lockstep threads meeting after every {@code meetEvery}-th sweep (and after the
   * last): what deeper ghost layers would buy a solver, which can then make that many sweeps per exchange.
   */
  public static Lockstep of(int threads, int cellsPerThread, int sweeps, int meetEvery) {
    Checks.check(threads >= 2, "threads", threads, "must be >= 2 (one thread has nothing to meet)");
    Checks.check(cellsPerThread >= 9, "cells per thread", cellsPerThread, "must be >= 9 (a 3 x 3 grid)");
    Checks.check(sweeps >= 1, "sweeps", sweeps, "must be >= 1");
    Checks.check(meetEvery >= 1, "meet every", meetEvery, "must be >= 1");
    return new Lockstep(threads, (int) Math.sqrt(cellsPerThread), sweeps, meetEvery);
  }

  public int threads() {
    return threads;
  }

  /** Cells of each thread's grid. */
  public int cellsPerThread() {
    return side * side;
  }

  /** Each thread's grid after the sweeps so far (a copy): the same whichever way the rounds ran them. */
  public double[] grid(int thread) {
    return values[thread].clone();
  }

  /** Times {@code rounds} rounds after one untimed round that lets the compiler settle. */
  public List<Round> measure(int rounds) throws InterruptedException {
    Checks.check(rounds >= 1, "rounds", rounds, "must be >= 1");
    round();
    List<Round> out = new ArrayList<>(rounds);
    for (int r = 0; r < rounds; r++) {
      out.add(round());
    }
    return out;
  }

  /** One round: one thread, then free threads, then lockstep threads, each over the same sweeps. */
  Round round() throws InterruptedException {
    long start = System.nanoTime();
    for (int s = 0; s < sweeps; s++) {
      for (int t = 0; t < threads; t++) {
        sweep(t);
      }
    }
    double one = (System.nanoTime() - start) / 1e9;
    double free = parallel(null, new long[threads]);
    long[] waited = new long[threads];
    CyclicBarrier barrier = new CyclicBarrier(threads, () -> meetings++);
    meetings = 0;
    double lockstep = parallel(barrier, waited);
    double share = 0;
    for (long w : waited) {
      share += Math.min(1, w / 1e9 / lockstep);
    }
    return new Round(one, free, lockstep, share / threads, meetings);
  }

  /** Every thread sweeps its own grid; with a barrier they meet as {@link #of} says. Returns the wall seconds. */
  private double parallel(CyclicBarrier barrier, long[] waited) throws InterruptedException {
    Thread[] workers = new Thread[threads];
    RuntimeException[] failure = new RuntimeException[1];
    long start = System.nanoTime();
    for (int t = 0; t < threads; t++) {
      int me = t;
      workers[t] = new Thread(() -> {
        try {
          for (int s = 0; s < sweeps; s++) {
            sweep(me);
            if (barrier != null && ((s + 1) % meetEvery == 0 || s + 1 == sweeps)) {
              long w = System.nanoTime();
              barrier.await();
              waited[me] += System.nanoTime() - w;
            }
          }
        } catch (InterruptedException | BrokenBarrierException e) {
          synchronized (failure) {
            failure[0] = new IllegalStateException("lockstep thread " + me + " stopped: " + e, e);
          }
        }
      }, "lockstep-" + t);
      workers[t].start();
    }
    for (Thread w : workers) {
      w.join();
    }
    if (failure[0] != null) {
      throw failure[0];
    }
    return (System.nanoTime() - start) / 1e9;
  }

  /** One red–black sweep of thread t's grid (interior cells; the edge rows and columns stay fixed). */
  private void sweep(int t) {
    double[] v = values[t];
    double[] f = rightSides[t];
    int n = side;
    for (int colour = 0; colour < 2; colour++) {
      for (int j = 1; j < n - 1; j++) {
        for (int i = 1 + ((j + colour + 1) & 1); i < n - 1; i += 2) {
          int k = i + j * n;
          v[k] += 1.5 * ((v[k - 1] + v[k + 1] + v[k - n] + v[k + n] - f[k]) / 4 - v[k]);
        }
      }
    }
  }
}
