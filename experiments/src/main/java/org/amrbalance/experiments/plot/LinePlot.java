package org.amrbalance.experiments.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A line chart with a title, axis labels and a legend, drawn by JFreeChart into a PNG. Immutable: every setter
 * returns a new plot. Linear or logarithmic axes; points that an axis cannot show (NaN, or not positive on a
 * logarithmic axis) are left out.
 */
public final class LinePlot {
  /**
   * Fixed colours in series order, the first ten those of the project's other charts, so that a series keeps its
   * colour from one figure to the next; enough for every balancer and a bound in one plot.
   */
  private static final Color[] PALETTE = {
      new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
      new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
      new Color(0xbcbd22), new Color(0x17becf), new Color(0x000000), new Color(0x393b79),
      new Color(0xad494a), new Color(0x637939), new Color(0xe7969c)};

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final boolean logX;
  private final boolean logY;
  private final List<Series> series;

  private LinePlot(String title, String xLabel, String yLabel, boolean logX, boolean logY, List<Series> series) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    this.logX = logX;
    this.logY = logY;
    this.series = List.copyOf(series);
  }

  public static LinePlot titled(String title) {
    return new LinePlot(title, "x", "y", false, false, List.of());
  }

  public LinePlot axes(String x, String y) {
    return new LinePlot(title, x, y, logX, logY, series);
  }

  public LinePlot logX(boolean on) {
    return new LinePlot(title, xLabel, yLabel, on, logY, series);
  }

  public LinePlot logY(boolean on) {
    return new LinePlot(title, xLabel, yLabel, logX, on, series);
  }

  public LinePlot with(Series s) {
    List<Series> more = new ArrayList<>(series);
    more.add(s);
    return new LinePlot(title, xLabel, yLabel, logX, logY, more);
  }

  public LinePlot with(String name, double[] x, double[] y) {
    return with(new Series(name, x, y));
  }

  public List<Series> series() {
    return series;
  }

  /** Writes a PNG of {@code width} x {@code height} pixels, creating parent folders. */
  public void writePng(Path file, int width, int height) throws IOException {
    checkSize(width, height);
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    ChartUtils.saveChartAsPNG(file.toFile(), chart(), width, height);
  }

  public BufferedImage render(int width, int height) {
    checkSize(width, height);
    return chart().createBufferedImage(width, height);
  }

  /** The chart as JFreeChart builds it: series in order with the palette's colours, the legend below the plot. */
  JFreeChart chart() {
    XYSeriesCollection data = new XYSeriesCollection();
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      // Series of the same name would merge in JFreeChart; the key keeps them apart, the legend shows the name.
      XYSeries line = new XYSeries(new Key(i, s.name()), false, true);
      double[] x = s.x();
      double[] y = s.y();
      for (int k = 0; k < x.length; k++) {
        if (shown(x[k], logX) && shown(y[k], logY)) {
          line.add(x[k], y[k]);
        }
      }
      data.addSeries(line);
    }
    XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, true);
    for (int i = 0; i < series.size(); i++) {
      lines.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
      lines.setSeriesStroke(i, new BasicStroke(2f));
      lines.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-2.5, -2.5, 5, 5));
    }
    XYPlot plot = new XYPlot(data, axis(xLabel, logX, data.getDomainLowerBound(false),
        data.getDomainUpperBound(false)), axis(yLabel, logY, data.getRangeLowerBound(false),
        data.getRangeUpperBound(false)), lines);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    LegendTitle legend = chart.getLegend();
    legend.setPosition(RectangleEdge.BOTTOM);
    return chart;
  }

  /** A linear axis, or a logarithmic one over data from {@code min} to {@code max} (NaN when there is none). */
  private static ValueAxis axis(String label, boolean log, double min, double max) {
    if (log) {
      LogAxis a = new LogAxis(label);
      a.setSmallestValue(1e-300);
      if (max / min >= 100) {
        // Ticks at whole powers of ten, labelled 10^k, rather than at 10^4.05, 10^4.10, ...
        a.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
      } else {
        // Within two decades the values themselves are the clearer labels.
        a.setNumberFormatOverride(new DecimalFormat(min >= 100 ? "#,##0" : "#,##0.###",
            DecimalFormatSymbols.getInstance(Locale.ROOT)));
      }
      return a;
    }
    NumberAxis a = new NumberAxis(label);
    a.setAutoRangeIncludesZero(false);
    return a;
  }

  private static boolean shown(double v, boolean log) {
    return Double.isFinite(v) && (!log || v > 0);
  }

  private static void checkSize(int width, int height) {
    if (width < 200 || height < 150) {
      throw new IllegalArgumentException("size = " + width + "x" + height + ": must be at least 200x150");
    }
  }

  /** A series key: unique by position, shown by name. */
  private record Key(int index, String name) implements Comparable<Key> {
    @Override
    public int compareTo(Key o) {
      return Integer.compare(index, o.index);
    }

    @Override
    public String toString() {
      return name;
    }
  }
}
