package org.amrbalance.spi;

/** Preconditions whose messages name the field and the offending value. */
final class Checks {
  private Checks() {}

  static IllegalArgumentException bad(String field, Object value, String why) {
    return new IllegalArgumentException(field + " = " + value + ": " + why);
  }

  static void check(boolean ok, String field, Object value, String why) {
    if (!ok) {
      throw bad(field, value, why);
    }
  }

  static double finiteNonNegative(String field, double value) {
    check(Double.isFinite(value) && value >= 0, field, value, "must be finite and >= 0");
    return value;
  }

  static double finitePositive(String field, double value) {
    check(Double.isFinite(value) && value > 0, field, value, "must be finite and > 0");
    return value;
  }

  static int positive(String field, int value) {
    check(value > 0, field, value, "must be > 0");
    return value;
  }

  static int nonNegative(String field, int value) {
    check(value >= 0, field, value, "must be >= 0");
    return value;
  }

  static <T> T notNull(String field, T value) {
    if (value == null) {
      throw new IllegalArgumentException(field + " = null: must not be null");
    }
    return value;
  }
}
