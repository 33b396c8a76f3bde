package org.amrbalance.experiments.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinePlotTest {

  @Test
  void writesADecodablePngWithTheSeriesColoursOnIt(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("sub/plot.png");
    LinePlot.titled("W(n)").axes("n", "W").with("C = 2", new double[] {1, 2, 3, 4}, new double[] {3, 2, 2.5, 4})
        .with("C = 8", new double[] {1, 2, 3, 4}, new double[] {9, 6, 5, 5.5}).writePng(file, 640, 480);
    BufferedImage img = ImageIO.read(file.toFile());
    assertThat(img.getWidth()).isEqualTo(640);
    assertThat(img.getHeight()).isEqualTo(480);
    int blue = 0;
    int red = 0;
    for (int x = 0; x < img.getWidth(); x++) {
      for (int y = 0; y < img.getHeight(); y++) {
        int rgb = img.getRGB(x, y) & 0xffffff;
        blue += rgb == 0x1f77b4 ? 1 : 0;
        red += rgb == 0xd62728 ? 1 : 0;
      }
    }
    assertThat(blue).isGreaterThan(200);
    assertThat(red).isGreaterThan(200);
  }

  @Test
  void legendGoesToTheCornerThatHidesNoData() {
    // A line rising from bottom-left to top-right, and a flat one along the top: only bottom-right is free.
    BufferedImage img = LinePlot.titled("t").with("rising", new double[] {0, 10}, new double[] {0, 10})
        .with("top", new double[] {0, 10}, new double[] {10, 10}).render(640, 480);
    assertThat(grayPixels(img, 0, 0, 320, 240)).isZero();
    assertThat(grayPixels(img, 320, 240, 640, 480)).isGreaterThan(100); // the legend's border
  }

  private static int grayPixels(BufferedImage img, int x0, int y0, int x1, int y1) {
    int n = 0;
    for (int x = x0; x < x1; x++) {
      for (int y = y0; y < y1; y++) {
        n += (img.getRGB(x, y) & 0xffffff) == 0x808080 ? 1 : 0;
      }
    }
    return n;
  }

  @Test
  void logAxesSkipNonPositiveValuesAndBadInputIsRejected() {
    BufferedImage img = LinePlot.titled("t").logX(true).logY(true)
        .with("s", new double[] {0, 1, 10, 100}, new double[] {1, 0, 5, 50}).render(300, 200);
    assertThat(img.getWidth()).isEqualTo(300);
    assertThatThrownBy(() -> new Series("s", new double[] {1}, new double[] {1, 2}))
        .hasMessageContaining("y.length = 2");
    assertThatThrownBy(() -> LinePlot.titled("t").render(10, 10)).hasMessageContaining("size = 10x10");
  }

  @Test
  void tablesWriteCsvAndMarkdown() {
    Table t = Table.withColumns("n", "name", "value").add(1, "a,b", 0.5).add(2, "c", 2.0);
    assertThat(t.toCsv()).isEqualTo("n,name,value\n1,\"a,b\",0.500000\n2,c,2.0\n");
    assertThat(t.toMarkdown()).contains("| n | name | value |", "| 2 | c | 2.0 |");
    assertThat(t.column("value")).containsExactly(0.5, 2.0);
    assertThatThrownBy(() -> t.add(1, 2)).hasMessageContaining("row.length = 2");
  }
}
