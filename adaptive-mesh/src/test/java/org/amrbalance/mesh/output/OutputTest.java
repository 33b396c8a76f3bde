package org.amrbalance.mesh.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.laplace.HotSpot;
import org.amrbalance.mesh.laplace.LaplaceAmr;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class OutputTest {
  private static Frame frame;
  private static LaplaceAmr amr;

  @BeforeAll
  static void solve() {
    amr = LaplaceAmr.builder(32, 32).amr(AmrOptions.defaults().withLevels(2, 2).withBaseBoxSize(16))
        .machine(Machine.fullyConnected(3)).problem(HotSpot.of(0.4, 0.05)).build();
    amr.solve();
    frame = Frame.gather(amr.grids(), 0, "u");
  }

  @Test
  void thePictureShowsTheHotSpotAndTheGridOutlines() {
    BufferedImage img = PngWriter.render(frame, 256);
    assertThat(img.getWidth()).isEqualTo(256);
    assertThat(img.getHeight()).isEqualTo(256);
    // The hot spot (red, the highest value) sits on the bottom edge at x = 0.4; the top is cold (blue).
    int spot = img.getRGB((int) (0.4 * 256), 254) & 0xFFFFFF;
    assertThat((spot >> 16) & 0xFF).isGreaterThan(200);
    int top = img.getRGB(128, 128 - 60) & 0xFFFFFF;
    assertThat(top & 0xFF).isGreaterThan(200);
    // Level-0 blocks are 16 cells: an outline runs down the middle of the picture in a rank colour.
    Set<Integer> outline = new HashSet<>();
    for (int y = 0; y < 100; y++) {
      outline.add(img.getRGB(128, y) & 0xFFFFFF);
    }
    assertThat(outline).containsAnyOf(PngWriter.rankColour(0), PngWriter.rankColour(1), PngWriter.rankColour(2));
  }

  @Test
  void writesAPngThatDecodesAndIsNotBlank(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("sub/laplace.png");
    PngWriter.write(frame, 320, file);
    BufferedImage img = ImageIO.read(file.toFile());
    assertThat(img).isNotNull();
    assertThat(img.getWidth()).isEqualTo(320 + PngWriter.KEY_WIDTH);
    assertThat(img.getHeight()).isEqualTo(320);
    // The key: the colour bar runs from red (highest, top) to blue (lowest), and every rank has its swatch.
    Set<Integer> key = new HashSet<>();
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 320; x < img.getWidth(); x++) {
        key.add(img.getRGB(x, y) & 0xFFFFFF);
      }
    }
    assertThat(key).contains(PngWriter.colour(1), PngWriter.colour(0), PngWriter.rankColour(1), PngWriter.rankColour(2))
        .as("the key shows only the ranks that hold blocks").doesNotContain(PngWriter.rankColour(5));
    Set<Integer> colours = new HashSet<>();
    for (int y = 0; y < img.getHeight(); y += 3) {
      for (int x = 0; x < img.getWidth(); x += 3) {
        colours.add(img.getRGB(x, y));
      }
    }
    assertThat(colours.size()).as("distinct colours").isGreaterThan(50);
    assertThatThrownBy(() -> PngWriter.render(frame, 4)).hasMessageContaining("width = 4");
  }

  @Test
  void writesAVtkOverlappingAmrSetThatParses(@TempDir Path dir) throws Exception {
    Path vthb = VtkWriter.write(frame, dir, "laplace");
    assertThat(vthb.getFileName().toString()).isEqualTo("laplace.vthb");
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(vthb.toFile());
    Element root = doc.getDocumentElement();
    assertThat(root.getAttribute("type")).isEqualTo("vtkOverlappingAMR");
    NodeList levels = doc.getElementsByTagName("Block");
    assertThat(levels.getLength()).isEqualTo(amr.hierarchy().levelCount());
    int dataSets = 0;
    long cells = 0;
    for (int l = 0; l < levels.getLength(); l++) {
      Element level = (Element) levels.item(l);
      assertThat(level.getAttribute("level")).isEqualTo(Integer.toString(l));
      double spacing = Double.parseDouble(level.getAttribute("spacing").split(" ")[0]);
      assertThat(spacing).isEqualTo(amr.grids().h(l));
      NodeList sets = level.getElementsByTagName("DataSet");
      for (int k = 0; k < sets.getLength(); k++) {
        Element set = (Element) sets.item(k);
        String[] box = set.getAttribute("amr_box").split(" ");
        long n = (Long.parseLong(box[1]) - Long.parseLong(box[0]) + 1)
            * (Long.parseLong(box[3]) - Long.parseLong(box[2]) + 1);
        Path piece = dir.resolve(set.getAttribute("file"));
        assertThat(piece).exists();
        Document vti = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(piece.toFile());
        assertThat(vti.getDocumentElement().getAttribute("type")).isEqualTo("ImageData");
        Element u = (Element) vti.getElementsByTagName("DataArray").item(0);
        assertThat(u.getAttribute("Name")).isEqualTo("u");
        String[] values = u.getTextContent().trim().split("\\s+");
        assertThat(values).hasSize((int) n);
        for (String v : values) {
          assertThat(Double.parseDouble(v)).isBetween(-0.1, 1.1);
        }
        dataSets++;
        cells += n;
      }
    }
    assertThat(dataSets).isEqualTo(amr.grids().layout().level(0).size() + amr.grids().layout().level(1).size()
        + amr.grids().layout().level(2).size());
    assertThat(cells).isEqualTo(amr.points());
    assertThat(Files.list(dir.resolve("laplace")).count()).isEqualTo(dataSets);
  }
}
