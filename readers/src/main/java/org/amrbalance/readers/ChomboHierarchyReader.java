package org.amrbalance.readers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * Reads a Chombo box layout as {@code BoxLayout::operator<<} writes it (the {@code testGrids} inputs of Chombo's
 * load balancer): {@code NumLevels = N}, then for each level {@code Number of Grids on Level l: n} followed by n
 * boxes {@code ((lo) (hi) (type))[rank]} separated by {@code #}, several to a line.
 *
 * <ul>
 *   <li>The file states neither the refinement ratio nor the domain: the ratio is a reader setting (4 by default,
 *       the ratio under which the {@code testGrids} files are properly nested) and the level-0 domain is the
 *       bounding box of the level-0 boxes.
 *   <li>Parents are found from the geometry: every level-l box coarsened by the ratio must be covered by the union
 *       of the level l-1 boxes, and a box straddling coarse boxes has several parents.
 *   <li>Work is the cell count; the recorded rank of each box is its {@code [rank]}.
 *   <li>Patch ids number the boxes from 0 in file order.
 * </ul>
 */
@Immutable
final class ChomboHierarchyReader implements HierarchyReader {
  /** The ratio under which Chombo's {@code testGrids} files nest (with 2 they do not). */
  public static final int DEFAULT_RATIO = 4;

  private static final Pattern NUM_LEVELS = Pattern.compile("NumLevels\\s*=\\s*(\\S+)\\s*");
  private static final Pattern LEVEL_HEADER =
      Pattern.compile("Number\\s+of\\s+Grids\\s+on\\s+Level\\s+(\\S+?)\\s*:\\s*(\\S+)\\s*");
  /** More levels than any AMR run uses; bounds the work a corrupt count can ask for. */
  private static final int MAX_LEVELS = 30;

  private final int ratio;

  /** A reader with refinement ratio {@value #DEFAULT_RATIO}. */
  public ChomboHierarchyReader() {
    this(DEFAULT_RATIO);
  }

  /** @param ratio the refinement ratio between consecutive levels, at least 2 */
  public ChomboHierarchyReader(int ratio) {
    if (ratio < 2) {
      throw new IllegalArgumentException("ratio = " + ratio + ": a refinement ratio must be >= 2");
    }
    this.ratio = ratio;
  }

  public int ratio() {
    return ratio;
  }

  @Override
  public HierarchyFormat format() {
    return HierarchyFormat.CHOMBO;
  }

  @Override
  public HierarchyFile read(Path file) throws IOException {
    return parse(TextFile.read(file));
  }

  /** Reads a layout held in memory; messages name it {@link HierarchyText#name()}. */
  public HierarchyFile read(HierarchyText text) throws HierarchyFormatException {
    return parse(TextFile.of(text));
  }

  private record Entry(int level, int index, Box box, int rank, int line) {}

  private HierarchyFile parse(TextFile f) throws HierarchyFormatException {
    int n = nextNonBlank(f, 1);
    if (n > f.lineCount()) {
      throw f.error(Math.max(1, f.lineCount()), "the file holds no 'NumLevels = N' line");
    }
    Matcher m = NUM_LEVELS.matcher(f.line(n).strip());
    if (!m.matches()) {
      throw f.error(n, "expected 'NumLevels = N', got '" + f.line(n).strip() + "'");
    }
    int numLevels = f.parseInt(m.group(1), n, "NumLevels");
    if (numLevels < 1 || numLevels > MAX_LEVELS) {
      throw f.error(n, "NumLevels = " + numLevels + ": must be in [1, " + MAX_LEVELS + "]");
    }
    List<Entry> entries = new ArrayList<>();
    n++;
    for (int level = 0; level < numLevels; level++) {
      n = nextNonBlank(f, n);
      if (n > f.lineCount()) {
        throw f.error(Math.max(1, f.lineCount()), "the file ends before 'Number of Grids on Level " + level
            + ":' (truncated?)");
      }
      Matcher h = LEVEL_HEADER.matcher(f.line(n).strip());
      if (!h.matches()) {
        throw f.error(n, "expected 'Number of Grids on Level " + level + ": n', got '" + f.line(n).strip() + "'");
      }
      int said = f.parseInt(h.group(1), n, "level");
      if (said != level) {
        throw f.error(n, "expected the grids of level " + level + ", got level " + said);
      }
      int count = f.parseInt(h.group(2), n, "number of grids on level " + level);
      if (count < 0) {
        throw f.error(n, "number of grids on level " + level + " = " + count + ": must be >= 0");
      }
      int headerLine = n;
      n++;
      int read = 0;
      while (read < count) {
        if (n > f.lineCount()) {
          throw f.error(Math.max(1, f.lineCount()), "level " + level + " announces " + count + " boxes at line "
              + headerLine + " but the file ends after " + read + " (truncated?)");
        }
        String text = f.line(n);
        if (isLevelHeader(text)) {
          throw f.error(n, "level " + level + " announces " + count + " boxes at line " + headerLine
              + " but lists only " + read);
        }
        for (String segment : text.split("#", -1)) {
          if (segment.isBlank()) {
            continue;
          }
          if (read == count) {
            throw f.error(n, "more boxes than the " + count + " that line " + headerLine + " announces for level "
                + level);
          }
          entries.add(box(f, segment, n, level, read));
          read++;
        }
        n++;
      }
    }
    n = nextNonBlank(f, n);
    if (n <= f.lineCount()) {
      throw f.error(n, "unexpected content after the last level: '" + BoxText.excerpt(f.line(n).strip(), 0) + "'");
    }
    return build(f, entries, numLevels);
  }

  private HierarchyFile build(TextFile f, List<Entry> entries, int numLevels) throws HierarchyFormatException {
    Box domain = null;
    for (Entry e : entries) {
      if (e.level() == 0) {
        domain = domain == null ? e.box() : hull(domain, e.box());
      }
    }
    if (domain == null) {
      throw f.error(HierarchyFormatException.WHOLE_FILE, "level 0 has no box, so the domain is unknown");
    }
    int[] ratios = new int[numLevels - 1];
    Arrays.fill(ratios, ratio);
    Layout layout = new Layout(f, domain, ratios);
    Map<Integer, Integer> ranks = new HashMap<>();
    int id = 0;
    int[] none = new int[0];
    String[] labels = new String[numLevels];
    for (int l = 0; l < numLevels; l++) {
      labels[l] = "level-" + l + " box ";
    }
    for (Entry e : entries) {
      layout.add(id, e.level(), e.box(), -1, Patch.DEFAULT_BYTES_PER_CELL, none, e.line(), labels[e.level()],
          e.index());
      ranks.put(id, e.rank());
      id++;
    }
    Hierarchy h = layout.build();
    return HierarchyFile.of(f.source(), HierarchyFormat.CHOMBO, h, ranks);
  }

  private static Entry box(TextFile f, String segment, int line, int level, int index) throws HierarchyFormatException {
    String what = "level-" + level + " box " + index;
    String c = BoxText.compact(segment);
    int[] groups = new int[6];
    int end = BoxText.match(c, 0, groups);
    int rankEnd = end < 0 || end >= c.length() || c.charAt(end) != '[' ? -1 : BoxText.integerEnd(c, end + 1);
    if (rankEnd < 0 || rankEnd != c.length() - 1 || c.charAt(rankEnd) != ']') {
      throw f.error(line, what + ": expected '((lo) (hi) (type))[rank]', got '" + BoxText.excerpt(segment.strip(), 0)
          + "'");
    }
    Box box = BoxText.toBox(f, c, groups, line, what);
    int rank = f.parseInt(c.substring(end + 1, rankEnd), line, what + " rank");
    if (rank < 0) {
      throw f.error(line, what + " rank = " + rank + ": must be >= 0");
    }
    return new Entry(level, index, box, rank, line);
  }

  private static Box hull(Box a, Box b) {
    if (a.dim() != b.dim()) {
      return a; // the layout reports the mixed dimension with its line
    }
    int[] lo = new int[a.dim()];
    int[] hi = new int[a.dim()];
    for (int d = 0; d < a.dim(); d++) {
      lo[d] = Math.min(a.lo(d), b.lo(d));
      hi[d] = Math.max(a.hi(d), b.hi(d));
    }
    return Box.of(lo, hi);
  }

  /** True for a 'Number of Grids on Level' line; most lines are boxes, told apart without the pattern. */
  private static boolean isLevelHeader(String text) {
    String t = text.strip();
    return t.startsWith("Number") && LEVEL_HEADER.matcher(t).matches();
  }

  private static int nextNonBlank(TextFile f, int from) {
    int n = from;
    while (n <= f.lineCount() && f.line(n).isBlank()) {
      n++;
    }
    return n;
  }
}
