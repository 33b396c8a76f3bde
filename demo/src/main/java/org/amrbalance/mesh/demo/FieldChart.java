package org.amrbalance.mesh.demo;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.Stroke;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.SortedSet;
import java.util.TreeSet;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.output.Frame;
import org.amrbalance.mesh.output.PngWriter;
import org.amrbalance.spi.Box;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.annotations.XYImageAnnotation;
import org.jfree.chart.annotations.XYShapeAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.PaintScale;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The demo's picture as a chart that tells its story alone: the solution over the unit square on x and y axes, a
 * title naming the balancer, trigger, ranks and step, every block outlined in its rank's colour with a line that
 * says its level (level 0 thickest and solid, finer levels thinner and dashed), a legend of ranks and levels, and
 * the colour bar of the solution. The field's pixels come from {@link PngWriter#field}; JFreeChart draws the rest.
 */
final class FieldChart {
  private FieldChart() {}

  static JFreeChart chart(Frame frame, String title) {
    PngWriter.Picture field = PngWriter.field(frame, 800);
    NumberAxis x = new NumberAxis("x");
    NumberAxis y = new NumberAxis("y");
    x.setRange(0, frame.width());
    y.setRange(0, frame.height());
    x.setTickUnit(new NumberTickUnit(frame.width() / 10));
    y.setTickUnit(new NumberTickUnit(frame.height() / 10));
    XYPlot plot = new XYPlot(new XYSeriesCollection(), x, y, new XYLineAndShapeRenderer(false, false));
    plot.setDomainGridlinesVisible(false);
    plot.setRangeGridlinesVisible(false);
    plot.addAnnotation(new XYImageAnnotation(0, 0, field.image(), RectangleAnchor.BOTTOM_LEFT) {
      @Override
      public void draw(java.awt.Graphics2D g2, XYPlot p, Rectangle2D area, org.jfree.chart.axis.ValueAxis domain,
          org.jfree.chart.axis.ValueAxis range, int index, org.jfree.chart.plot.PlotRenderingInfo info) {
        // Stretched over the data area: the picture spans the whole domain.
        double left = domain.valueToJava2D(0, area, p.getDomainAxisEdge());
        double right = domain.valueToJava2D(frame.width(), area, p.getDomainAxisEdge());
        double top = range.valueToJava2D(frame.height(), area, p.getRangeAxisEdge());
        double bottom = range.valueToJava2D(0, area, p.getRangeAxisEdge());
        Rectangle r = new Rectangle((int) left, (int) top, (int) (right - left), (int) (bottom - top));
        g2.drawImage(field.image(), r.x, r.y, r.width, r.height, null);
      }
    });
    SortedSet<Integer> ranks = new TreeSet<>();
    for (int l = 0; l < frame.levelCount(); l++) {
      double h = frame.h(l);
      for (Block b : frame.layout().level(l)) {
        int rank = frame.layout().rankOf(b);
        ranks.add(rank);
        Box box = b.box();
        Rectangle2D.Double shape = new Rectangle2D.Double(box.lo(0) * h, box.lo(1) * h, box.length(0) * h,
            box.length(1) * h);
        plot.addAnnotation(new XYShapeAnnotation(shape, stroke(l), rankPaint(rank)));
      }
    }
    LegendItemCollection legend = new LegendItemCollection();
    for (int r : ranks) {
      // A filled square outlined in grey, so that a white rank shows on the white legend.
      legend.add(new LegendItem("rank " + r, "", "", "", true, new Rectangle2D.Double(-6, -6, 12, 12), true,
          rankPaint(r), true, Color.GRAY, new BasicStroke(1f), false, new java.awt.geom.Line2D.Double(),
          new BasicStroke(1f), Color.GRAY));
    }
    for (int l = 0; l < frame.levelCount(); l++) {
      legend.add(new LegendItem("level " + l, "", "", "", new java.awt.geom.Line2D.Double(-9, 0, 9, 0),
          stroke(l), Color.DARK_GRAY));
    }
    plot.setFixedLegendItems(legend);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    NumberAxis scaleAxis = new NumberAxis(frame.field());
    scaleAxis.setRange(field.lo(), field.hi() > field.lo() ? field.hi() : field.lo() + 1);
    scaleAxis.setTickUnit(new NumberTickUnit(niceStep((scaleAxis.getUpperBound() - field.lo()) / 8)));
    PaintScaleLegend bar = new PaintScaleLegend(new FieldScale(field.lo(), field.hi()), scaleAxis);
    bar.setPosition(RectangleEdge.RIGHT);
    bar.setStripWidth(16);
    bar.setMargin(4, 8, 4, 8);
    chart.addSubtitle(bar);
    return chart;
  }

  /** 1, 2 or 5 times a power of ten, at least {@code raw}: about eight labels on the colour bar. */
  static double niceStep(double raw) {
    double p = Math.pow(10, Math.floor(Math.log10(raw)));
    return raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;
  }

  /** Writes the chart of {@code frame} as a PNG. */
  static void write(Frame frame, String title, Path png) throws IOException {
    java.nio.file.Files.createDirectories(png.toAbsolutePath().getParent());
    ChartUtils.saveChartAsPNG(png.toFile(), chart(frame, title), 1000, 880);
  }

  /** Level 0: 2.5 px solid; each finer level thinner, dashed from level 1 on. */
  static Stroke stroke(int level) {
    float width = Math.max(0.8f, 2.5f - 0.7f * level);
    return level == 0 ? new BasicStroke(width)
        : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f / level, 3f}, 0f);
  }

  static Paint rankPaint(int rank) {
    return new Color(PngWriter.rankColour(rank));
  }

  /** The picture's colour map as JFreeChart's paint scale, for the colour bar. */
  private record FieldScale(double lo, double hi) implements PaintScale {
    @Override
    public double getLowerBound() {
      return lo;
    }

    @Override
    public double getUpperBound() {
      return hi > lo ? hi : lo + 1;
    }

    @Override
    public Paint getPaint(double value) {
      double span = getUpperBound() - lo;
      return new Color(PngWriter.colour((value - lo) / span));
    }
  }
}
