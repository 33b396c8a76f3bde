package org.amrbalance.components;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;

/**
 * One option of a {@link Component}: its configuration name, one line of help, its default and its valid values.
 * The one place each is written: the properties parsing, the range checks of the options records, the help text
 * and the defaults all read it.
 *
 * @param <V> the value type
 */
@Immutable
public final class Option<V> {
  private final String name;
  private final String help;
  private final String range;
  @Nullable private final V defaultValue;
  private final String defaultText;
  private final Function<String, V> parser;
  private final Predicate<V> valid;

  private Option(String name, String help, String range, @Nullable V defaultValue, String defaultText,
      Function<String, V> parser, Predicate<V> valid) {
    if (name == null || !name.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
      throw new IllegalArgumentException("option name = " + name + ": must be lower case words joined by dashes");
    }
    this.name = name;
    this.help = help;
    this.range = range;
    this.defaultValue = defaultValue;
    this.defaultText = defaultText;
    this.parser = parser;
    this.valid = valid;
  }

  /** An integer in [min, max]. */
  public static Option<Integer> integer(String name, int defaultValue, int min, int max, String help) {
    return new Option<>(name, help, "an integer in [" + min + ", " + max + "]", defaultValue,
        Integer.toString(defaultValue), Integer::valueOf, v -> v >= min && v <= max).checkDefault();
  }

  /** A long integer in [min, max]. */
  public static Option<Long> longInteger(String name, long defaultValue, long min, long max, String help) {
    return new Option<>(name, help, "an integer in [" + min + ", " + max + "]", defaultValue,
        Long.toString(defaultValue), Long::valueOf, v -> v >= min && v <= max).checkDefault();
  }

  /**
   * A number in [min, max]; {@code Double.MIN_VALUE} as min reads (0, and {@code Math.nextDown(1.0)} as max reads
   * 1), so open bounds are written as such.
   */
  public static Option<Double> number(String name, double defaultValue, double min, double max, String help) {
    String lo = min == Double.MIN_VALUE ? "(0" : "[" + format(min);
    String hi = max == Math.nextDown(1.0) ? "1)" : format(max) + "]";
    return new Option<>(name, help, "a number in " + lo + ", " + hi, defaultValue, format(defaultValue),
        Double::valueOf, v -> v >= min && v <= max).checkDefault();
  }

  /** true or false (yes/no, on/off accepted). */
  public static Option<Boolean> flag(String name, boolean defaultValue, String help) {
    return new Option<>(name, help, "true or false", defaultValue, Boolean.toString(defaultValue), Option::bool,
        v -> true);
  }

  /** A constant of an enum, written in lower case with dashes ({@code decreasing-area} for DECREASING_AREA). */
  public static <E extends Enum<E>> Option<E> choice(String name, E defaultValue, String help) {
    E[] constants = defaultValue.getDeclaringClass().getEnumConstants();
    Set<String> names = new TreeSet<>();
    Arrays.stream(constants).forEach(e -> names.add(configName(e)));
    Function<String, E> parse = raw -> Arrays.stream(constants).filter(e -> configName(e).equalsIgnoreCase(raw))
        .findFirst().orElse(null);
    return new Option<>(name, help, "one of " + names, defaultValue, configName(defaultValue), parse, v -> true);
  }

  /** One fixed word, with no default: given or not (e.g. {@code budget = unlimited}). */
  public static Option<String> word(String name, String word, String help) {
    return new Option<>(name, help, "'" + word + "'", null, "not given",
        raw -> raw.equalsIgnoreCase(word) ? word : null, v -> true);
  }

  /**
   * A value written as text and read by {@code parser}, which throws an {@link IllegalArgumentException} naming what
   * is wrong; {@code form} says what the text looks like. No default: not given unless set.
   */
  public static <V> Option<V> text(String name, String form, Function<String, V> parser, String help) {
    return new Option<>(name, help, form, null, "not given", parser, v -> true);
  }

  /**
   * This option without a default value: {@link Settings#get} answers null unless it is given, and the help says
   * what happens then ({@code meaning}).
   */
  public Option<V> withoutDefault(String meaning) {
    return new Option<>(name, help, range, null, meaning, parser, valid);
  }

  /** How an enum constant is written in configuration: lower case with dashes. */
  public static String configName(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public String name() {
    return name;
  }

  /** The default value, or null if the option has none ({@link #withoutDefault}). */
  @Nullable
  public V defaultValue() {
    return defaultValue;
  }

  /** The help line: what it is, its valid values and its default. */
  public String help() {
    return help + "; " + range + " (default " + defaultText + ")";
  }

  /**
   * {@code value} if valid, else an {@link IllegalArgumentException} {@code "name = value: must be ..."}: the check
   * of an options record, so a record and its configuration accept the same values.
   */
  public V check(V value) {
    if (value == null || !valid.test(value)) {
      throw new IllegalArgumentException(name + " = " + value + ": must be " + range);
    }
    return value;
  }

  /** The value {@code raw} stands for; an {@link IllegalArgumentException} naming what is valid otherwise. */
  V parse(String raw) {
    V v;
    try {
      v = parser.apply(raw.trim());
    } catch (NumberFormatException e) {
      v = null;
    } catch (IllegalArgumentException e) {
      // A text option's parser names the part that is wrong.
      throw new IllegalArgumentException(name + " = " + raw + ": " + e.getMessage(), e);
    }
    if (v == null || !valid.test(v)) {
      throw new IllegalArgumentException(name + " = " + raw + ": must be " + range);
    }
    return v;
  }

  private Option<V> checkDefault() {
    check(defaultValue);
    return this;
  }

  @Nullable
  private static Boolean bool(String raw) {
    return switch (raw.toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> Boolean.TRUE;
      case "false", "no", "off" -> Boolean.FALSE;
      default -> null;
    };
  }

  /** 4 not 4.0, 1e300 not 1.0E300: as a user would write them. */
  private static String format(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    if (Math.abs(d) >= 1e15 && !Double.isInfinite(d)) {
      return String.format(Locale.ROOT, "%.0e", d).replace("e+0", "e").replace("e+", "e");
    }
    return Double.toString(d);
  }

  @Override
  public String toString() {
    return name + ": " + help();
  }
}
