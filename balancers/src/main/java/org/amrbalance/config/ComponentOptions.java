package org.amrbalance.config;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.concurrent.Immutable;

/**
 * The options given to one balancer or trigger ({@code amrbalance.<component>.<option> = value}), with typed
 * getters that apply defaults and check ranges. A bad value is an {@link IllegalArgumentException} naming the
 * property, the value and the valid range.
 */
@Immutable
public final class ComponentOptions {
  private final String component;
  private final Map<String, String> values;

  private ComponentOptions(String component, Map<String, String> values) {
    this.component = component;
    this.values = values;
  }

  public static ComponentOptions of(String component, Map<String, String> values) {
    return new ComponentOptions(component, Map.copyOf(new TreeMap<>(values)));
  }

  public static ComponentOptions none(String component) {
    return of(component, Map.of());
  }

  public String component() {
    return component;
  }

  /** Option names given (without the {@code amrbalance.<component>.} prefix). */
  public Set<String> names() {
    return values.keySet();
  }

  public boolean has(String option) {
    return values.containsKey(option);
  }

  public int intValue(String option, int defaultValue, int min, int max) {
    String raw = values.get(option);
    if (raw == null) {
      return defaultValue;
    }
    try {
      int v = Integer.parseInt(raw.trim());
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below with the valid range
    }
    throw bad(option, raw, "must be an integer in [" + min + ", " + max + "]");
  }

  public long longValue(String option, long defaultValue, long min, long max) {
    String raw = values.get(option);
    if (raw == null) {
      return defaultValue;
    }
    try {
      long v = Long.parseLong(raw.trim());
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below with the valid range
    }
    throw bad(option, raw, "must be an integer in [" + min + ", " + max + "]");
  }

  public double doubleValue(String option, double defaultValue, double min, double max) {
    String raw = values.get(option);
    if (raw == null) {
      return defaultValue;
    }
    try {
      double v = Double.parseDouble(raw.trim());
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below with the valid range
    }
    throw bad(option, raw, "must be a number in [" + min + ", " + max + "]");
  }

  public boolean booleanValue(String option, boolean defaultValue) {
    String raw = values.get(option);
    if (raw == null) {
      return defaultValue;
    }
    return switch (raw.trim().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      default -> throw bad(option, raw, "must be true or false");
    };
  }

  /** One of {@code choices} (compared without case), returned as written in {@code choices}. */
  public String choice(String option, String defaultValue, Set<String> choices) {
    String raw = values.get(option);
    if (raw == null) {
      return defaultValue;
    }
    for (String c : choices) {
      if (c.equalsIgnoreCase(raw.trim())) {
        return c;
      }
    }
    throw bad(option, raw, "must be one of " + new java.util.TreeSet<>(choices));
  }

  /**
   * A constant of {@code type} written in lower case with dashes ({@code decreasing-area} for
   * {@code DECREASING_AREA}).
   */
  public <E extends Enum<E>> E enumValue(String option, E defaultValue) {
    String raw = values.get(option);
    if (raw == null) {
      return defaultValue;
    }
    java.util.Set<String> names = new java.util.TreeSet<>();
    for (E e : defaultValue.getDeclaringClass().getEnumConstants()) {
      String name = configName(e);
      names.add(name);
      if (name.equalsIgnoreCase(raw.trim())) {
        return e;
      }
    }
    throw bad(option, raw, "must be one of " + names);
  }

  /** How an enum constant is written in configuration: lower case with dashes. */
  public static String configName(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private IllegalArgumentException bad(String option, String raw, String why) {
    return new IllegalArgumentException(BalancingModules.PREFIX + component + "." + option + " = " + raw + ": " + why);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ComponentOptions c && c.component.equals(component) && c.values.equals(values);
  }

  @Override
  public int hashCode() {
    return component.hashCode() * 31 + values.hashCode();
  }

  @Override
  public String toString() {
    return component + values;
  }
}
