package org.amrbalance.experiments.plot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonTest {
  @Test
  void oneLineWithTheSpacingTheCommandsAlwaysPrinted() {
    var o = Json.object().put("name", "a \"quoted\"\\ name\n").put("n", 3).putNull("none");
    o.putArray("xs").add(Json.shortest(1)).add(Json.shortest(0.25));
    o.putObject("inner").put("x", Json.fixed(0.5, 6));
    assertThat(Json.line(o)).isEqualTo("{\"name\": \"a \\\"quoted\\\"\\\\ name\\n\", \"n\": 3, \"none\": null,"
        + " \"xs\": [1, 0.25], \"inner\": {\"x\": 0.500000}}");
  }

  @Test
  void numbersKeepTheirPrecisionAndNonFiniteValuesAreNull() {
    assertThat(Json.fixed(0.1234565, 6)).hasToString("0.123457");
    assertThat(Json.fixed(-0.0, 6)).hasToString("0.000000");
    assertThat(Json.shortest(0.8998718261718)).hasToString("0.8998718262");
    assertThat(Json.shortest(100)).hasToString("100");
    assertThat(Json.shortest(1e-5).doubleValue()).isEqualTo(1e-5);
    assertThat(Json.fixed(Double.NaN, 6)).isNull();
    assertThat(Json.shortest(Double.POSITIVE_INFINITY)).isNull();
    var o = Json.object();
    Json.put(o, "x", 0.1 + 0.2);
    Json.put(o, "t", Double.NaN);
    assertThat(Json.line(o)).isEqualTo("{\"x\": " + (0.1 + 0.2) + ", \"t\": null}");
  }
}
