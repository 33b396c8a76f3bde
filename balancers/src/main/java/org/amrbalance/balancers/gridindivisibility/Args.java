package org.amrbalance.balancers.gridindivisibility;

/** Preconditions whose messages name the field and the offending value ({@code "field = value: why"}). */
final class Args {
  private Args() {}

  static void check(boolean ok, String field, Object value, String why) {
    if (!ok) {
      throw new IllegalArgumentException(field + " = " + value + ": " + why);
    }
  }

  static <T> T notNull(String field, T value) {
    if (value == null) {
      throw new IllegalArgumentException(field + " = null: must not be null");
    }
    return value;
  }
}
