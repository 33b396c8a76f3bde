package org.amrbalance.experiments.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A line plot with axes, ticks, axis labels, a title and a legend, drawn with Java2D into a PNG. Immutable:
 * every setter returns a new plot. Linear or logarithmic axes.
 */
public final class LinePlot {
  private static final Color[] PALETTE = {
      new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
      new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
      // enough for every balancer and a bound in one plot
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
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    ImageIO.write(render(width, height), "png", file.toFile());
  }

  public BufferedImage render(int width, int height) {
    if (width < 200 || height < 150) {
      throw new IllegalArgumentException("size = " + width + "x" + height + ": must be at least 200x150");
    }
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    Font font = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    g.setFont(font);
    FontMetrics fm = g.getFontMetrics();

    int left = 80;
    int right = 20;
    int top = 40;
    int bottom = 60;
    int pw = width - left - right;
    int ph = height - top - bottom;

    double[] xr = range(true);
    double[] yr = range(false);

    g.setColor(Color.BLACK);
    g.setFont(font.deriveFont(Font.BOLD, 15f));
    g.drawString(title, (width - g.getFontMetrics().stringWidth(title)) / 2, 24);
    g.setFont(font);

    g.setColor(new Color(0xe8e8e8));
    List<Double> xt = ticks(xr[0], xr[1], logX);
    List<Double> yt = ticks(yr[0], yr[1], logY);
    for (double t : xt) {
      int px = left + (int) Math.round(frac(t, xr, logX) * pw);
      g.drawLine(px, top, px, top + ph);
    }
    for (double t : yt) {
      int py = top + ph - (int) Math.round(frac(t, yr, logY) * ph);
      g.drawLine(left, py, left + pw, py);
    }
    g.setColor(Color.BLACK);
    g.drawRect(left, top, pw, ph);
    for (double t : xt) {
      int px = left + (int) Math.round(frac(t, xr, logX) * pw);
      g.drawLine(px, top + ph, px, top + ph + 5);
      String s = label(t);
      g.drawString(s, px - fm.stringWidth(s) / 2, top + ph + 20);
    }
    for (double t : yt) {
      int py = top + ph - (int) Math.round(frac(t, yr, logY) * ph);
      g.drawLine(left - 5, py, left, py);
      String s = label(t);
      g.drawString(s, left - 8 - fm.stringWidth(s), py + fm.getAscent() / 2 - 1);
    }
    g.drawString(xLabel, left + (pw - fm.stringWidth(xLabel)) / 2, height - 18);
    AffineTransform saved = g.getTransform();
    g.rotate(-Math.PI / 2);
    g.drawString(yLabel, -(top + (ph + fm.stringWidth(yLabel)) / 2), 18);
    g.setTransform(saved);

    g.setClip(left, top, pw + 1, ph + 1);
    g.setStroke(new BasicStroke(2f));
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      g.setColor(PALETTE[i % PALETTE.length]);
      Path2D.Double path = new Path2D.Double();
      boolean penDown = false;
      double[] x = s.x();
      double[] y = s.y();
      for (int k = 0; k < x.length; k++) {
        if (!usable(x[k], logX) || !usable(y[k], logY)) {
          penDown = false;
          continue;
        }
        double px = left + frac(x[k], xr, logX) * pw;
        double py = top + ph - frac(y[k], yr, logY) * ph;
        if (penDown) {
          path.lineTo(px, py);
        } else {
          path.moveTo(px, py);
          penDown = true;
        }
        g.fillOval((int) px - 3, (int) py - 3, 6, 6);
      }
      g.draw(path);
    }
    g.setClip(null);

    int lw = 0;
    for (Series s : series) {
      lw = Math.max(lw, fm.stringWidth(s.name()));
    }
    if (!series.isEmpty()) {
      int boxW = lw + 40;
      int boxH = series.size() * 18 + 8;
      int[] corner = legendCorner(left, top, pw, ph, boxW, boxH, xr, yr);
      int lx = corner[0];
      int ly = corner[1];
      g.setColor(new Color(255, 255, 255, 230));
      g.fillRect(lx, ly, boxW, boxH);
      g.setColor(Color.GRAY);
      g.drawRect(lx, ly, boxW, boxH);
      for (int i = 0; i < series.size(); i++) {
        g.setColor(PALETTE[i % PALETTE.length]);
        g.fillRect(lx + 6, ly + 10 + i * 18, 20, 4);
        g.setColor(Color.BLACK);
        g.drawString(series.get(i).name(), lx + 32, ly + 16 + i * 18);
      }
    }
    g.dispose();
    return img;
  }

  /**
   * The legend's top-left pixel: the plot corner (top-left, top-right, bottom-left, bottom-right, first on a tie)
   * whose legend box covers the fewest points of the drawn lines, so that the legend hides as little data as it can.
   */
  private int[] legendCorner(int left, int top, int pw, int ph, int boxW, int boxH, double[] xr, double[] yr) {
    int[][] corners = {{left + 10, top + 10}, {left + pw - 10 - boxW, top + 10},
        {left + 10, top + ph - 10 - boxH}, {left + pw - 10 - boxW, top + ph - 10 - boxH}};
    int[] hidden = new int[corners.length];
    for (Series s : series) {
      double[] x = s.x();
      double[] y = s.y();
      for (int k = 0; k < x.length; k++) {
        if (!usable(x[k], logX) || !usable(y[k], logY)) {
          continue;
        }
        double px = left + frac(x[k], xr, logX) * pw;
        double py = top + ph - frac(y[k], yr, logY) * ph;
        boolean joined = k + 1 < x.length && usable(x[k + 1], logX) && usable(y[k + 1], logY);
        double qx = joined ? left + frac(x[k + 1], xr, logX) * pw : px;
        double qy = joined ? top + ph - frac(y[k + 1], yr, logY) * ph : py;
        for (int t = 0; t < (joined ? 20 : 1); t++) { // samples along the segment to the next point
          double sx = px + (qx - px) * t / 20.0;
          double sy = py + (qy - py) * t / 20.0;
          for (int c = 0; c < corners.length; c++) {
            if (sx >= corners[c][0] && sx <= corners[c][0] + boxW && sy >= corners[c][1]
                && sy <= corners[c][1] + boxH) {
              hidden[c]++;
            }
          }
        }
      }
    }
    int best = 0;
    for (int c = 1; c < corners.length; c++) {
      if (hidden[c] < hidden[best]) {
        best = c;
      }
    }
    return corners[best];
  }

  private boolean usable(double v, boolean log) {
    return Double.isFinite(v) && (!log || v > 0);
  }

  private double[] range(boolean xAxis) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    boolean log = xAxis ? logX : logY;
    for (Series s : series) {
      for (double v : xAxis ? s.x() : s.y()) {
        if (usable(v, log)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    if (lo > hi) {
      return log ? new double[] {1, 10} : new double[] {0, 1};
    }
    if (lo == hi) {
      return log ? new double[] {lo / 2, hi * 2} : new double[] {lo - 1, hi + 1};
    }
    if (!log) {
      double pad = (hi - lo) * 0.05;
      return new double[] {lo - pad, hi + pad};
    }
    return new double[] {lo / 1.2, hi * 1.2};
  }

  private static double frac(double v, double[] r, boolean log) {
    return log ? (Math.log(v) - Math.log(r[0])) / (Math.log(r[1]) - Math.log(r[0])) : (v - r[0]) / (r[1] - r[0]);
  }

  private static List<Double> ticks(double lo, double hi, boolean log) {
    List<Double> out = new ArrayList<>();
    if (log) {
      for (double t = Math.pow(10, Math.floor(Math.log10(lo))); t <= hi * 1.0001; t *= 10) {
        if (t >= lo) {
          out.add(t);
        }
      }
      if (out.size() >= 2) {
        return out;
      }
      out.clear();
    }
    double step = niceStep((hi - lo) / 6);
    for (double t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
      out.add(Math.abs(t) < step * 1e-9 ? 0 : t);
    }
    return out;
  }

  private static double niceStep(double raw) {
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double n = raw / mag;
    return (n < 1.5 ? 1 : n < 3 ? 2 : n < 7 ? 5 : 10) * mag;
  }

  private static String label(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e7) {
      return String.format(Locale.ROOT, "%d", (long) v);
    }
    return String.format(Locale.ROOT, "%.3g", v);
  }
}
