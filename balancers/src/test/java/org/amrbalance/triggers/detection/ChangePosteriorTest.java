package org.amrbalance.triggers.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

class ChangePosteriorTest {
  private static final ChangePosterior P = ChangePosterior.of(0.02, 0.2, 0.05);

  private static double odds(double p) {
    return p / (1 - p);
  }

  @Test
  void updatesAgreeWithTheirOddsForms() {
    for (double p = 0; p <= 0.99; p += 0.03) {
      double s = P.predict(p);
      assertThat(s).isCloseTo(0.98 * p + 0.02, offset(1e-15));
      assertThat(odds(P.afterPositive(p))).isCloseTo(odds(s) * 0.95 / 0.2, offset(1e-9));
      assertThat(odds(P.afterNegative(p))).isCloseTo(odds(s) * 0.05 / 0.8, offset(1e-9));
      double qc = P.positiveProbability(p);
      assertThat(qc * P.afterPositive(p)).isCloseTo(s * 0.95, offset(1e-12));
      assertThat((1 - qc) * P.afterNegative(p)).isCloseTo(s * 0.05, offset(1e-12));
      assertThat(P.inverse(P.afterPositive(p), true)).isCloseTo(p, offset(1e-9));
      assertThat(P.inverse(P.afterNegative(p), false)).isCloseTo(p, offset(1e-9));
    }
  }

  @Test
  void negativeUpdateContractsToItsFixedPointFromAnyStart() {
    double q = P.negativeFixedPoint();
    assertThat(P.afterNegative(q)).isCloseTo(q, offset(1e-15));
    for (double start : new double[] {0, 0.3, 0.9, 0.999}) {
      double p = start;
      for (int i = 0; i < 60; i++) {
        p = P.afterNegative(p);
      }
      assertThat(p).isCloseTo(q, offset(1e-12));
    }
  }

  @Test
  void triggerThresholdNeedsExactlyThreePositivesFromQ() {
    for (double phi : new double[] {0.001, 0.01, 0.05, 0.2}) {
      ChangePosterior post = ChangePosterior.of(phi, 0.2, 0.05);
      double q = post.negativeFixedPoint();
      for (double pos : new double[] {0, 0.5, 0.999}) {
        double pe = post.triggerThreshold(pos);
        assertThat(post.afterPositive(post.afterPositive(q))).isLessThanOrEqualTo(pe);
        assertThat(post.afterPositive(post.afterPositive(post.afterPositive(q)))).isGreaterThan(pe);
      }
    }
    assertThatThrownBy(() -> ChangePosterior.of(0.1, 0.6, 0.5)).hasMessageContaining("alpha + beta = 1.1");
    assertThatThrownBy(() -> P.triggerThreshold(1)).hasMessageContaining("position = 1");
  }
}
