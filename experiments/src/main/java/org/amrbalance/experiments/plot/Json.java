package org.amrbalance.experiments.plot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Locale;
import javax.annotation.Nullable;

/**
 * JSON output of the launcher, written by Jackson: one object per line, {@code {"name": value, ...}}. Numbers keep
 * the precision each command has always printed: {@link #fixed} rounds to a number of decimals, {@link #shortest} to
 * ten significant digits; a value that is not finite is written as null.
 */
public final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /** One line with a space after every colon and comma, as the commands printed before Jackson wrote them. */
  private static final ObjectWriter LINE = MAPPER.writer(new DefaultPrettyPrinter(Separators.createDefaultInstance()
      .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
      .withObjectEntrySpacing(Separators.Spacing.AFTER)
      .withArrayValueSpacing(Separators.Spacing.AFTER))
      .withObjectIndenter(new DefaultPrettyPrinter.NopIndenter())
      .withArrayIndenter(new DefaultPrettyPrinter.NopIndenter()));

  private Json() {}

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** The node on one line. */
  public static String line(JsonNode node) {
    try {
      return LINE.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain values failed to serialise", e);
    }
  }

  /** {@code v} rounded to {@code decimals} places (half up, as {@code %.Nf} prints it), or null. */
  @Nullable
  public static BigDecimal fixed(double v, int decimals) {
    return Double.isFinite(v) ? new BigDecimal(String.format(Locale.ROOT, "%." + decimals + "f", v)) : null;
  }

  /** {@code v} to ten significant digits without trailing zeros ({@code %.10g}), or null. */
  @Nullable
  public static BigDecimal shortest(double v) {
    if (!Double.isFinite(v)) {
      return null;
    }
    BigDecimal d = new BigDecimal(String.format(Locale.ROOT, "%.10g", v)).stripTrailingZeros();
    // 100 strips to 1E+2; integers of ordinary size are written out.
    return d.scale() < 0 && d.precision() - d.scale() <= 16 ? d.setScale(0) : d;
  }

  /** {@code v} exactly as {@link Double#toString} gives it, or null. */
  public static void put(ObjectNode o, String name, double v) {
    if (Double.isFinite(v)) {
      o.put(name, v);
    } else {
      o.putNull(name);
    }
  }
}
