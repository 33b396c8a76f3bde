package org.amrbalance.mesh.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Piece;

/**
 * The demo's hierarchy as an AMReX plotfile series: one folder {@code pltNNNNN} per written step (the step number,
 * as AMReX names its plotfiles), each with a plotfile {@code Header} ({@code HyperCLaw-V1.1}: geometry, levels,
 * every box's physical extent) and each level's {@code Level_L/Cell_H} (a version-2 VisMF header: the boxes, and per
 * box a {@code FabOnDisk} line whose file number is the rank that holds it). No field data is written ({@code
 * Cell_D} files): the series is for tools that read hierarchies (yt's index, the launcher's {@code balance} and
 * {@code advise}), and the boxes and ranks are what they read. Boxes are the assignment's pieces, level by level in
 * patch and then position order, so a balancer that cut patches shows its pieces as AMReX would distribute them.
 */
final class AmrexHeaderSeries {
  /** The one variable named in the Header: the demo's solution. */
  static final String VARIABLE = "phi";

  private final Path dir;

  AmrexHeaderSeries(Path dir) {
    this.dir = dir;
  }

  /** The folder of step {@code step}. */
  Path folder(long step) {
    return dir.resolve(String.format(Locale.ROOT, "plt%05d", step));
  }

  /**
   * Writes step {@code step}'s plotfile header: {@code a} on the unit square whose level-0 cells are {@code h0} wide,
   * at time {@code time}. Returns the folder.
   */
  Path write(long step, double time, Assignment a, double h0) throws IOException {
    Hierarchy h = a.hierarchy();
    int dim = h.dim();
    int levels = h.levelCount();
    Path plt = folder(step);
    Files.createDirectories(plt);
    StringBuilder s = new StringBuilder();
    s.append("HyperCLaw-V1.1\n1\n").append(VARIABLE).append('\n').append(dim).append('\n');
    s.append(num(time)).append('\n').append(levels - 1).append('\n');
    double[] hi = new double[dim];
    for (int d = 0; d < dim; d++) {
      hi[d] = h0 * (h.domain().hi(d) + 1);
    }
    s.append(repeat("0", dim)).append('\n').append(join(hi)).append('\n');
    StringBuilder ratios = new StringBuilder();
    for (int l = 0; l + 1 < levels; l++) {
      ratios.append(h.ratio(l)).append(' ');
    }
    s.append(ratios.toString().strip()).append('\n');
    StringBuilder domains = new StringBuilder();
    StringBuilder steps = new StringBuilder();
    for (int l = 0; l < levels; l++) {
      domains.append(h.domainAt(l).toAmrexText()).append(' ');
      steps.append(step).append(' ');
    }
    s.append(domains.toString().strip()).append('\n').append(steps.toString().strip()).append('\n');
    for (int l = 0; l < levels; l++) {
      s.append(repeat(num(dx(h, h0, l)), dim)).append('\n');
    }
    s.append("0\n0\n");
    for (int l = 0; l < levels; l++) {
      List<Piece> pieces = ordered(a, l);
      double dx = dx(h, h0, l);
      s.append(l).append(' ').append(pieces.size()).append(' ').append(num(time)).append('\n');
      s.append(step).append('\n');
      for (Piece p : pieces) {
        for (int d = 0; d < dim; d++) {
          s.append(num(dx * p.box().lo(d))).append(' ').append(num(dx * (p.box().hi(d) + 1))).append('\n');
        }
      }
      s.append("Level_").append(l).append("/Cell\n");
      writeCellHeader(plt.resolve("Level_" + l), pieces);
    }
    Files.writeString(plt.resolve("Header"), s, StandardCharsets.US_ASCII);
    return plt;
  }

  private static void writeCellHeader(Path level, List<Piece> pieces) throws IOException {
    Files.createDirectories(level);
    StringBuilder s = new StringBuilder("2\n1\n1\n0\n(").append(pieces.size()).append(" 0\n");
    for (Piece p : pieces) {
      s.append(p.box().toAmrexText()).append('\n');
    }
    s.append(")\n").append(pieces.size()).append('\n');
    for (Piece p : pieces) {
      // The file number is the rank: AMReX's writers make one Cell_D file per writing rank.
      s.append(String.format(Locale.ROOT, "FabOnDisk: Cell_D_%05d 0%n", p.rank()));
    }
    s.append("((8, (64 11 52 0 1 12 0 1023)),(8, (8 7 6 5 4 3 2 1)))\n");
    Files.writeString(level.resolve("Cell_H"), s, StandardCharsets.US_ASCII);
  }

  /** Level {@code l}'s pieces by patch id, then by their low corner: the same order on every rank and run. */
  static List<Piece> ordered(Assignment a, int l) {
    List<Piece> out = new ArrayList<>();
    for (Piece p : a.pieces()) {
      if (a.hierarchy().patch(p.patchId()).level() == l) {
        out.add(p);
      }
    }
    Comparator<Piece> byLo = (x, y) -> java.util.Arrays.compare(x.box().lo(), y.box().lo());
    out.sort(Comparator.comparingInt(Piece::patchId).thenComparing(byLo));
    return out;
  }

  private static double dx(Hierarchy h, double h0, int level) {
    return h0 / h.cumulativeRatio(level);
  }



  /** Seventeen significant digits, as AMReX writes reals: the reader recovers the integer boxes exactly. */
  private static String num(double v) {
    return String.format(Locale.ROOT, "%.17g", v);
  }

  private static String repeat(String v, int n) {
    return String.join(" ", java.util.Collections.nCopies(n, v));
  }

  private static String join(double[] v) {
    StringBuilder s = new StringBuilder();
    for (double x : v) {
      s.append(s.length() == 0 ? "" : " ").append(num(x));
    }
    return s.toString();
  }
}
