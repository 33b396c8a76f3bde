package org.amrbalance.mesh.laplace;

import java.util.Arrays;
import java.util.List;

/**
 * Measured block sweeps, per level, as the sums a least-squares line needs (count, Σ cells, Σ cells², Σ seconds,
 * Σ cells × seconds). Sums, so that the samples of every rank add up to the same model on every rank
 * ({@link #sum}, in rank order). Mutable, for one thread.
 */
public final class SweepSamples {
  private static final int FIELDS = 5;
  private double[] sums;

  private SweepSamples(double[] sums) {
    this.sums = sums;
  }

  public static SweepSamples empty() {
    return new SweepSamples(new double[0]);
  }

  /** The samples of {@link #toArray}. */
  public static SweepSamples of(double[] sums) {
    if (sums.length % FIELDS != 0) {
      throw new IllegalArgumentException("sums.length = " + sums.length + ": must be a multiple of " + FIELDS);
    }
    return new SweepSamples(sums.clone());
  }

  /** The samples of all of {@code parts}, added in list order. */
  public static SweepSamples sum(List<double[]> parts) {
    int length = 0;
    for (double[] p : parts) {
      length = Math.max(length, p.length);
    }
    SweepSamples s = new SweepSamples(new double[length]);
    for (double[] p : parts) {
      for (int k = 0; k < p.length; k++) {
        s.sums[k] += p[k];
      }
    }
    return s;
  }

  /** One sweep of a block of {@code level} with {@code cells} cells took {@code seconds}. */
  public void add(int level, long cells, double seconds) {
    if (level < 0 || cells < 1 || !(seconds >= 0) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException("sample = level " + level + ", " + cells + " cells, " + seconds
          + " s: must be a level >= 0, >= 1 cell and finite seconds >= 0");
    }
    int base = FIELDS * level;
    if (base + FIELDS > sums.length) {
      sums = Arrays.copyOf(sums, base + FIELDS);
    }
    double x = cells;
    sums[base] += 1;
    sums[base + 1] += x;
    sums[base + 2] += x * x;
    sums[base + 3] += seconds;
    sums[base + 4] += x * seconds;
  }

  public int levels() {
    return sums.length / FIELDS;
  }

  double count(int level) {
    return sums[FIELDS * level];
  }

  double sumCells(int level) {
    return sums[FIELDS * level + 1];
  }

  double sumCellsSquared(int level) {
    return sums[FIELDS * level + 2];
  }

  double sumSeconds(int level) {
    return sums[FIELDS * level + 3];
  }

  double sumCellsSeconds(int level) {
    return sums[FIELDS * level + 4];
  }

  /** The sums, level after level: what {@link #of} and {@link #sum} read. */
  public double[] toArray() {
    return sums.clone();
  }
}
