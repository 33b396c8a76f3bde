package org.amrbalance.experiments.reproduce;

/** Argument checks for the reproductions' constructors, in the project's "field = value: why" style. */
final class Checks {
  private Checks() {}

  static void atLeast(String field, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(field + " = " + value + ": must be >= " + min);
    }
  }

  /** A two-point series drawing {@code y} as a horizontal line from {@code x0} to {@code x1}. */
  static double[][] level(double x0, double x1, double y) {
    return new double[][] {{x0, x1}, {y, y}};
  }
}
