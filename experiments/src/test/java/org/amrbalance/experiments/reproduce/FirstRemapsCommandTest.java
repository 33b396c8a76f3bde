package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.amrbalance.experiments.LauncherCall;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.triggers.RemapPolicies;
import org.junit.jupiter.api.Test;

class FirstRemapsCommandTest {
  private final LauncherCall call = new LauncherCall(new FirstRemapsCommand());

  private int status(String... args) {
    return call.status(args);
  }

  /** The adaptive trigger's first remap step and utilization, and fixed(m)'s, computed here without the command. */
  private static double[] reference(TriggerComparison.Row row, long seed, int m) {
    RemapPolicy adaptive = RemapPolicies.factory("adaptive", Map.of("initial-cost",
        Double.toString(row.workload().cost()), "steps", Integer.toString(row.workload().steps()))).get();
    int[] step = {0};
    int[] first = {0};
    RemapPolicy watched = new RemapPolicy() {
      @Override
      public RemapDecision onStep(StepTimes t) {
        step[0]++;
        RemapDecision d = adaptive.onStep(t);
        if (d.shouldRemap() && first[0] == 0) {
          first[0] = step[0];
        }
        return d;
      }

      @Override
      public void onRemap(double cost) {
        adaptive.onRemap(cost);
      }
    };
    double a = row.workload().run(seed, row.noise(), watched).utilization();
    double x = row.workload().run(seed, row.noise(), RemapPolicies.fixedInterval(m)).utilization();
    return new double[] {first[0], a, x};
  }

  @Test
  void totalsAndBinsAgreeWithAnIndependentRunOfEveryReplicate() {
    int n = 24;
    assertThat(status("first-remaps", "--row", "random-walk:sigma=0.2", "--replicates", "" + n, "--fixed", "40",
        "--force", "20", "--bin", "8")).as(call.err()).isZero();
    String md = call.out();
    TriggerComparison.Row row = FirstRemapsCommand.rows().get("random-walk:sigma=0.2");
    double sum = 0;
    int[] perBin = new int[64];
    for (int r = 0; r < n; r++) {
      double[] ref = reference(row, row.seed() + r, 40);
      sum += ref[1] - ref[2];
      perBin[(int) ref[0] / 8]++;
    }
    Matcher total = Pattern.compile("- adaptive − fixed\\(40\\): ([-+0-9.]+) ").matcher(md);
    assertThat(total.find()).as(md).isTrue();
    assertThat(Double.parseDouble(total.group(1))).isCloseTo(sum / n, org.assertj.core.data.Offset.offset(6e-6));
    for (int b = 1; b < perBin.length; b++) {
      if (perBin[b] > 0) {
        assertThat(md).contains("| " + (8 * b) + "–" + (8 * b + 7) + " | " + perBin[b] + " |");
      }
    }
    assertThat(md).contains("first remap forced at step 20");
  }

  @Test
  void theForcedRunRemapsFirstAtTheGivenStepAndNotBefore() {
    TriggerComparison.Row row = FirstRemapsCommand.rows().get("ld:sigma=0.2");
    for (FirstRemaps.Replicate r : FirstRemaps.run(row, 6, 16, 11)) {
      assertThat(r.forcedFirst()).isEqualTo(11);
    }
  }

  @Test
  void anUnknownRowOrABadNumberIsAUsageErrorNamingIt() {
    assertThat(status("first-remaps", "--row", "ld:sigma=0.3")).isEqualTo(2);
    assertThat(call.err()).contains("--row").contains("ld:sigma=0.2");
    assertThat(status("first-remaps", "--replicates", "1")).isEqualTo(2);
    assertThat(call.err()).contains("--replicates");
  }
}
