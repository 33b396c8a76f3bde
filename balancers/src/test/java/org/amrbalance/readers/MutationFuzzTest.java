package org.amrbalance.readers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded random mutations of each real file (a line deleted, duplicated, swapped or truncated, a character
 * changed, inserted or deleted, a number replaced) must end in a valid hierarchy or in a {@link
 * HierarchyFormatException} whose message is {@code file:line: problem} for one of the files read, never in another
 * exception.
 */
// The timeout only turns a hang into a failure; it is far above the run time and checks no speed.
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class MutationFuzzTest {
  private static final int MUTATIONS = 200;
  private static final String ALPHABET = "0123456789-+.eE ,()[]#=:/xX\t";

  @TempDir
  Path dir;

  /** Reads the files of one format after the target file was written. */
  private interface Read {
    HierarchyFile read() throws Exception;
  }

  private record Outcome(int valid, int rejected) {}

  @Test
  void enzoHierarchy() {
    Path h = dir.resolve("galaxy.hierarchy");
    Edits.copy(dir, TestFiles.ENZO_PARAMETERS, "galaxy.parameters");
    Outcome o = fuzz(TestFiles.ENZO, h, 11, () -> new EnzoHierarchyReader().read(h), List.of(h, dir.resolve(
        "galaxy.parameters")));
    assertThat(o.rejected()).isPositive();
    assertThat(o.valid()).isPositive(); // e.g. a Time or FieldType line changed
  }

  @Test
  void enzoParameters() {
    Path h = Edits.copy(dir, TestFiles.ENZO, "galaxy.hierarchy");
    Path p = dir.resolve("galaxy.parameters");
    Outcome o = fuzz(TestFiles.ENZO_PARAMETERS, p, 12, () -> new EnzoHierarchyReader().read(h), List.of(h, p));
    assertThat(o.valid()).isPositive(); // most of the parameter file does not shape the hierarchy
  }

  @Test
  void chombo2d() {
    Path p = dir.resolve("grids.2d");
    Outcome o = fuzz(TestFiles.CHOMBO_2D, p, 13, () -> new ChomboHierarchyReader().read(p), List.of(p));
    assertThat(o.rejected()).isPositive();
  }

  @Test
  void chombo3d() {
    Path p = dir.resolve("grids.3d");
    Outcome o = fuzz(TestFiles.CHOMBO_3D, p, 14, () -> new ChomboHierarchyReader().read(p), List.of(p));
    assertThat(o.rejected()).isPositive();
  }

  @Test
  void amrexHeader() {
    Path header = dir.resolve("plt_Header");
    Path cellH = Edits.copy(dir, TestFiles.AMREX_CELL_H, "plt_Level_1_Cell_H");
    Outcome o = fuzz(TestFiles.AMREX_HEADER, header, 15, () -> new AmrexHierarchyReader().read(header),
        List.of(header, cellH));
    assertThat(o.rejected()).isPositive();
  }

  @Test
  void amrexCellH() {
    Path header = Edits.copy(dir, TestFiles.AMREX_HEADER, "plt_Header");
    Path cellH = dir.resolve("plt_Level_1_Cell_H");
    Outcome o = fuzz(TestFiles.AMREX_CELL_H, cellH, 16, () -> new AmrexHierarchyReader().read(header),
        List.of(header, cellH));
    assertThat(o.rejected()).isPositive();
  }

  private static Outcome fuzz(String resource, Path target, long seed, Read read, List<Path> involved) {
    List<String> original = Edits.lines(resource);
    Random random = new Random(seed);
    int valid = 0;
    int rejected = 0;
    for (int i = 0; i < MUTATIONS; i++) {
      List<String> lines = new ArrayList<>(original);
      String what = mutate(lines, random);
      String text = String.join("\n", lines) + (lines.isEmpty() ? "" : "\n");
      if (what.startsWith("truncate")) {
        text = text.substring(0, random.nextInt(text.length() + 1));
        what += " at char " + text.length();
      }
      Edits.writeText(target.getParent(), target.getFileName().toString(), text);
      try {
        HierarchyFile f = read.read();
        assertThat(f.hierarchy().patchCount()).isPositive();
        valid++;
      } catch (HierarchyFormatException e) {
        checkMessage(e, involved, resource + " mutation " + i + " (" + what + ")");
        rejected++;
      } catch (Throwable t) {
        throw new AssertionError(resource + " mutation " + i + " (" + what + ") threw " + t, t);
      }
    }
    return new Outcome(valid, rejected);
  }

  private static void checkMessage(HierarchyFormatException e, List<Path> involved, String context) {
    boolean known = involved.stream().anyMatch(p -> p.toString().equals(e.source()));
    if (!known) {
      fail(context + ": the error names " + e.source() + ", none of " + involved);
    }
    String where = e.line() > 0 ? e.source() + ":" + e.line() : e.source();
    assertThat(e.getMessage()).as(context).isEqualTo(where + ": " + e.problem());
    assertThat(e.problem()).as(context).isNotBlank();
  }

  /** Applies one random edit to {@code lines} and says what it was. */
  private static String mutate(List<String> lines, Random random) {
    int n = random.nextInt(lines.size());
    String line = lines.get(n);
    switch (random.nextInt(8)) {
      case 0:
        lines.remove(n);
        return "delete line " + (n + 1);
      case 1:
        lines.add(n, line);
        return "duplicate line " + (n + 1);
      case 2:
        if (n + 1 < lines.size()) {
          lines.set(n, lines.get(n + 1));
          lines.set(n + 1, line);
        }
        return "swap lines " + (n + 1) + " and " + (n + 2);
      case 3:
        if (!line.isEmpty()) {
          int at = random.nextInt(line.length());
          lines.set(n, line.substring(0, at) + randomChar(random) + line.substring(at + 1));
          return "change char " + at + " of line " + (n + 1);
        }
        return "nothing";
      case 4:
        if (!line.isEmpty()) {
          int at = random.nextInt(line.length());
          lines.set(n, line.substring(0, at) + line.substring(at + 1));
          return "delete char " + at + " of line " + (n + 1);
        }
        return "nothing";
      case 5: {
        int at = random.nextInt(line.length() + 1);
        lines.set(n, line.substring(0, at) + randomChar(random) + line.substring(at));
        return "insert char " + at + " of line " + (n + 1);
      }
      case 6:
        return "truncate";
      default:
        lines.set(n, replaceNumber(line, random));
        return "replace a number in line " + (n + 1);
    }
  }

  private static char randomChar(Random random) {
    return ALPHABET.charAt(random.nextInt(ALPHABET.length()));
  }

  /** The line with one of its numbers replaced by a small, large, negative or fractional one. */
  private static String replaceNumber(String line, Random random) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("-?\\d+(\\.\\d+)?").matcher(line);
    List<int[]> spans = new ArrayList<>();
    while (m.find()) {
      spans.add(new int[] {m.start(), m.end()});
    }
    if (spans.isEmpty()) {
      return line;
    }
    int[] s = spans.get(random.nextInt(spans.size()));
    String[] values = {"0", "1", "-1", "7", String.valueOf(random.nextInt(5000)), "2147483647", "99999999999",
        "0.5", "1e300", "-3"};
    return line.substring(0, s[0]) + values[random.nextInt(values.length)] + line.substring(s[1]);
  }
}
