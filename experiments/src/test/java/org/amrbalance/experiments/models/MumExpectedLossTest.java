package org.amrbalance.experiments.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MumExpectedLossTest {

  @Test
  void firstStepLossMatchesTheClosedForm() {
    for (int n : new int[] {1, 2, 3, 8, 32}) {
      for (double p : new double[] {0.1, 0.5, 2.0 / 3}) {
        double expected = 1 - Math.pow(p / 2, n) - Math.pow(1 - p / 2, n);
        assertThat(MumExpectedLoss.identical(19, p, n).loss(1)).isCloseTo(expected, offset(1e-12));
      }
    }
  }

  @Test
  void exactLossesMatchASimulation() {
    MumModel model = MumModel.of(8, 19, 0.5);
    MumExpectedLoss exact = MumExpectedLoss.of(model);
    int steps = 30;
    int runs = 20_000;
    double[] sum = new double[steps + 1];
    double[] sumSq = new double[steps + 1];
    SplittableRandom master = new SplittableRandom(9);
    byte[] moves = new byte[steps * 8];
    int[] s = new int[8];
    for (int r = 0; r < runs; r++) {
      model.drawMoves(master.split(), steps, moves);
      java.util.Arrays.fill(s, model.middle());
      for (int t = 0; t < steps; t++) {
        model.apply(moves, t, s);
        int max = 0;
        double avg = 0;
        for (int v : s) {
          max = Math.max(max, v);
          avg += v / 8.0;
        }
        sum[t + 1] += max - avg;
        sumSq[t + 1] += (max - avg) * (max - avg);
      }
    }
    for (int m = 1; m <= steps; m++) {
      double mean = sum[m] / runs;
      double se = Math.sqrt((sumSq[m] / runs - mean * mean) / runs);
      assertThat(exact.loss(m)).as("E_%d", m).isCloseTo(mean, offset(4 * se));
    }
    // Heterogeneous chains (eq. 5) with equal p agree with identical chains (eq. 13).
    MumExpectedLoss general = MumExpectedLoss.chains(19, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5);
    for (int m = 1; m <= 40; m++) {
      assertThat(general.loss(m)).isCloseTo(exact.loss(m), offset(1e-12));
    }
  }

  /** Theorem 5.3 then 5.1: E_m non-decreasing, so E[W(n)] falls to one minimum at n̂ = min{n : κ(n) ≥ C}, then rises. */
  @Test
  void expectedWIsUnimodalWithTheMinimumWhereKappaReachesC() {
    for (int chains : new int[] {2, 3, 8, 32}) {
      for (double p : new double[] {0.2, 0.5, 2.0 / 3}) {
        MumExpectedLoss e = MumExpectedLoss.identical(19, p, chains);
        double[] loss = e.losses(300);
        for (int m = 2; m <= 300; m++) {
          assertThat(loss[m]).as("E_%d, N=%d, p=%s", m, chains, p).isGreaterThanOrEqualTo(loss[m - 1] - 1e-12);
        }
        int previous = 1;
        for (double c : new double[] {0.5, 1, 2, 4, 8, 16, 32, 64}) {
          OptionalInt nHat = e.minimiser(c, 299);
          if (nHat.isEmpty()) {
            continue;
          }
          int n = nHat.getAsInt();
          assertThat(e.argminExpectedW(c, 300)).isEqualTo(n);
          int localMinima = 0;
          for (int k = 1; k < 300; k++) {
            double w = e.expectedW(k, c);
            boolean leftHigher = k == 1 || e.expectedW(k - 1, c) > w;
            boolean rightNotLower = e.expectedW(k + 1, c) >= w;
            if (leftHigher && rightNotLower) {
              localMinima++;
            }
            // δ(k) = (κ(k) − C)/(k(k+1)): the sign of the step is the sign of κ − C.
            double delta = e.expectedW(k + 1, c) - w;
            assertThat(delta).isCloseTo((e.kappa(k) - c) / (k * (k + 1.0)), offset(1e-9));
          }
          assertThat(localMinima).as("local minima for N=%d p=%s C=%s", chains, p, c).isEqualTo(1);
          assertThat(n).as("n̂ non-decreasing in C").isGreaterThanOrEqualTo(previous);
          previous = n;
        }
      }
    }
  }

  @Test
  void minimiserShortensWithMoreChainsAndMoreActivity() {
    for (double c : new double[] {2, 8, 20}) {
      int prev = Integer.MAX_VALUE;
      for (int chains : new int[] {2, 4, 8, 16, 64}) {
        int n = MumExpectedLoss.identical(19, 0.5, chains).minimiser(c, 2000).orElse(Integer.MAX_VALUE);
        assertThat(n).isLessThanOrEqualTo(prev);
        prev = n;
      }
      prev = Integer.MAX_VALUE;
      for (double p : new double[] {0.1, 0.2, 0.4, 0.6}) {
        int n = MumExpectedLoss.identical(19, p, 8).minimiser(c, 2000).orElse(Integer.MAX_VALUE);
        assertThat(n).isLessThanOrEqualTo(prev);
        prev = n;
      }
    }
  }

  /** Lemma 5.3: as N → ∞, E_m = min(m, L − K) and the minimiser follows √(2C) up to (L−K−1)²/2. */
  @Test
  void manyChainsApproachTheSquareRootOfTwoCRule() {
    int l = 19;
    int k = 10;
    MumExpectedLoss e = MumExpectedLoss.identical(l, 0.5, 1e15);
    for (int m = 1; m <= 40; m++) {
      assertThat(e.loss(m)).isCloseTo(Math.min(m, l - k), offset(1e-9));
    }
    for (double c : new double[] {1, 3, 10, 20, 30}) {
      for (int n = 1; n <= 40; n++) {
        double expected = n <= l - k - 1 ? n / 2.0 + 0.5 + c / n : l - k + (2 * c - (l - k - 1) * (l - k)) / (2.0 * n);
        assertThat(e.expectedW(n, c)).as("B.1/B.2 at n=%d C=%s", n, c).isCloseTo(expected, offset(1e-9));
      }
      int n = e.minimiser(c, 100).getAsInt();
      // Integer minimiser of n/2 + 1/2 + C/n: the first n with n(n+1)/2 >= C, within 1 of the real √(2C).
      assertThat(n * (n + 1) / 2.0).isGreaterThanOrEqualTo(c);
      assertThat((n - 1) * n / 2.0).isLessThan(c);
      assertThat((double) n).isCloseTo(Math.sqrt(2 * c), offset(1.0));
    }
    // The band (L−K−1)²/2 <= C < (L−K−1)(L−K)/2 puts the minimum at L−K−1 = 8; beyond it, no minimum.
    assertThat(e.minimiser(33, 100)).hasValue(8);
    assertThat(e.minimiser(35.9, 100)).hasValue(8);
    assertThat(e.minimiser(36.5, 1000)).isEmpty();
    // Finite N approaches the limit as N grows.
    double prevGap = Double.MAX_VALUE;
    for (double chains : new double[] {8, 64, 1024, 1 << 20}) {
      double gap = Math.abs(MumExpectedLoss.identical(l, 0.5, chains).loss(5) - 5);
      assertThat(gap).isLessThan(prevGap);
      prevGap = gap;
    }
  }

  /** Figure 6's claim for the corrected eq. (17): at N = 8 it tracks the exact E[W(n)] and its minimiser. */
  @Test
  void correctedEquation17TracksTheExactMinimiserAtEightChains() {
    MumExpectedLoss exact = MumExpectedLoss.identical(19, 0.5, 8);
    int same = 0;
    double[] costs = {1, 2, 4, 8, 16, 32};
    for (double c : costs) {
      int nHat = exact.minimiser(c, 1000).getAsInt();
      int approx = 1;
      for (int n = 2; n < 300; n++) {
        if (MumExpectedLoss.approximateExpectedW(8, 0.5, n, c, false)
            < MumExpectedLoss.approximateExpectedW(8, 0.5, approx, c, false)) {
          approx = n;
        }
      }
      assertThat(approx).as("C = %s", c).isCloseTo(nHat, org.assertj.core.data.Offset.offset(1));
      same += approx == nHat ? 1 : 0;
      assertThat(MumExpectedLoss.approximateExpectedW(8, 0.5, nHat, c, false))
          .isCloseTo(exact.expectedW(nHat, c), org.assertj.core.data.Offset.offset(0.15 * exact.expectedW(nHat, c)));
      // The two forms of d(N) barely differ at N = 8.
      assertThat(MumExpectedLoss.approximateExpectedW(8, 0.5, nHat, c, true))
          .isCloseTo(MumExpectedLoss.approximateExpectedW(8, 0.5, nHat, c, false), offset(1e-3));
    }
    assertThat(same).isGreaterThanOrEqualTo(5);
  }

  @Test
  void lemma51CounterexampleJustAboveTwoThirds() {
    double eps = 0.01;
    MumExpectedLoss e = MumExpectedLoss.identical(3, 2.0 / 3 + eps, 1);
    // One chain: E_1 = E[T] − E[T] = 0, but its distribution is bimodal; check through two chains' E[T_max].
    // P(1) = P(3) = 1/3 + ε/2, P(2) = 1/3 − ε: E[max of 2] = Σ_s (1 − P(s−1)^2).
    double p1 = 1.0 / 3 + eps / 2;
    double p2 = 1.0 / 3 - eps;
    double eMax = 1 + (1 - p1 * p1) + (1 - (p1 + p2) * (p1 + p2));
    assertThat(MumExpectedLoss.identical(3, 2.0 / 3 + eps, 2).loss(1)).isCloseTo(eMax - 2, offset(1e-12));
    assertThat(e.loss(1)).isCloseTo(0, offset(1e-12));
  }
}
