package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
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
