package org.amrbalance.mesh.laplace;

import java.util.Arrays;
import javax.annotation.concurrent.Immutable;

/**
 * The work of a patch per outer step, as the balancers see it: {@code sweeps × (overhead_l + perCell_l × cells)}
 * for a patch of level l. {@link #cells()} is the plain count ({@code overhead = 0}, {@code perCell = 1}: work in
 * cell-sweeps); {@link #fit} calibrates both terms of every level from measured block sweeps, so that modelled
 * work is seconds and a rank's modelled load predicts its measured time. The overhead is what a block costs
 * whatever its size (loop set-up, the boundary rows a small block sweeps in proportion more often): without it a
 * rank of many small blocks is modelled lighter than it runs.
 */
@Immutable
public final class WorkModel {
  private static final WorkModel CELLS = new WorkModel(new double[0], new double[0]);

  private final double[] overhead;
  private final double[] perCell;

  private WorkModel(double[] overhead, double[] perCell) {
    this.overhead = overhead;
    this.perCell = perCell;
  }

  /** Work counted in cells times sweeps, as before any measurement. */
  public static WorkModel cells() {
    return CELLS;
  }

  /**
   * The least-squares line {@code seconds = overhead + perCell × cells} of each level's samples; a level whose
   * samples cannot separate the two terms (fewer than two sizes) gets a line through zero, and a level without
   * samples takes the nearest coarser level's line (or, with none, the plain count scaled to the finest fitted
   * level). Negative intercepts are clamped to zero and the slope refitted through the mean.
   */
  public static WorkModel fit(SweepSamples samples) {
    int levels = samples.levels();
    double[] a = new double[levels];
    double[] b = new double[levels];
    boolean any = false;
    for (int l = 0; l < levels; l++) {
      double n = samples.count(l);
      if (n == 0 || samples.sumCells(l) == 0) {
        b[l] = Double.NaN;
        continue;
      }
      any = true;
      double sx = samples.sumCells(l);
      double sy = samples.sumSeconds(l);
      double sxx = samples.sumCellsSquared(l);
      double sxy = samples.sumCellsSeconds(l);
      double det = n * sxx - sx * sx;
      // Relative test: cells are large numbers, so an absolute epsilon would not tell one size from two.
      boolean separable = det > 1e-9 * n * sxx;
      double slope = separable ? (n * sxy - sx * sy) / det : 0;
      double intercept = separable ? (sy - slope * sx) / n : 0;
      boolean line = separable && intercept >= 0 && slope > 0;
      a[l] = line ? intercept : 0;
      b[l] = line ? slope : sy / sx;
    }
    if (!any) {
      return CELLS;
    }
    for (int l = 0; l < levels; l++) {
      if (Double.isNaN(b[l])) {
        int from = l - 1;
        while (from >= 0 && Double.isNaN(b[from])) {
          from--;
        }
        if (from < 0) {
          from = l + 1;
          while (Double.isNaN(b[from])) {
            from++;
          }
        }
        a[l] = a[from];
        b[l] = b[from];
      }
    }
    return new WorkModel(a, b);
  }

  /** True for {@link #cells()}. */
  public boolean isCellCount() {
    return perCell.length == 0;
  }

  /** The work of a patch of {@code level} with {@code cells} cells that is swept {@code sweeps} times a step. */
  public double work(int level, long cells, int sweeps) {
    if (isCellCount()) {
      return (double) cells * sweeps;
    }
    int l = Math.min(level, perCell.length - 1);
    return sweeps * (overhead[l] + perCell[l] * cells);
  }

  /** The fitted per-block overhead of {@code level} in seconds per sweep (0 for the plain count). */
  public double overhead(int level) {
    return isCellCount() ? 0 : overhead[Math.min(level, overhead.length - 1)];
  }

  /** The fitted cost of a cell of {@code level} in seconds per sweep (1 for the plain count). */
  public double perCell(int level) {
    return isCellCount() ? 1 : perCell[Math.min(level, perCell.length - 1)];
  }

  @Override
  public String toString() {
    return isCellCount() ? "WorkModel[cells]"
        : "WorkModel[overhead=" + Arrays.toString(overhead) + ", perCell=" + Arrays.toString(perCell) + "]";
  }
}
