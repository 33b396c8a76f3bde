package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.amrbalance.triggers.RemapPolicies;
import org.junit.jupiter.api.Test;

class CarriedModelTest {
  @Test
  void theTextReadsBackExactly() {
    CarriedModel m = new CarriedModel(4.94416e-4, 6.31532e-6, 1.0 / 3 * 1e-4, 0.0381232, 200);
    assertThat(CarriedModel.parse(m.text())).isEqualTo(m);
    assertThat(CarriedModel.parse(" 0, 0 ,1e-5, 0.04,1")).isEqualTo(new CarriedModel(0, 0, 1e-5, 0.04, 1));
  }

  @Test
  void aBadTextNamesThePartThatIsWrong() {
    assertThatThrownBy(() -> CarriedModel.parse("1,2,3")).hasMessage(
        "must be five numbers residue,slope,wander,noise,steps, found 3");
    assertThatThrownBy(() -> CarriedModel.parse("1,2,-1,4,5")).hasMessage("wander = -1.0: must be finite and >= 0");
    assertThatThrownBy(() -> CarriedModel.parse("NaN,2,1,4,5")).hasMessage("residue = NaN: must be finite and >= 0");
    assertThatThrownBy(() -> CarriedModel.parse("1,x,1,4,5")).hasMessage("slope = x: must be a number");
    assertThatThrownBy(() -> CarriedModel.parse("1,2,1,4,0")).hasMessage("steps = 0: must be >= 1");
    assertThatThrownBy(() -> CarriedModel.parse("1,2,1,4,2.5")).hasMessage("steps = 2.5: must be a whole number >= 1");
  }

  @Test
  void theTriggersOptionRefusesABadModelByName() {
    assertThatThrownBy(() -> RemapPolicies.factory("adaptive", Map.of("load-model", "1,2,-1,4,5")).get())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("load-model = 1,2,-1,4,5: wander = -1.0: must be finite and >= 0");
    assertThatThrownBy(() -> RemapPolicies.factory("adaptive", Map.of("load-model", "0.1,0.2")).get())
        .hasMessageContaining("load-model = 0.1,0.2: must be five numbers residue,slope,wander,noise,steps, found 2");
    assertThat(RemapPolicies.factory("adaptive", Map.of("load-model", "0,0,1e-5,0.04,100")).get().learnedOptions())
        .containsEntry("load-model", "0.0,0.0,1.0E-5,0.04,100");
  }
}
