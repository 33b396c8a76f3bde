package org.amrbalance.mesh.output;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.spi.Box;

/**
 * A picture of the solution: each pixel shows the finest cell under it (blue for the lowest value through
 * green and yellow to red for the highest), and every block is outlined in the colour of the rank that owns
 * it. The file ({@link #write}) has a key beside the field: the colour bar with its values and each rank's
 * outline colour.
 */
public final class PngWriter {
  /** Distinct outline colours, one per rank (repeating after twelve). */
  private static final int[] RANK_COLOURS = {
      0xFFFFFF, 0x000000, 0xFF00FF, 0x00FFFF, 0xFF8000, 0x8000FF, 0x00FF80, 0xFF0080, 0x804000, 0x0080FF,
      0x808080, 0x80FF00};

  /** Width in pixels of the key that {@link #renderWithKey} adds to the right of the field. */
  public static final int KEY_WIDTH = 170;
  private static final int BAR_WIDTH = 24;
  private static final int MARGIN = 12;
  private static final int ROW = 16;

  private PngWriter() {}

  /** Outline colour (RGB) of {@code rank}. */
  public static int rankColour(int rank) {
    return RANK_COLOURS[Math.floorMod(rank, RANK_COLOURS.length)];
  }

  /** Renders {@code frame} {@code width} pixels wide (the height follows the domain's aspect). */
  public static BufferedImage render(Frame frame, int width) {
    return picture(frame, width).image();
  }

  /**
   * The field alone, without outlines, {@code width} pixels wide, and the lowest and highest value its colours span:
   * for a caller that draws the blocks, axes and key itself (the demo's chart).
   */
  public record Picture(BufferedImage image, double lo, double hi) {}

  /** The field of {@code frame} without block outlines; see {@link Picture}. */
  public static Picture field(Frame frame, int width) {
    return picture(frame, width, false);
  }

  /**
   * {@link #render} with the key to its right ({@link #KEY_WIDTH} pixels): a colour bar labelled with the highest,
   * middle and lowest value, and a swatch of the outline colour of every rank that holds a block.
   */
  public static BufferedImage renderWithKey(Frame frame, int width) {
    Picture field = picture(frame, width);
    int height = field.image().getHeight();
    java.util.SortedSet<Integer> ranks = new java.util.TreeSet<>();
    for (int l = 0; l < frame.levelCount(); l++) {
      for (Block b : frame.layout().level(l)) {
        ranks.add(frame.layout().rankOf(b));
      }
    }
    int keyHeight = Math.max(height, 2 * MARGIN + 3 * ROW + ROW * (ranks.size() + 1));
    BufferedImage img = new BufferedImage(width + KEY_WIDTH, keyHeight, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, img.getWidth(), img.getHeight());
      g.drawImage(field.image(), 0, 0, null);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
      g.setColor(Color.BLACK);
      int x = width + MARGIN;
      g.drawString(frame.field(), x, MARGIN + 10);
      // The colour bar: the top row is the highest value, as in the field.
      int barTop = MARGIN + ROW;
      int barHeight = Math.max(16, Math.min(height / 2, height - barTop - MARGIN - ROW * (ranks.size() + 2)));
      for (int y = 0; y < barHeight; y++) {
        int rgb = colour(1 - y / (double) Math.max(1, barHeight - 1));
        for (int dx = 0; dx < BAR_WIDTH; dx++) {
          img.setRGB(x + dx, barTop + y, rgb);
        }
      }
      g.setColor(Color.BLACK);
      g.drawRect(x - 1, barTop - 1, BAR_WIDTH + 1, barHeight + 1);
      int tx = x + BAR_WIDTH + 6;
      g.drawString(label(field.hi()), tx, barTop + 10);
      g.drawString(label((field.lo() + field.hi()) / 2), tx, barTop + barHeight / 2 + 5);
      g.drawString(label(field.lo()), tx, barTop + barHeight);
      // The rank legend: one outline swatch per rank.
      int y = barTop + barHeight + ROW + 4;
      g.drawString("ranks (outlines)", x, y);
      for (int r : ranks) {
        y += ROW;
        g.setColor(new Color(rankColour(r)));
        g.fillRect(x, y - 10, BAR_WIDTH, 10);
        g.setColor(Color.GRAY);
        g.drawRect(x, y - 10, BAR_WIDTH - 1, 9);
        g.setColor(Color.BLACK);
        g.drawString("rank " + r, tx, y);
        if (y + ROW > keyHeight - MARGIN) {
          break;
        }
      }
    } finally {
      g.dispose();
    }
    return img;
  }

  private static String label(double v) {
    return String.format(java.util.Locale.ROOT, "%.3g", v);
  }

  private static Picture picture(Frame frame, int width) {
    return picture(frame, width, true);
  }

  private static Picture picture(Frame frame, int width, boolean outlines) {
    if (width < 8 || width > 8192) {
      throw new IllegalArgumentException("width = " + width + ": must be in [8, 8192]");
    }
    int height = Math.max(1, (int) Math.round(width * frame.height() / frame.width()));
    double scale = width / frame.width(); // pixels per unit length
    double[] value = new double[width * height];
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int l = 0; l < frame.levelCount(); l++) {
      double h = frame.h(l);
      for (Block b : frame.layout().level(l)) {
        GridData u = frame.values(b);
        Box box = b.box();
        int px0 = Math.max(0, (int) Math.floor(box.lo(0) * h * scale));
        int px1 = Math.min(width - 1, (int) Math.ceil((box.hi(0) + 1) * h * scale));
        int py0 = Math.max(0, (int) Math.floor(box.lo(1) * h * scale));
        int py1 = Math.min(height - 1, (int) Math.ceil((box.hi(1) + 1) * h * scale));
        for (int py = py0; py <= py1; py++) {
          int j = (int) Math.floor((py + 0.5) / scale / h);
          for (int px = px0; px <= px1; px++) {
            int i = (int) Math.floor((px + 0.5) / scale / h);
            if (box.containsCell(i, j)) {
              double v = u.get(i, j);
              value[px + py * width] = v;
              lo = Math.min(lo, v);
              hi = Math.max(hi, v);
            }
          }
        }
      }
    }
    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    double span = hi > lo ? hi - lo : 1;
    for (int py = 0; py < height; py++) {
      for (int px = 0; px < width; px++) {
        img.setRGB(px, height - 1 - py, colour((value[px + py * width] - lo) / span));
      }
    }
    for (int l = 0; outlines && l < frame.levelCount(); l++) {
      double h = frame.h(l);
      for (Block b : frame.layout().level(l)) {
        int rgb = rankColour(frame.layout().rankOf(b));
        Box box = b.box();
        int x0 = clamp((int) Math.round(box.lo(0) * h * scale), width);
        int x1 = clamp((int) Math.round((box.hi(0) + 1) * h * scale) - 1, width);
        int y0 = clamp((int) Math.round(box.lo(1) * h * scale), height);
        int y1 = clamp((int) Math.round((box.hi(1) + 1) * h * scale) - 1, height);
        for (int x = x0; x <= x1; x++) {
          img.setRGB(x, height - 1 - y0, rgb);
          img.setRGB(x, height - 1 - y1, rgb);
        }
        for (int y = y0; y <= y1; y++) {
          img.setRGB(x0, height - 1 - y, rgb);
          img.setRGB(x1, height - 1 - y, rgb);
        }
      }
    }
    return new Picture(img, lo, hi);
  }

  private static int clamp(int v, int n) {
    return Math.max(0, Math.min(n - 1, v));
  }

  /** Blue → cyan → green → yellow → red for t from 0 to 1. */
  public static int colour(double t) {
    double s = Math.max(0, Math.min(1, t)) * 4;
    int seg = Math.min(3, (int) s);
    double f = s - seg;
    int r;
    int g;
    int b;
    switch (seg) {
      case 0 -> {
        r = 0;
        g = (int) (255 * f);
        b = 255;
      }
      case 1 -> {
        r = 0;
        g = 255;
        b = (int) (255 * (1 - f));
      }
      case 2 -> {
        r = (int) (255 * f);
        g = 255;
        b = 0;
      }
      default -> {
        r = 255;
        g = (int) (255 * (1 - f));
        b = 0;
      }
    }
    return (r << 16) | (g << 8) | b;
  }

  /** Writes the picture of {@code frame} with its key ({@link #renderWithKey}) to {@code file} as PNG. */
  public static void write(Frame frame, int width, Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    if (!ImageIO.write(renderWithKey(frame, width), "png", file.toFile())) {
      throw new IOException("no PNG writer available for " + file);
    }
  }
}
