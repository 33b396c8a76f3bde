package org.amrbalance.experiments.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.awt.Color;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.XYPlot;
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
  void theChartHasItsTitleAxisLabelsAndALegendEntryPerSeries() {
    JFreeChart chart = LinePlot.titled("W(n)").axes("interval n", "expected W").logX(true)
        .with("same", new double[] {1, 2}, new double[] {1, 2}).with("same", new double[] {1, 2}, new double[] {2, 3})
        .with("other", new double[] {1, 2}, new double[] {3, 1}).chart();
    assertThat(chart.getTitle().getText()).isEqualTo("W(n)");
    XYPlot plot = chart.getXYPlot();
    assertThat(plot.getDomainAxis()).isInstanceOf(LogAxis.class);
    assertThat(plot.getDomainAxis().getLabel()).isEqualTo("interval n");
    assertThat(plot.getRangeAxis().getLabel()).isEqualTo("expected W");
    // Two series of one name stay two lines with two legend entries, in the palette's order.
    LegendItemCollection legend = plot.getLegendItems();
    assertThat(legend.getItemCount()).isEqualTo(3);
    assertThat(legend.get(0).getLabel()).isEqualTo("same");
    assertThat(legend.get(1).getLabel()).isEqualTo("same");
    assertThat(legend.get(2).getLabel()).isEqualTo("other");
    assertThat(legend.get(1).getLinePaint()).isEqualTo(new Color(0xd62728));
    assertThat(chart.getLegend()).isNotNull();
  }

  @Test
  void logAxesSkipNonPositiveValuesAndBadInputIsRejected() {
    LinePlot log = LinePlot.titled("t").logX(true).logY(true)
        .with("s", new double[] {0, 1, 10, 100, 1000}, new double[] {1, 0, 5, 50, Double.NaN});
    BufferedImage img = log.render(300, 200);
    assertThat(img.getWidth()).isEqualTo(300);
    // Only (10, 5) and (100, 50) can be shown on two logarithmic axes.
    assertThat(log.chart().getXYPlot().getDataset().getItemCount(0)).isEqualTo(2);
    assertThatThrownBy(() -> new Series("s", new double[] {1}, new double[] {1, 2}))
        .hasMessageContaining("y.length = 2");
    assertThatThrownBy(() -> LinePlot.titled("t").render(10, 10)).hasMessageContaining("size = 10x10");
  }

  @Test
  void tablesWriteCsvAndMarkdown() {
    Table t = Table.withColumns("n", "name", "value").add(1, "a,b", 0.5).add(2, "c", 2.0);
    assertThat(t.toCsv()).isEqualTo("n,name,value\n1,\"a,b\",0.500000\n2,c,2.0\n");
    assertThat(t.toMarkdown()).contains("| n | name | value |", "| 2 | c | 2.0 |");
    // Headers are cells too: a comma is quoted in CSV, a bar escaped in Markdown.
    Table odd = Table.withColumns("a,b", "x|y").add("say \"hi\"", "p|q");
    assertThat(odd.toCsv()).isEqualTo("\"a,b\",x|y\n\"say \"\"hi\"\"\",p|q\n");
    assertThat(odd.toMarkdown()).startsWith("| a,b | x\\|y |\n").contains("| say \"hi\" | p\\|q |");
    assertThat(t.column("value")).containsExactly(0.5, 2.0);
    assertThatThrownBy(() -> t.add(1, 2)).hasMessageContaining("row.length = 2");
  }
}
