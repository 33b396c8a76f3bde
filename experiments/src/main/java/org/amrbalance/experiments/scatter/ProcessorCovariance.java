package org.amrbalance.experiments.scatter;

/**
 * Exact covariances of the processor loads L = A C for a cluster covariance phi (seed 004 Eqs. 3 to 6).
 */
public final class ProcessorCovariance {
  private ProcessorCovariance() {}

  /**
   * Cov(L) = A Sigma_C A^T for any owner map, accumulated as S[owner(i)][owner(j)] += phi(|i - j|) in O(n^2).
   */
  public static double[][] of(double[] phi, int[] owner, int processors) {
    if (owner.length != phi.length) {
      throw new IllegalArgumentException("owner.length = " + owner.length + ": must equal phi.length " + phi.length);
    }
    double[][] s = new double[processors][processors];
    for (int i = 0; i < owner.length; i++) {
      if (owner[i] < 0 || owner[i] >= processors) {
        throw new IllegalArgumentException("owner[" + i + "] = " + owner[i] + ": must be in [0, " + processors + ")");
      }
      for (int j = 0; j < owner.length; j++) {
        s[owner[i]][owner[j]] += phi[Math.abs(i - j)];
      }
    }
    return s;
  }

  /** (1/P) trace Cov(L): the average processor variance (Theorem 4's measure). */
  public static double averageVariance(double[][] s) {
    double sum = 0;
    for (int i = 0; i < s.length; i++) {
      sum += s[i][i];
    }
    return sum / s.length;
  }

  /** The sum of all entries: the variance of the total work, the same for every map (the conservation law). */
  public static double total(double[][] s) {
    double sum = 0;
    for (double[] row : s) {
      for (double v : row) {
        sum += v;
      }
    }
    return sum;
  }

  /** Eq. 5: the common processor variance under the modular map, M = n/P clusters each, P dividing n. */
  public static double modularVariance(double[] phi, int processors) {
    int m = clustersEach(phi.length, processors);
    double v = m * phi[0];
    for (int k = 1; k < m; k++) {
      v += 2.0 * (m - k) * phi[k * processors];
    }
    return v;
  }

  /** Eq. 6: Cov[L_i, L_j] under the modular map for 0 < j - i = delta < P. */
  public static double modularCovariance(double[] phi, int processors, int delta) {
    int m = clustersEach(phi.length, processors);
    if (delta < 1 || delta >= processors) {
      throw new IllegalArgumentException("delta = " + delta + ": must be in [1, " + processors + ")");
    }
    double c = 0;
    for (int k = 0; k < m; k++) {
      c += (m - k) * phi[k * processors + delta];
    }
    for (int k = 1; k < m; k++) {
      c += (m - k) * phi[k * processors - delta];
    }
    return c;
  }

  private static int clustersEach(int n, int processors) {
    if (processors < 1 || n % processors != 0) {
      throw new IllegalArgumentException("processors = " + processors + ": must divide n = " + n);
    }
    return n / processors;
  }
}
