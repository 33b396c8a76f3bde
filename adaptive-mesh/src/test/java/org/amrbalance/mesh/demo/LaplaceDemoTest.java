package org.amrbalance.mesh.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaplaceDemoTest {
  private static String run(String... args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      assertThat(LaplaceDemo.run(out, args)).isZero();
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void printsAProgressLinePerStepAndASummaryAndWritesTheFiles(@TempDir Path dir) throws Exception {
    String out = run("--steps", "4", "--lmax", "2", "--ranks", "3", "--output", dir.toString());
    assertThat(out.lines().filter(l -> l.startsWith("step ")).count()).isEqualTo(4);
    assertThat(out).contains("summary:", "max error vs exact solution", "points per level", "0: 1024");
    BufferedImage png = ImageIO.read(dir.resolve("laplace.png").toFile());
    assertThat(png.getWidth()).isEqualTo(800);
    assertThat(png.getHeight()).isEqualTo(800);
    int first = png.getRGB(0, 0);
    boolean varied = false;
    for (int y = 0; y < 800 && !varied; y += 7) {
      for (int x = 0; x < 800 && !varied; x += 7) {
        varied = png.getRGB(x, y) != first;
      }
    }
    assertThat(varied).as("picture is not blank").isTrue();
    var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("laplace.vthb").toFile());
    assertThat(doc.getElementsByTagName("Block").getLength()).isEqualTo(3);
    assertThat(doc.getElementsByTagName("DataSet").getLength()).isGreaterThan(4);
  }

  @Test
  void helpAndBadArguments() throws Exception {
    assertThat(run("--help")).contains("--steps", "--lmax", "--output");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--lmax", "-1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--lmax = -1: must be in [0, 6]");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--steps", "x")).hasMessageContaining("--steps = x");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--bogus")).hasMessageContaining("unknown argument '--bogus'");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--output")).hasMessageContaining("--output");
  }
}
