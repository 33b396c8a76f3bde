package org.amrbalance.spi.internal;

/**
 * Preconditions of every module, one style of message that names the field and the value:
 * {@code "field = value: why"}. Not API: an {@code internal} package may change in any release.
 */
public final class Checks {
  private Checks() {}

  public static IllegalArgumentException bad(String field, Object value, String why) {
    return new IllegalArgumentException(field + " = " + value + ": " + why);
  }

  public static void check(boolean ok, String field, Object value, String why) {
    if (!ok) {
      throw bad(field, value, why);
    }
  }

  public static double finiteNonNegative(String field, double value) {
    check(Double.isFinite(value) && value >= 0, field, value, "must be finite and >= 0");
    return value;
  }

  public static double finitePositive(String field, double value) {
    check(Double.isFinite(value) && value > 0, field, value, "must be finite and > 0");
    return value;
  }

  public static double finite(String field, double value) {
    check(Double.isFinite(value), field, value, "must be finite");
    return value;
  }

  public static double probability(String field, double value) {
    check(value >= 0 && value <= 1, field, value, "must be in [0, 1]");
    return value;
  }

  public static double openProbability(String field, double value) {
    check(value > 0 && value < 1, field, value, "must be in (0, 1)");
    return value;
  }

  public static int positive(String field, int value) {
    check(value > 0, field, value, "must be > 0");
    return value;
  }

  public static int atLeast(String field, int value, int min) {
    check(value >= min, field, value, "must be >= " + min);
    return value;
  }

  public static int nonNegative(String field, int value) {
    check(value >= 0, field, value, "must be >= 0");
    return value;
  }

  public static <T> T notNull(String field, T value) {
    if (value == null) {
      throw new IllegalArgumentException(field + " = null: must not be null");
    }
    return value;
  }
}
