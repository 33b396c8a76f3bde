package org.amrbalance.balancers.packing;

/** Preconditions whose messages name the field and the value ({@code "field = value: why"}). */
final class Args {
  private Args() {}

  static IllegalArgumentException bad(String field, Object value, String why) {
    return new IllegalArgumentException(field + " = " + value + ": " + why);
  }

  static void check(boolean ok, String field, Object value, String why) {
    if (!ok) {
      throw bad(field, value, why);
    }
  }

  static <T> T notNull(String field, T value) {
    if (value == null) {
      throw new IllegalArgumentException(field + " = null: must not be null");
    }
    return value;
  }
}
