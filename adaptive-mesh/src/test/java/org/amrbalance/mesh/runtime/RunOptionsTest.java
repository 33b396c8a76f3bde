package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunOptionsTest {
  @Test
  void argumentsRoundTrip() {
    RunOptions o = RunOptions.defaults().withSteps(7).withLmax(2).withBalancer("grid-packing")
        .withTrigger("fixed-interval").withSweepsPerStep(5).withRegridInterval(3).withCheckEvery(2)
        .withSetting("amrbalance.fixed-interval.m", "4");
    assertThat(RunOptions.parse(o.toArgs())).isEqualTo(o);
    assertThat(o.configuration()).containsEntry("amrbalance.balancer", "grid-packing")
        .containsEntry("amrbalance.trigger", "fixed-interval").containsEntry("amrbalance.fixed-interval.m", "4")
        .containsEntry("amrbalance.service.log", "false");
    assertThat(o.checks(0)).isTrue();
    assertThat(o.checks(3)).isFalse();
    assertThat(o.checks(4)).isTrue();
    assertThat(RunOptions.defaults().checks(0)).isFalse();
  }

  @Test
  void refinedBoxSidesRoundTripAndAreChecked() {
    RunOptions o = RunOptions.defaults().withRefinedBoxes(8, 64);
    assertThat(RunOptions.parse(o.toArgs())).isEqualTo(o);
    assertThat(o.minBox()).isEqualTo(8);
    assertThat(o.maxBox()).isEqualTo(64);
    assertThat(RunOptions.defaults().minBox()).isEqualTo(2);
    assertThat(RunOptions.defaults().maxBox()).isEqualTo(32);
    // A minimum above half the default maximum raises the maximum with it, so that a box can always be halved.
    assertThat(RunOptions.parse(List.of("--min-box", "20")).maxBox()).isEqualTo(40);
    assertThat(RunOptions.parse(RunOptions.defaults().withRegridInterval(5), List.of("--max-box", "48")))
        .isEqualTo(RunOptions.defaults().withRegridInterval(5).withRefinedBoxes(2, 48));
    assertThatThrownBy(() -> RunOptions.defaults().withRefinedBoxes(8, 15))
        .hasMessageContaining("maxBox = 15");
    assertThatThrownBy(() -> RunOptions.defaults().withRefinedBoxes(0, 32))
        .hasMessageContaining("minBox = 0");
  }

  @Test
  void theProblemSizeAndCalibrationRoundTripAndAreChecked() {
    RunOptions o = RunOptions.defaults().withBaseGrid(128, 32).withCalibration(true);
    assertThat(RunOptions.parse(o.toArgs())).isEqualTo(o);
    assertThat(o.baseCells()).isEqualTo(128);
    assertThat(o.baseBoxSize()).isEqualTo(32);
    assertThat(o.calibrate()).isTrue();
    assertThat(RunOptions.defaults().baseCells()).isEqualTo(32);
    assertThat(RunOptions.defaults().calibrate()).isFalse();
    assertThatThrownBy(() -> RunOptions.defaults().withBaseGrid(64, 128))
        .hasMessage("baseBoxSize = 128: must be in [4, 64]");
    assertThatThrownBy(() -> RunOptions.parse(List.of("--calibrate", "yes")))
        .hasMessage("--calibrate = yes: must be true or false");
  }

  @Test
  void theRemapTimeoutIsNoneByDefaultAndRoundTripsInSeconds() {
    assertThat(RunOptions.defaults().remapTimeout()).isEmpty();
    assertThat(RunOptions.defaults().toArgs()).doesNotContain("--remap-timeout");
    RunOptions o = RunOptions.defaults().withSteps(3).withRemapTimeout(Duration.ofMillis(1500));
    assertThat(o.remapTimeout()).contains(Duration.ofMillis(1500));
    assertThat(o.toArgs()).containsSubsequence("--remap-timeout", "1.5");
    assertThat(RunOptions.parse(o.toArgs())).isEqualTo(o);
    assertThat(RunOptions.parse(List.of("--remap-timeout", "0.000000002")).remapTimeout())
        .contains(Duration.ofNanos(2));
    assertThat(RunOptions.parse(List.of("--remap-timeout", "2", "--remap-timeout", "none")))
        .isEqualTo(RunOptions.defaults());
    assertThat(o.withoutRemapTimeout().withSteps(40)).isEqualTo(RunOptions.defaults());
    // The other options keep the timeout.
    assertThat(o.withLmax(1).withTrigger("never").remapTimeout()).contains(Duration.ofMillis(1500));
  }

  @Test
  void aRemapTimeoutMustBePositiveAndAtMostADay() {
    assertThatThrownBy(() -> RunOptions.defaults().withRemapTimeout(Duration.ZERO))
        .hasMessage("remapTimeout = 0 s: must be positive and at most 86400 s");
    assertThatThrownBy(() -> RunOptions.defaults().withRemapTimeout(Duration.ofMillis(-250)))
        .hasMessage("remapTimeout = -0.25 s: must be positive and at most 86400 s");
    assertThatThrownBy(() -> RunOptions.defaults().withRemapTimeout(Duration.ofDays(2)))
        .hasMessage("remapTimeout = 172800 s: must be positive and at most 86400 s");
    assertThatThrownBy(() -> RunOptions.defaults().withRemapTimeout(null))
        .hasMessage("remapTimeout = null: must be positive and at most 86400 s");
    assertThatThrownBy(() -> RunOptions.parse(List.of("--remap-timeout", "-1")))
        .hasMessage("remapTimeout = -1 s: must be positive and at most 86400 s");
    assertThatThrownBy(() -> RunOptions.parse(List.of("--remap-timeout", "soon")))
        .hasMessage("--remap-timeout = soon: not a number of seconds (at most 9 decimals)");
    assertThatThrownBy(() -> RunOptions.parse(List.of("--remap-timeout", "1e-10")))
        .hasMessage("--remap-timeout = 1e-10: not a number of seconds (at most 9 decimals)");
  }

  @Test
  void theConstructorChecksWhatTheWithersCheckAndKeepsTheSettingsSorted() {
    RunOptions d = RunOptions.defaults();
    assertThatThrownBy(() -> new RunOptions(40, 3, "knapsack", "never", Map.of(), 20, 2, 0, null, 32, 16, 2, 32,
        false)).hasMessage("remapTimeout = null: must be positive and at most 86400 s");
    assertThatThrownBy(() -> new RunOptions(40, 3, "knapsack", "never", Map.of("x", "1"), 20, 2, 0, Optional.empty(),
        32, 16, 2, 32, false)).hasMessage("setting = x: must start with amrbalance.");
    RunOptions o = d.withSetting("amrbalance.z", "1").withSetting("amrbalance.a", "2").withBalancer(" scatter ");
    assertThat(o.balancer()).isEqualTo("scatter");
    assertThat(o.settings().keySet()).containsExactly("amrbalance.a", "amrbalance.z");
    assertThat(o.toArgs()).containsSubsequence("--set", "amrbalance.a=2", "--set", "amrbalance.z=1");
    assertThat(o).isEqualTo(d.withBalancer("scatter").withSetting("amrbalance.a", "2").withSetting("amrbalance.z", "1"))
        .hasSameHashCodeAs(d.withBalancer("scatter").withSetting("amrbalance.a", "2").withSetting("amrbalance.z", "1"));
  }

  @Test
  void badValuesNameTheField() {
    assertThatThrownBy(() -> RunOptions.defaults().withSteps(-1)).hasMessage("steps = -1: must be in [0, 100000]");
    assertThatThrownBy(() -> RunOptions.defaults().withLmax(7)).hasMessage("lmax = 7: must be in [0, 6]");
    assertThatThrownBy(() -> RunOptions.defaults().withBalancer(" ")).hasMessageStartingWith("balancer =  :");
    assertThatThrownBy(() -> RunOptions.defaults().withSetting("other.key", "1"))
        .hasMessage("setting = other.key: must start with amrbalance.");
    assertThatThrownBy(() -> RunOptions.parse(List.of("--steps"))).hasMessage("--steps: needs a value");
    assertThatThrownBy(() -> RunOptions.parse(List.of("--steps", "x"))).hasMessage("--steps = x: not a whole number");
    assertThatThrownBy(() -> RunOptions.parse(List.of("--bogus", "1"))).hasMessage("unknown argument '--bogus'");
  }
}
