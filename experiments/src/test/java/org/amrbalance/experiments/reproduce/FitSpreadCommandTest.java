package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.amrbalance.experiments.LauncherCall;
import org.junit.jupiter.api.Test;

class FitSpreadCommandTest {
  private final LauncherCall call = new LauncherCall(new FitSpreadCommand());

  private int status(String... args) {
    return call.status(args);
  }

  @Test
  void printsOneRowPerCountOfIntervalsInAscendingOrder() {
    assertThat(status("fit-spread", "--runs", "2", "--replicates", "4", "--interval", "20", "--intervals", "3,1,3"))
        .isZero();
    String text = call.out();
    assertThat(text).startsWith("random-walk, sigma=0.2: the load model the adaptive trigger learned on 2 tuning runs")
        .contains("4 replicates of 16 ranks");
    List<String> rows = text.lines().filter(l -> l.matches("\\| \\d+ \\|.*")).toList();
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0)).startsWith("| 1 |");
    assertThat(rows.get(1)).startsWith("| 3 |");
  }

  @Test
  void anUnknownRowIsAUsageErrorNamingTheChoices() {
    assertThat(status("fit-spread", "--row", "ld:sigma=9")).isEqualTo(2);
    assertThat(call.err()).contains("--row").contains("ld:sigma=0.2");
  }
}
