package org.amrbalance.experiments.plot;

/**
 * One named line of a plot.
 *
 * @param name shown in the legend
 * @param x abscissae, same length as y
 * @param y ordinates; NaN points are skipped
 */
public record Series(String name, double[] x, double[] y) {
  public Series {
    if (x.length != y.length) {
      throw new IllegalArgumentException("series '" + name + "' y.length = " + y.length + ": must equal x.length "
          + x.length);
    }
    x = x.clone();
    y = y.clone();
  }

  @Override
  public double[] x() {
    return x.clone();
  }

  @Override
  public double[] y() {
    return y.clone();
  }
}
