package org.amrbalance.experiments.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.annotation.concurrent.Immutable;

/**
 * The workload of seed 002 §3.6 (spec §13.1): every processor holds a fixed number of coarse grids; each
 * generation every coarse grid spawns a number of fine grids with i.i.d. sizes, generated on the coarse
 * grid's processor. Choices where the thesis is silent:
 *
 * <ul>
 *   <li>the child count, "exponentially distributed with mean 1", is geometric on {0, 1, 2, ...} with
 *       P(k) = 2^-(k+1) (mean exactly 1);
 *   <li>sizes are integers, uniform on [minSize, maxSize]; a size of 0 (possible when minSize = 0) makes no
 *       grid;
 *   <li>generations are independent: the fixed coarse grids spawn fresh children each time (the
 *       recommended reading; the chained branching process dies out);
 *   <li>coarse grid j of processor p is the p-th processor's j-th grid (processor-major).
 * </ul>
 */
@Immutable
public final class ThesisWorkload {
  private final int ranks;
  private final int gridsPerProcessor;
  private final int minSize;
  private final int maxSize;

  private ThesisWorkload(int ranks, int gridsPerProcessor, int minSize, int maxSize) {
    this.ranks = ranks;
    this.gridsPerProcessor = gridsPerProcessor;
    this.minSize = minSize;
    this.maxSize = maxSize;
  }

  public static ThesisWorkload of(int ranks, int gridsPerProcessor, int minSize, int maxSize) {
    check(ranks >= 1, "ranks", ranks, "must be >= 1");
    check(gridsPerProcessor >= 1, "gridsPerProcessor", gridsPerProcessor, "must be >= 1");
    check(minSize >= 0, "minSize", minSize, "must be >= 0");
    check(maxSize >= minSize && maxSize >= 1, "maxSize", maxSize, "must be >= minSize (" + minSize + ") and >= 1");
    return new ThesisWorkload(ranks, gridsPerProcessor, minSize, maxSize);
  }

  /** One fine grid of a generation: its size and the coarse grid (hence processor) that spawned it. */
  public record Child(int coarseGrid, int size) {}

  public int ranks() {
    return ranks;
  }

  public int coarseGrids() {
    return ranks * gridsPerProcessor;
  }

  /** The processor holding coarse grid {@code j}. */
  public int processorOf(int coarseGrid) {
    return coarseGrid / gridsPerProcessor;
  }

  /** M-bar = (minSize + maxSize) / 2, the average size for t(avg) budgets. */
  public double meanSize() {
    return (minSize + maxSize) / 2.0;
  }

  /** The fine grids of one generation, coarse grid by coarse grid. */
  public List<Child> generation(Random rnd) {
    List<Child> out = new ArrayList<>();
    for (int j = 0; j < coarseGrids(); j++) {
      while (rnd.nextBoolean()) {
        int size = minSize + rnd.nextInt(maxSize - minSize + 1);
        if (size > 0) {
          out.add(new Child(j, size));
        }
      }
    }
    return out;
  }

  private static void check(boolean ok, String field, int value, String why) {
    if (!ok) {
      throw new IllegalArgumentException(field + " = " + value + ": " + why);
    }
  }
}
