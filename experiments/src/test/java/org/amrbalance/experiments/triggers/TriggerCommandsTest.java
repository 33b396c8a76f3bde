package org.amrbalance.experiments.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.amrbalance.experiments.LauncherCall;
import org.amrbalance.experiments.models.MumExpectedLoss;
import org.amrbalance.experiments.models.MumModel;
import org.amrbalance.experiments.models.MumOptimalPolicy;
import org.amrbalance.experiments.models.MumSimulator;
import org.junit.jupiter.api.Test;

class TriggerCommandsTest {
  private final LauncherCall call = new LauncherCall(new SimulateCommand(), new ExpectedWCommand());

  private String run(String... args) {
    assertThat(call.status(args)).as(call.err()).isZero();
    return call.out();
  }

  private int status(String... args) {
    return call.status(args);
  }

  private static double field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\": \\[?([-0-9.eE]+)").matcher(json);
    assertThat(m.find()).as("%s in %s", name, json).isTrue();
    return Double.parseDouble(m.group(1));
  }

  @Test
  void expectedWPrintsTheExactLossesAndMinimiser() {
    String json = run("expected-w", "--procs", "8", "--states", "19", "--p", "0.5", "--cost", "8");
    MumExpectedLoss e = MumExpectedLoss.identical(19, 0.5, 8);
    assertThat(field(json, "nHat")).isEqualTo(e.minimiser(8, 1000).getAsInt());
    assertThat(json).contains("\"E\": [0.8998718262,");
    assertThat(field(json, "W")).isEqualTo(Double.parseDouble(String.format(java.util.Locale.ROOT, "%.10g",
        e.expectedW(1, 8))));
  }

  @Test
  void simulateAgreesWithTheSimulatorItWraps() {
    String json = run("simulate", "--model", "mum", "--procs", "8", "--steps", "400", "--cost", "2",
        "--runs", "50", "--policy", "never", "--seed", "4");
    MumSimulator sim = MumSimulator.of(MumModel.of(8, 19, 0.5), 400, 2);
    SplittableRandom master = new SplittableRandom(4);
    byte[] path = sim.newPath();
    double sum = 0;
    for (int r = 0; r < 50; r++) {
      sim.model().drawMoves(master.split(), 400, path);
      sum += sim.runFixed(path, 0).utilization();
    }
    assertThat(field(json, "utilization")).isCloseTo(sum / 50, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(field(json, "meanRemaps")).isZero();
    String opt = run("simulate", "--model", "mum", "--procs", "2", "--steps", "30", "--cost", "4",
        "--runs", "20", "--policy", "optimal", "--seed", "1");
    assertThat(field(opt, "exactOptimalUtilization"))
        .isCloseTo(MumOptimalPolicy.solve(MumModel.of(2, 19, 0.5), 30, 4).utilization(),
            org.assertj.core.data.Offset.offset(1e-6));
    for (String policy : new String[] {"sar", "fixed:5", "change-detection", "remap-frequency"}) {
      String walk = run("simulate", "--model", "randomwalk", "--procs", "16", "--steps", "100",
          "--cost", "5", "--runs", "3", "--policy", policy, "--seed", "2");
      assertThat(field(walk, "utilization")).isBetween(0.0, 1.0);
    }
  }

  @Test
  void badArgumentsExitWithStatusTwoNamingThem() {
    assertThat(status("simulate", "--model", "ld", "--procs", "6", "--steps", "5", "--cost", "1", "--runs", "2",
        "--policy", "sar")).isEqualTo(2);
    assertThat(call.err()).contains("--procs = 6");
    assertThat(status("simulate", "--policy", "fixed:x")).isEqualTo(2);
    assertThat(call.err()).contains("--policy = fixed:x");
    assertThat(status("simulate", "--runs", "1")).isEqualTo(2);
    assertThat(call.err()).contains("--runs = 1");
    assertThat(status("expected-w", "--p", "2")).isEqualTo(2);
    assertThat(call.err()).contains("--p = 2");
  }
}
