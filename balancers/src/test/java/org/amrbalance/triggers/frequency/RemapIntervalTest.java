package org.amrbalance.triggers.frequency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

/** Seed 003: N = 64, w = 100, death–birth increments (μ = 0, σ² = 0.5), 400 replications. */
class RemapIntervalTest {
  private static final double[] TABLE1_D = {0.05, 0.06, 0.07, 0.08, 0.09, 0.10, 0.11, 0.12, 0.13, 0.14};
  private static final double[] TABLE3_B = {0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45, 0.50, 0.55};

  private static int floor(double t) {
    return (int) Math.floor(t);
  }

  @Test
  void table1AnalyticColumnsReproduceExactly() {
    int[] free = {1, 2, 3, 4, 5, 6, 7, 9, 10, 12};
    int[] normal = {8, 12, 17, 22, 28, 34, 42, 50, 58, 68};
    for (int i = 0; i < TABLE1_D.length; i++) {
      double d = TABLE1_D[i];
      assertThat(floor(ExtremeDifferenceInterval.realInterval(64, MaxFactor.HARTLEY_DAVID, d, 100, 0, 0.5)))
          .as("T*_free at D = %s", d).isEqualTo(free[i]);
      assertThat(floor(ExtremeDifferenceInterval.realInterval(64, MaxFactor.NORMAL_ASYMPTOTIC, d, 100, 0, 0.5)))
          .as("T*_normal at D = %s", d).isEqualTo(normal[i]);
    }
  }

  @Test
  void table3AnalyticColumnReproducesExactly() {
    int[] free = {3, 7, 12, 19, 28, 38, 50, 64, 79, 96};
    DeviationInterval dev = DeviationInterval.homogeneous(64, 0, 0.5);
    for (int i = 0; i < TABLE3_B.length; i++) {
      double b = TABLE3_B[i];
      assertThat(floor(dev.realInterval(b, 100))).as("T*_free at B = %s", b).isEqualTo(free[i]);
      assertThat(dev.realInterval(b, 100)).isCloseTo(100 * 100 * b * b / (63 * 0.5), offset(1e-9)); // Eq. 27
    }
  }


  @Test
  void normalConstantApproachesTheExactExpectedMaximum() {
    assertThat(MaxFactor.NORMAL_ASYMPTOTIC.of(64)).isCloseTo(2.398, offset(5e-4));
    assertThat(MaxFactor.expectedMaxOfNormals(2)).isCloseTo(1 / Math.sqrt(Math.PI), offset(1e-9));
    assertThat(MaxFactor.expectedMaxOfNormals(5)).isCloseTo(1.1629644736, offset(1e-7));
    double previous = Double.MAX_VALUE;
    for (int n : new int[] {16, 64, 1024, 1 << 16}) {
      double rel = Math.abs(MaxFactor.NORMAL_ASYMPTOTIC.of(n) / MaxFactor.NORMAL_EXACT.of(n) - 1);
      assertThat(rel).isLessThan(previous);
      previous = rel;
    }
    assertThat(previous).isLessThan(0.01);
    // Hartley–David bounds the exact expected maximum from above.
    for (int n : new int[] {2, 8, 64, 512}) {
      assertThat(MaxFactor.HARTLEY_DAVID.of(n)).isGreaterThanOrEqualTo(MaxFactor.NORMAL_EXACT.of(n) - 1e-9);
    }
  }

  @Test
  void stableRootAgreesWithThePaperClosedFormsAndHitsTheTolerance() {
    double k = MaxFactor.HARTLEY_DAVID.of(64);
    double w = 100;
    double sigma2 = 0.5;
    for (double mu : new double[] {0, 0.001, 0.01, 0.05}) {
      for (double d : new double[] {0.02, 0.05, 0.1, 0.2}) {
        double t = ExtremeDifferenceInterval.realInterval(d, w, mu, sigma2, k);
        double closed = ExtremeDifferenceInterval.paperClosedForm(d, w, mu, sigma2, k);
        if (Double.isInfinite(t)) {
          assertThat(closed).isInfinite();
          // D above the peak D* = kσ/(2√(wμ)): never reached.
          assertThat(d).isGreaterThan(k * Math.sqrt(sigma2) / (2 * Math.sqrt(w * mu)));
          continue;
        }
        // The paper's form subtracts nearly equal terms when m = D*/D is large; the stable root does not.
        assertThat(t).isCloseTo(closed, offset(1e-5 * Math.max(1, t)));
        assertThat(ExtremeDifferenceInterval.bound(t, w, mu, sigma2, k)).isCloseTo(d, offset(1e-12));
      }
    }
    // Example of the paper: w = 100, μ = 2 puts the worst expected imbalance at T0 = w/μ = 50.
    double peakT = 50;
    for (double t : new double[] {40, 49, 51, 60}) {
      assertThat(ExtremeDifferenceInterval.bound(t, 100, 2, 1, k))
          .isLessThan(ExtremeDifferenceInterval.bound(peakT, 100, 2, 1, k));
    }
  }

  @Test
  void deviationRelatesToTheExtremeBoundAndTheorem51Invariants() {
    int n = 64;
    double w = 100;
    // Eq. 26: v1(t) = √((2N−1)/(N−1))·d̂(t) with k_HD, so PII with B = √((2N−1)/(N−1))·D gives PI's T*_free.
    double scale = Math.sqrt((2.0 * n - 1) / (n - 1));
    for (double mu : new double[] {0, 0.01}) {
      DeviationInterval dev = DeviationInterval.homogeneous(n, mu, 0.5);
      for (double d : new double[] {0.05, 0.1}) {
        assertThat(dev.realInterval(scale * d, w)).isCloseTo(
            ExtremeDifferenceInterval.realInterval(n, MaxFactor.HARTLEY_DAVID, d, w, mu, 0.5), offset(1e-6));
        assertThat(dev.deviation(7, w)).isCloseTo(
            scale * ExtremeDifferenceInterval.bound(7, w, mu, 0.5, MaxFactor.HARTLEY_DAVID.of(n)), offset(1e-12));
      }
    }
    // Heterogeneous means: T2 − 2T1 = w/μ̄; v(T2) = B*; v(T1) = V_L; v(T*) = B on the stable root.
    double[] mu = new double[8];
    double[] s2 = new double[8];
    for (int i = 0; i < 8; i++) {
      mu[i] = 0.01 + 0.001 * i;
      s2[i] = 0.5 + 0.1 * i;
    }
    DeviationInterval het = DeviationInterval.of(mu, s2);
    assertThat(het.peakTime(w) - 2 * het.limitTime(w)).isCloseTo(w / 0.0135, offset(1e-6));
    assertThat(het.deviation(het.peakTime(w), w)).isCloseTo(het.peak(w), offset(1e-12));
    assertThat(het.deviation(het.limitTime(w), w)).isCloseTo(het.limit(), offset(1e-12));
    for (double b : new double[] {0.5 * het.limit(), 0.99 * het.peak(w)}) {
      double t = het.realInterval(b, w);
      assertThat(het.deviation(t, w)).isCloseTo(b, offset(1e-12));
      for (double s = 0.5; s < t; s += t / 50) {
        assertThat(het.deviation(s, w)).isLessThanOrEqualTo(b + 1e-12);
      }
      // Eq. 22 with B² = V_L² + (B*² − V_L²)/m.
      double m = (het.peak(w) * het.peak(w) - het.limit() * het.limit()) / (b * b - het.limit() * het.limit());
      double r = Math.sqrt(1 - 1 / m);
      double eq22 = (2 * m - 2 * m * r - 1) * het.peakTime(w) - 2 * (m - m * r - 1) * het.limitTime(w);
      assertThat(t).isCloseTo(eq22, offset(1e-6 * t));
    }
    assertThat(het.realInterval(1.01 * het.peak(w), w)).isInfinite();
    // Capacities: doubling a processor's capacity and its load moments leaves the normalized problem unchanged.
    double[] cap = {2, 1, 1, 1, 1, 1, 1, 1};
    double[] mu2 = mu.clone();
    double[] s22 = s2.clone();
    mu2[0] *= 2;
    s22[0] *= 4;
    assertThat(DeviationInterval.heterogeneous(mu2, s22, cap).realInterval(0.2, w))
        .isCloseTo(het.realInterval(0.2, w), offset(1e-9));
  }

  @Test
  void heterogeneousExtremeScanMatchesTheHomogeneousClosedForm() {
    double[] mu = new double[16];
    double[] s2 = new double[16];
    java.util.Arrays.fill(s2, 0.5);
    for (double d : new double[] {0.05, 0.1}) {
      double exact = ExtremeDifferenceInterval.realInterval(16, MaxFactor.NORMAL_EXACT, d, 100, 0, 0.5);
      assertThat(ExtremeDifferenceInterval.heterogeneousInterval(d, 100, mu, s2, 10_000)).isEqualTo(floor(exact));
    }
    // A processor with more variance shortens the period.
    double[] s2b = s2.clone();
    s2b[0] = 5;
    assertThat(ExtremeDifferenceInterval.heterogeneousInterval(0.1, 100, mu, s2b, 10_000))
        .isLessThan(ExtremeDifferenceInterval.heterogeneousInterval(0.1, 100, mu, s2, 10_000));
  }


  @Test
  void erlangDistributionFunctionMatchesItsClosedForms() {
    assertThat(ExtremeDifferenceInterval.erlangCdf(1, 0.7)).isCloseTo(1 - Math.exp(-0.7), offset(1e-15));
    assertThat(ExtremeDifferenceInterval.erlangCdf(2, 0.7)).isCloseTo(1 - Math.exp(-0.7) * 1.7, offset(1e-15));
    assertThat(ExtremeDifferenceInterval.erlangCdf(60, 900)).isEqualTo(1.0);
  }
}
