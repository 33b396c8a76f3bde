package org.amrbalance.mesh.output;

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
 * it.
 */
public final class PngWriter {
  /** Distinct outline colours, one per rank (repeating after twelve). */
  private static final int[] RANK_COLOURS = {
      0xFFFFFF, 0x000000, 0xFF00FF, 0x00FFFF, 0xFF8000, 0x8000FF, 0x00FF80, 0xFF0080, 0x804000, 0x0080FF,
      0x808080, 0x80FF00};

  private PngWriter() {}

  /** Outline colour (RGB) of {@code rank}. */
  public static int rankColour(int rank) {
    return RANK_COLOURS[Math.floorMod(rank, RANK_COLOURS.length)];
  }

  /** Renders {@code frame} {@code width} pixels wide (the height follows the domain's aspect). */
  public static BufferedImage render(Frame frame, int width) {
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
    for (int l = 0; l < frame.levelCount(); l++) {
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
    return img;
  }

  private static int clamp(int v, int n) {
    return Math.max(0, Math.min(n - 1, v));
  }

  /** Blue → cyan → green → yellow → red for t from 0 to 1. */
  static int colour(double t) {
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

  /** Writes the picture of {@code frame} to {@code file} as PNG. */
  public static void write(Frame frame, int width, Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    if (!ImageIO.write(render(frame, width), "png", file.toFile())) {
      throw new IOException("no PNG writer available for " + file);
    }
  }
}
