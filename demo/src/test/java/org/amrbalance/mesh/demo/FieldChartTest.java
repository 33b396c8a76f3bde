package org.amrbalance.mesh.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.BasicStroke;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.laplace.HotSpot;
import org.amrbalance.mesh.laplace.LaplaceAmr;
import org.amrbalance.mesh.output.Frame;
import org.amrbalance.spi.Machine;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's picture: axes, a title, a legend of ranks and levels, every block drawn, levels told apart. */
class FieldChartTest {
  @Test
  void theChartNamesTheRunAndShowsEveryBlockRankAndLevel(@TempDir Path dir) throws Exception {
    LaplaceAmr amr = LaplaceAmr.builder(32, 32).amr(AmrOptions.defaults().withLevels(2, 2).withBaseBoxSize(16))
        .machine(Machine.fullyConnected(3)).problem(HotSpot.of(0.4, 0.05)).build();
    amr.solve();
    Frame frame = Frame.gather(amr.grids(), 0, "u");
    JFreeChart chart = FieldChart.chart(frame, "knapsack + adaptive on 3 ranks, step 7");
    assertThat(chart.getTitle().getText()).isEqualTo("knapsack + adaptive on 3 ranks, step 7");
    XYPlot plot = chart.getXYPlot();
    assertThat(plot.getDomainAxis().getLabel()).isEqualTo("x");
    assertThat(plot.getRangeAxis().getLabel()).isEqualTo("y");
    assertThat(plot.getDomainAxis().getUpperBound()).isEqualTo(1.0);
    int blocks = 0;
    java.util.Set<Integer> ranks = new java.util.TreeSet<>();
    for (int l = 0; l < frame.levelCount(); l++) {
      blocks += frame.layout().level(l).size();
      frame.layout().level(l).forEach(b -> ranks.add(frame.layout().rankOf(b)));
    }
    assertThat(plot.getAnnotations()).as("the field and one outline per block").hasSize(blocks + 1);
    java.util.List<String> labels = new java.util.ArrayList<>();
    for (int i = 0; i < plot.getFixedLegendItems().getItemCount(); i++) {
      LegendItem item = plot.getFixedLegendItems().get(i);
      labels.add(item.getLabel());
    }
    assertThat(labels).hasSize(ranks.size() + frame.levelCount()).contains("rank 0", "level 0", "level 1");
    BasicStroke coarse = (BasicStroke) FieldChart.stroke(0);
    BasicStroke fine = (BasicStroke) FieldChart.stroke(1);
    assertThat(coarse.getLineWidth()).isGreaterThan(fine.getLineWidth());
    assertThat(coarse.getDashArray()).isNull();
    assertThat(fine.getDashArray()).isNotNull();
    assertThat(FieldChart.niceStep(0.12)).isEqualTo(0.2);
    assertThat(FieldChart.niceStep(0.04)).isEqualTo(0.05);

    Path png = dir.resolve("field.png");
    FieldChart.write(frame, "title", png);
    BufferedImage img = ImageIO.read(png.toFile());
    assertThat(img.getWidth()).isEqualTo(1000);
    assertThat(img.getHeight()).isEqualTo(880);
  }
}
