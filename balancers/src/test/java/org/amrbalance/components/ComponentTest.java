package org.amrbalance.components;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.function.Supplier;
import org.amrbalance.spi.LoadBalancer;
import org.junit.jupiter.api.Test;

class ComponentTest {
  enum Curve { MORTON, HILBERT_CURVE }

  private static final Option<Double> RATE = Option.number("rate", 0.5, Double.MIN_VALUE, 1, "a rate");
  private static final Option<Integer> COUNT = Option.integer("count", 3, 1, 10, "a count");
  private static final Option<Boolean> ON = Option.flag("on", false, "a switch");
  private static final Option<Curve> CURVE = Option.choice("curve", Curve.MORTON, "a curve");
  private static final Option<Double> COST = Option.number("cost", 0, 0, 1e300, "a cost").withoutDefault("measured");
  private static final Component<LoadBalancer> WIDGET = Component.balancer("widget", "for tests", s -> {
    if (s.get(COUNT) == 7) {
      throw new IllegalArgumentException("count = 7: unlucky");
    }
    return p -> {
      throw new UnsupportedOperationException(s.component());
    };
  }, RATE, COUNT, ON, CURVE, COST);

  @Test
  void valuesParseWithDefaultsForWhatIsNotGiven() {
    Settings s = WIDGET.settings(Map.of("rate", " 0.25 ", "on", "yes", "curve", "Hilbert-Curve"));
    assertThat(s.get(RATE)).isEqualTo(0.25);
    assertThat(s.get(COUNT)).isEqualTo(3);
    assertThat(s.get(ON)).isTrue();
    assertThat(s.get(CURVE)).isEqualTo(Curve.HILBERT_CURVE);
    assertThat(s.get(COST)).isNull();
    assertThat(s.given(RATE)).isTrue();
    assertThat(s.given(COUNT)).isFalse();
  }

  @Test
  void aBadValueNamesThePropertyTheValueAndWhatIsValid() {
    assertThatThrownBy(() -> WIDGET.settings(Map.of("rate", "0")))
        .hasMessage("amrbalance.widget.rate = 0: must be a number in (0, 1]");
    assertThatThrownBy(() -> WIDGET.settings(Map.of("count", "2.5")))
        .hasMessage("amrbalance.widget.count = 2.5: must be an integer in [1, 10]");
    assertThatThrownBy(() -> WIDGET.settings(Map.of("on", "maybe")))
        .hasMessage("amrbalance.widget.on = maybe: must be true or false");
    assertThatThrownBy(() -> WIDGET.settings(Map.of("curve", "peano")))
        .hasMessage("amrbalance.widget.curve = peano: must be one of [hilbert-curve, morton]");
    assertThatThrownBy(() -> WIDGET.settings(Map.of("cuve", "morton")))
        .hasMessage("amrbalance.widget.cuve = morton: unknown option of widget; valid: [cost, count, curve, on, rate]");
  }

  @Test
  void aCombinationTheFactoryRejectsNamesTheComponentAndIsCaughtBeforeTheRun() {
    assertThatThrownBy(() -> WIDGET.factory(Map.of("count", "7")))
        .hasMessage("amrbalance.widget: count = 7: unlucky");
    Supplier<LoadBalancer> fresh = WIDGET.factory(Map.of("count", "2"));
    assertThat(fresh.get()).isNotSameAs(fresh.get());
  }

  @Test
  void theHelpLineIsDerivedFromTheDeclaration() {
    assertThat(WIDGET.options()).containsOnlyKeys("rate", "count", "on", "curve", "cost");
    assertThat(WIDGET.options().get("rate")).isEqualTo("a rate; a number in (0, 1] (default 0.5)");
    assertThat(WIDGET.options().get("cost")).isEqualTo("a cost; a number in [0, 1e300] (default measured)");
    assertThat(WIDGET.options().get("curve")).isEqualTo("a curve; one of [hilbert-curve, morton] (default morton)");
  }

  @Test
  void recordsCheckWithTheSameRangeAsConfiguration() {
    assertThat(COUNT.check(10)).isEqualTo(10);
    assertThatThrownBy(() -> COUNT.check(11)).hasMessage("count = 11: must be an integer in [1, 10]");
    assertThatThrownBy(() -> Option.integer("n", 0, 1, 10, "a default out of range"))
        .hasMessageContaining("n = 0");
    assertThatThrownBy(() -> Option.flag("Bad_Name", true, "x")).hasMessageContaining("lower case");
  }
}
