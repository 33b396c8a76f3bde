package org.amrbalance.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figures that scripts/refresh-docs.sh splices into the README are what the code computes now: the balancing
 * table is recomputed by the same command and compared cell by cell, all but its time column (the one figure that
 * depends on the machine). A change that moves a balancing figure fails here until the docs are regenerated.
 */
class DocsFiguresIT {
  private static final Path ROOT = Path.of("..");
  private static final String HIERARCHIES = "../readers/src/test/resources/hierarchies/";

  @Test
  void theReadmesBalancingTableIsWhatTheBalancersGiveNow() throws IOException {
    String inputs = String.join(",", HIERARCHIES + "enzo_IsolatedGalaxy_galaxy0030.hierarchy",
        HIERARCHIES + "chombo_testGrids.2d", HIERARCHIES + "chombo_testGrids.3d",
        HIERARCHIES + "amrex_pelelmex_2d_Header");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = Launcher.standard().run(new String[] {"balance", "--balancer", "all", "--ranks", "16,64,1024",
          "--markdown", "--input", inputs}, o, e);
    }
    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    List<String> now = withoutTimes(out.toString(StandardCharsets.UTF_8).strip().lines().toList());
    List<String> documented = withoutTimes(block(Files.readString(ROOT.resolve("README.md")), "balance-all"));
    assertThat(now).as("README.md's balance-all table (regenerate with scripts/refresh-docs.sh)")
        .containsExactlyElementsOf(documented);
  }

  /** docs/triggers.md's two fit-spread tables, recomputed by the commands scripts/refresh-docs.sh runs. */
  @Test
  void theTriggerDocsFitSpreadTablesAreWhatTheCommandGivesNow() throws IOException {
    String page = Files.readString(ROOT.resolve("docs/triggers.md"));
    for (String[] run : new String[][] {
        {"ld", "fit-spread", "--row", "ld:sigma=0.2", "--interval", "16", "--intervals", "2,5,12"},
        {"random-walk", "fit-spread", "--row", "random-walk:sigma=0.2", "--interval", "40", "--intervals", "2,5,10"}}) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int code;
      try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
          PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
        code = Launcher.standard().run(java.util.Arrays.copyOfRange(run, 1, run.length), o, e);
      }
      assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
      assertThat(out.toString(StandardCharsets.UTF_8).strip().lines().toList())
          .as("docs/triggers.md's fit-spread-" + run[0] + " table (regenerate with scripts/refresh-docs.sh)")
          .containsExactlyElementsOf(block(page, "fit-spread-" + run[0]));
    }
  }

  /** The lines between {@code <!-- generated: NAME -->} and {@code <!-- end generated -->}. */
  static List<String> block(String page, String name) {
    String start = "<!-- generated: " + name + " -->";
    int from = page.indexOf(start);
    assertThat(from).as("marker " + start).isNotNegative();
    int to = page.indexOf("<!-- end generated -->", from);
    return page.substring(from + start.length(), to).strip().lines().toList();
  }

  /** Table rows without their last column (the time of one call). */
  static List<String> withoutTimes(List<String> rows) {
    List<String> out = new ArrayList<>();
    for (String row : rows) {
      String r = row.strip();
      int last = r.lastIndexOf('|', r.length() - 2);
      out.add(last > 0 ? r.substring(0, last) : r);
    }
    return out;
  }
}
