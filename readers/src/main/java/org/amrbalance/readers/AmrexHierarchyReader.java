package org.amrbalance.readers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;

/**
 * Reads an AMReX plotfile {@code Header} ({@code HyperCLaw-V1.1}) and, where present, the {@code Level_N/Cell_H}
 * box lists of its levels.
 *
 * <ul>
 *   <li>The Header gives each box as its physical extent per axis; the integer box is {@code lo = domain_lo +
 *       round((x_lo - prob_lo) / dx)}, {@code hi = domain_lo + round((x_hi - prob_lo) / dx) - 1} with the level's
 *       dx and domain from the Header (AMReX's generic writer shifts boxes by the domain's low corner before it
 *       writes them), and both edges must lie on the level's cell lattice.
 *   <li>Each level's box list ends with the path of its MultiFab relative to the Header: {@code Level_N/Cell} by
 *       default, any {@code LEVELPREFIX N/MFPREFIX} that {@code WriteMultiLevelPlotfile} was given.
 *   <li>Plotfiles with embedded boundaries (written by {@code AmrLevel} codes such as PeleC or CNS, or by {@code
 *       EB_WriteMultiLevelPlotfile}) end with a volume-fraction threshold for the viewer ({@code 1.0e-6}), one line
 *       per level, sometimes twice when a code writes them as well as AMReX: any number of lines holding one number
 *       each is read and ignored, anything else after the last level is an error.
 *   <li>A {@code Cell_H} (a VisMF header of version 1 to 4: per-box minima and maxima, none, or per-component ones,
 *       then the number format) must list the same boxes as the Header-derived ones, in the same order. Its {@code
 *       FabOnDisk: Cell_D_NNNNN} file numbers are the recorded ranks of that level's boxes: the rank group that
 *       wrote each box, which is the owning rank when the run wrote at least one file per rank.
 *   <li>Parents are found from the geometry (proper nesting is checked); work is the cell count; the payload is
 *       one double per cell and plotted variable.
 *   <li>Patch ids number the boxes from 0 in Header order, level by level.
 * </ul>
 *
 * <p>{@link #read(Path)} takes the Header or the plotfile folder holding it (as yt does), and looks for each level's
 * box list as {@code PATH_H} beside the Header for the MultiFab path the Header names (a plotfile directory) and as
 * {@code PREFIXLevel_N_Cell_H} for a Header named {@code PREFIXHeader} (flattened copies).
 *
 * <p>A ratio line that lists more ratios than the levels written need (one per allowed level) is read for the
 * levels written; the rest is named in a {@link HierarchyFile#notes() note}.
 */
@Immutable
final class AmrexHierarchyReader implements HierarchyReader {
  /** The first line of every plotfile Header this reader understands. */
  public static final String MAGIC = "HyperCLaw-V1.1";

  private static final Pattern FAB_ON_DISK = Pattern.compile("FabOnDisk:\\s*(\\S*?)(\\d{1,9})\\s+(\\d+)\\s*");
  private static final Pattern BOX_ARRAY_START = Pattern.compile("\\(\\s*(\\S+)\\s+(\\S+)\\s*");
  /** Largest distance (in cells) of an edge from the level's cell lattice still read as on it. */
  private static final double LATTICE_TOLERANCE = 1e-3;
  private static final int MAX_LEVELS = 30;
  private static final int MAX_VARIABLES = 100_000;
  /** Versions of the VisMF header: 1 writes per-box minima and maxima, 2 none, 3 per-box, 4 per-component ones. */
  private static final int VISMF_PER_BOX_MIN_MAX = 1;
  private static final int VISMF_NO_FAB_HEADER_PER_BOX_MIN_MAX = 3;
  private static final int VISMF_PER_COMPONENT_MIN_MAX = 4;

  @Override
  public HierarchyFormat format() {
    return HierarchyFormat.AMREX;
  }

  /**
   * Reads {@code header} with every {@code Cell_H} found beside it; see the class comment. A plotfile folder (one
   * holding {@code Header}) is read as its {@code Header}, see {@link HierarchyReaders#resolve(Path)}.
   */
  @Override
  public HierarchyFile read(Path input) throws IOException {
    Path header = HierarchyReaders.resolve(input);
    Header h = parseHeader(TextFile.read(header));
    Map<Integer, TextFile> cellHeaders = new TreeMap<>();
    for (int level = 0; level <= h.finest; level++) {
      for (Path candidate : cellHeaderCandidates(header, level, h.paths.get(level))) {
        if (Files.isRegularFile(candidate)) {
          cellHeaders.put(level, TextFile.read(candidate));
          break;
        }
      }
    }
    return build(h, cellHeaders);
  }

  /**
   * Reads {@code header} (or the {@code Header} of a plotfile folder) with exactly the given {@code Cell_H} files
   * (level to file), none looked up.
   *
   * @throws HierarchyFormatException also if a given level does not exist or its file is missing
   */
  public HierarchyFile read(Path input, Map<Integer, Path> cellHeaders) throws IOException {
    Header h = parseHeader(TextFile.read(HierarchyReaders.resolve(input)));
    for (Map.Entry<Integer, Path> e : cellHeaders.entrySet()) {
      checkLevel(h, e.getKey());
      if (!Files.isRegularFile(e.getValue())) {
        throw new HierarchyFormatException(h.file.source(), HierarchyFormatException.WHOLE_FILE,
            "missing Cell_H file of level " + e.getKey() + ": " + e.getValue() + " does not exist");
      }
    }
    Map<Integer, TextFile> files = new TreeMap<>();
    for (Map.Entry<Integer, Path> e : cellHeaders.entrySet()) {
      files.put(e.getKey(), TextFile.read(e.getValue()));
    }
    return build(h, files);
  }

  /**
   * Reads a Header and the {@code Cell_H} texts of some of its levels (level to text) held in memory; messages
   * name each text by its name.
   *
   * @throws HierarchyFormatException also if a given level does not exist
   */
  public HierarchyFile read(HierarchyText header, Map<Integer, HierarchyText> cellHeaders)
      throws HierarchyFormatException {
    Header h = parseHeader(TextFile.of(header));
    Map<Integer, TextFile> files = new TreeMap<>();
    for (Map.Entry<Integer, HierarchyText> e : cellHeaders.entrySet()) {
      if (e.getKey() == null || e.getValue() == null) {
        throw new IllegalArgumentException("cellHeaders = " + cellHeaders + ": holds a null level or text");
      }
      checkLevel(h, e.getKey());
      files.put(e.getKey(), TextFile.of(e.getValue()));
    }
    return build(h, files);
  }

  private static void checkLevel(Header h, int level) throws HierarchyFormatException {
    if (level < 0 || level > h.finest) {
      throw new HierarchyFormatException(h.file.source(), HierarchyFormatException.WHOLE_FILE, "a Cell_H is given for level "
          + level + " but the Header has levels 0 to " + h.finest);
    }
  }

  /** Where the box list of {@code level}, whose MultiFab the Header names {@code path}, may be, in the order tried. */
  static List<Path> cellHeaderCandidates(Path header, int level, String path) {
    List<Path> candidates = new ArrayList<>();
    candidates.add(header.resolveSibling(path + "_H"));
    Path name = header.getFileName();
    String file = name == null ? "" : name.toString();
    if (file.endsWith("Header") && file.length() > "Header".length()) {
      String prefix = file.substring(0, file.length() - "Header".length());
      candidates.add(header.resolveSibling(prefix + path.replace('/', '_') + "_H"));
    }
    return candidates;
  }

  /** One box of the Header: its integer box and the line its first extent is on. */
  private record HeaderBox(Box box, int line) {}

  /** What the Header says. */
  private static final class Header {
    final TextFile file;
    int nvars;
    int dim;
    int finest;
    Box domain;
    int[] ratios;
    final List<List<HeaderBox>> levels = new ArrayList<>();
    /** The MultiFab path of each level, relative to the Header. */
    final List<String> paths = new ArrayList<>();
    /** What was read but not as written, for {@link HierarchyFile#notes()}. */
    final List<String> notes = new ArrayList<>();

    Header(TextFile file) {
      this.file = file;
    }
  }

  /** A cursor over the Header's lines, which have fixed positions. */
  private static final class Cursor {
    final TextFile f;
    int n;

    Cursor(TextFile f) {
      this.f = f;
    }

    /** The next line, which must exist. */
    String next(String what) throws HierarchyFormatException {
      return next(() -> what);
    }

    /** The next line, which must exist; {@code what} is only evaluated on error. */
    String next(Supplier<String> what) throws HierarchyFormatException {
      if (n >= f.lineCount()) {
        throw f.error(Math.max(1, f.lineCount()), "the file ends where " + what.get() + " should be (truncated?)");
      }
      n++;
      return f.line(n);
    }

    /** The next non-blank line, which must exist. */
    String nextNonBlank(String what) throws HierarchyFormatException {
      String line = next(what);
      while (line.isBlank()) {
        line = next(what);
      }
      return line;
    }

    int nextInt(String what) throws HierarchyFormatException {
      return f.parseInt(next(what), n, what);
    }

    HierarchyFormatException error(String problem) {
      return f.error(n, problem);
    }

    /** Fails unless the rest of the file is blank. */
    void expectEnd() throws HierarchyFormatException {
      while (n < f.lineCount()) {
        n++;
        if (!f.line(n).isBlank()) {
          throw error("unexpected content after the last expected line: '" + BoxText.excerpt(f.line(n).strip(), 0)
              + "'");
        }
      }
    }
  }

  private static Header parseHeader(TextFile f) throws HierarchyFormatException {
    Header h = new Header(f);
    Cursor c = new Cursor(f);
    String magic = c.next("the version line " + MAGIC).strip();
    if (!magic.equals(MAGIC)) {
      throw c.error("expected the version line '" + MAGIC + "', got '" + BoxText.excerpt(magic, 0) + "'");
    }
    h.nvars = c.nextInt("the number of variables");
    if (h.nvars < 0 || h.nvars > MAX_VARIABLES) {
      throw c.error("number of variables = " + h.nvars + ": must be in [0, " + MAX_VARIABLES + "]");
    }
    for (int v = 0; v < h.nvars; v++) {
      c.next("the name of variable " + v);
    }
    h.dim = c.nextInt("the space dimension");
    if (h.dim < 1 || h.dim > Box.MAX_DIM) {
      throw c.error("space dimension = " + h.dim + ": must be 1, 2 or 3");
    }
    f.parseDouble(c.next("the time"), c.n, "time");
    h.finest = c.nextInt("the finest level");
    if (h.finest < 0 || h.finest >= MAX_LEVELS) {
      throw c.error("finest level = " + h.finest + ": must be in [0, " + (MAX_LEVELS - 1) + "]");
    }
    int levels = h.finest + 1;
    double[] probLo = f.doubles(c.next("prob_lo"), c.n, "prob_lo", h.dim);
    double[] probHi = f.doubles(c.next("prob_hi"), c.n, "prob_hi", h.dim);
    for (int d = 0; d < h.dim; d++) {
      if (!(probHi[d] > probLo[d])) {
        throw c.error("prob_hi[" + d + "] = " + probHi[d] + " is not above prob_lo[" + d + "] = " + probLo[d]);
      }
    }
    h.ratios = ratios(c, h.finest, h.notes);
    for (int l = 0; l < h.finest; l++) {
      if (h.ratios[l] < 2) {
        throw c.error("refinement ratio of level " + l + " = " + h.ratios[l] + ": must be >= 2");
      }
    }
    List<Box> domains = BoxText.parseAll(f, c.next("the level domains"), c.n, "level domains");
    if (domains.size() != levels) {
      throw c.error("the line holds " + domains.size() + " level domains, expected " + levels);
    }
    for (int l = 0; l < levels; l++) {
      if (domains.get(l).dim() != h.dim) {
        throw c.error("the domain of level " + l + " " + domains.get(l) + " is not " + h.dim + "-dimensional");
      }
      if (l > 0 && !domains.get(l).equals(refine(c, domains.get(l - 1), h.ratios[l - 1]))) {
        throw c.error("the domain of level " + l + " " + domains.get(l) + " is not level " + (l - 1) + "'s "
            + domains.get(l - 1) + " refined by " + h.ratios[l - 1]);
      }
    }
    h.domain = domains.get(0);
    // Unlike the ratio line, AMReX's writers write one step per written level, bounded by the same finest level as
    // the domains and cell sizes; no writer is known to write more, so more values here stay an error.
    f.ints(c.next("the step of every level"), c.n, "steps", levels);
    double[][] dx = new double[levels][];
    for (int l = 0; l < levels; l++) {
      dx[l] = f.doubles(c.next("the cell size of level " + l), c.n, "cell size of level " + l, h.dim);
      for (int d = 0; d < h.dim; d++) {
        double expected = (probHi[d] - probLo[d]) / domains.get(l).length(d);
        if (!(Math.abs(dx[l][d] - expected) <= 1e-6 * expected)) {
          throw c.error("cell size of level " + l + " along axis " + d + " = " + dx[l][d] + " but the domain "
              + domains.get(l) + " over [" + probLo[d] + ", " + probHi[d] + "] gives " + expected);
        }
      }
    }
    c.nextInt("the coordinate system");
    c.nextInt("the boundary width");
    // Neighbouring boxes share edges, so a Header holds few distinct extent lines and fewer distinct numbers (240
    // among 20,000 in the PeleLMeX file): each line is split, and each number parsed, once. The arrays are only read.
    Map<String, double[]> extents = new HashMap<>();
    Map<String, Double> numbers = new HashMap<>();
    for (int l = 0; l < levels; l++) {
      String[] t = TextFile.tokens(c.next("the line '" + l + " nboxes time' of level " + l));
      if (t.length != 3) {
        throw c.error("expected '" + l + " <number of boxes> <time>', got '" + String.join(" ", t) + "'");
      }
      int said = f.parseInt(t[0], c.n, "level");
      if (said != l) {
        throw c.error("expected the boxes of level " + l + ", got level " + said);
      }
      int count = f.parseInt(t[1], c.n, "number of boxes of level " + l);
      if (count < 0) {
        throw c.error("number of boxes of level " + l + " = " + count + ": must be >= 0");
      }
      f.parseDouble(t[2], c.n, "time of level " + l);
      c.nextInt("the step of level " + l);
      List<HeaderBox> boxes = new ArrayList<>();
      for (int b = 0; b < count; b++) {
        int[] lo = new int[h.dim];
        int[] hi = new int[h.dim];
        int first = c.n + 1;
        for (int d = 0; d < h.dim; d++) {
          int level = l;
          int box = b;
          int axis = d;
          // Built only for a message: formatting it for each of thousands of lines would dominate the parse.
          Supplier<String> what = () -> "level-" + level + " box " + box + " extent along axis " + axis;
          String text = c.next(what);
          double[] x = extents.get(text);
          if (x == null) {
            x = extent(f, text, c.n, what, numbers);
            extents.put(text, x);
          }
          long shift = domains.get(l).lo(d);
          long from = shift + onLattice(c, what, " x_lo", x[0], (x[0] - probLo[d]) / dx[l][d], l);
          long to = shift + onLattice(c, what, " x_hi", x[1], (x[1] - probLo[d]) / dx[l][d], l) - 1;
          if (to < from) {
            throw c.error("level-" + l + " box " + b + " has x_hi = " + x[1] + " <= x_lo = " + x[0] + " along axis "
                + d + " (a box with lo > hi)");
          }
          if (from < Integer.MIN_VALUE || to > Integer.MAX_VALUE || to - from + 1 > Integer.MAX_VALUE) {
            throw c.error(what.get() + " [" + x[0] + ", " + x[1] + "] lies beyond the integer index range");
          }
          lo[d] = (int) from;
          hi[d] = (int) to;
        }
        boxes.add(new HeaderBox(Box.of(lo, hi), first));
      }
      String end = c.next("'Level_" + l + "/Cell'").strip();
      if (!isMultiFabPath(end)) {
        throw c.error("expected the MultiFab path of level " + l + " ('Level_" + l + "/Cell' or another relative"
            + " 'DIR/NAME') after the " + count + " boxes of level " + l + ", got '" + BoxText.excerpt(end, 0) + "'");
      }
      h.levels.add(boxes);
      h.paths.add(end);
    }
    skipVolumeFractionThresholds(c, levels);
    c.expectEnd();
    return h;
  }

  /**
   * The refinement ratios of levels 0 to {@code finest - 1} from the next line. AMReX's own writers ({@code
   * WriteGenericPlotfileHeader}, {@code AmrLevel::writePlotFile}) write exactly that many, one per level below the
   * finest written; a code that writes its own Header may write one per level it allows ({@code max_level}) while
   * the run has made fewer. The values past the finest level describe no level of the file, so they are dropped
   * with a note rather than rejected; they must still be integers, so that a line that is not a list of ratios stays
   * an error. Fewer values than levels leave a level without its ratio: an error.
   */
  private static int[] ratios(Cursor c, int finest, List<String> notes) throws HierarchyFormatException {
    String text = c.next("the refinement ratios");
    String[] t = TextFile.tokens(text);
    if (t.length < finest) {
      throw c.error("refinement ratios has " + t.length + " values, expected " + finest + " (one per level below"
          + " the finest level " + finest + "): '" + BoxText.excerpt(text.strip(), 0) + "'");
    }
    int[] ratios = new int[finest];
    for (int i = 0; i < t.length; i++) {
      int index = i;
      int v = c.f.parseInt(t[i], c.n, () -> "refinement ratios[" + index + "]");
      if (i < finest) {
        ratios[i] = v;
      }
    }
    if (t.length > finest) {
      // Excerpted: the values are the file's, and a note is meant to be read in one line.
      String extra = BoxText.excerpt(String.join(" ", Arrays.asList(t).subList(finest, t.length)), 0);
      notes.add("Header line " + c.n + ": refinement ratios list " + t.length + " values; the finest level " + finest
          + " needs " + finest + "; the extra ones (" + extra + ") are ignored");
    }
    return ratios;
  }

  /** A relative path such as {@code Level_3/Cell}: one token holding a '/' between two names, no '..'. */
  private static boolean isMultiFabPath(String text) {
    int slash = text.lastIndexOf('/');
    return slash > 0 && slash < text.length() - 1 && !text.startsWith("/") && !text.contains("..")
        && TextFile.tokens(text).length == 1;
  }

  /** Skips the EB volume-fraction thresholds after the last level: lines of one number each (see the class). */
  private static void skipVolumeFractionThresholds(Cursor c, int levels) throws HierarchyFormatException {
    while (c.n < c.f.lineCount()) {
      String line = c.f.line(c.n + 1);
      if (line.isBlank()) {
        return; // expectEnd reports anything after a blank line
      }
      String[] t = TextFile.tokens(line);
      if (t.length != 1) {
        throw c.f.error(c.n + 1, "unexpected content after the last level: '" + BoxText.excerpt(line.strip(), 0)
            + "' (an EB plotfile ends with one volume-fraction threshold per level, a single number per line)");
      }
      double v = c.f.parseDouble(t[0], c.n + 1, "the volume-fraction threshold after the last level (EB plotfile,"
          + " one per " + levels + " levels)");
      if (v < 0 || v > 1) {
        throw c.f.error(c.n + 1, "volume-fraction threshold = " + v + " after the last level: must be in [0, 1]");
      }
      c.n++;
    }
  }

  /** The two finite numbers {@code x_lo x_hi} of an extent line, each parsed once per Header. */
  private static double[] extent(TextFile f, String text, int line, Supplier<String> what,
      Map<String, Double> numbers) throws HierarchyFormatException {
    String[] t = TextFile.tokens(text);
    if (t.length != 2) {
      return f.doubles(text, line, what, 2); // reports the wrong count
    }
    double[] x = new double[2];
    for (int i = 0; i < 2; i++) {
      Double known = numbers.get(t[i]);
      if (known == null) {
        int index = i;
        known = f.parseDouble(t[i], line, () -> what.get() + "[" + index + "]");
        numbers.put(t[i], known);
      }
      x[i] = known;
    }
    return x;
  }

  private static Box refine(Cursor c, Box domain, int ratio) throws HierarchyFormatException {
    try {
      return domain.refine(ratio);
    } catch (ArithmeticException e) {
      throw c.error("the domain " + domain + " refined by " + ratio + " overflows the integer index range");
    }
  }

  /** The lattice index of an edge; {@code what + edge} names it in a message. */
  private static long onLattice(Cursor c, Supplier<String> what, String edge, double x, double cells, int level)
      throws HierarchyFormatException {
    if (!(Math.abs(cells) < 1e15)) {
      throw c.error(what.get() + edge + " = " + x + " is far outside the domain");
    }
    long index = Math.round(cells);
    if (Math.abs(cells - index) > LATTICE_TOLERANCE) {
      throw c.error(what.get() + edge + " = " + x + " is not on the level-" + level + " cell lattice (" + cells
          + " cells from prob_lo)");
    }
    return index;
  }

  private HierarchyFile build(Header h, Map<Integer, TextFile> cellHeaders) throws HierarchyFormatException {
    Layout layout = new Layout(h.file, h.domain, h.ratios);
    int id = 0;
    int[] none = new int[0];
    List<int[]> levelIds = new ArrayList<>();
    for (int l = 0; l < h.levels.size(); l++) {
      int[] own = new int[h.levels.get(l).size()];
      String label = "level-" + l + " box ";
      for (int b = 0; b < own.length; b++) {
        HeaderBox hb = h.levels.get(l).get(b);
        layout.add(id, l, hb.box(), -1, (long) h.nvars * Double.BYTES, none, hb.line(), label, b);
        own[b] = id;
        id++;
      }
      levelIds.add(own);
    }
    Map<Integer, Integer> ranks = new HashMap<>();
    for (Map.Entry<Integer, TextFile> e : cellHeaders.entrySet()) {
      int level = e.getKey();
      int[] owners = parseCellHeader(e.getValue(), h, level);
      for (int b = 0; b < owners.length; b++) {
        ranks.put(levelIds.get(level)[b], owners[b]);
      }
    }
    Hierarchy hierarchy = layout.build();
    return HierarchyFile.of(h.file.source(), HierarchyFormat.AMREX, hierarchy, ranks, h.notes);
  }

  /** Checks a level's Cell_H against the Header and returns the FabOnDisk file number of each box. */
  private static int[] parseCellHeader(TextFile f, Header h, int level) throws HierarchyFormatException {
    Cursor c = new Cursor(f);
    int version = c.nextInt("the VisMF header version");
    if (version < VISMF_PER_BOX_MIN_MAX || version > VISMF_PER_COMPONENT_MIN_MAX) {
      throw c.error("VisMF header version = " + version + ": must be 1, 2, 3 or 4 (the versions AMReX writes)");
    }
    c.nextInt("the VisMF 'how'");
    int ncomp = c.nextInt("the number of components");
    if (ncomp < 0 || ncomp > MAX_VARIABLES) {
      throw c.error("number of components = " + ncomp + ": must be in [0, " + MAX_VARIABLES + "]");
    }
    String ghost = c.next("the number of ghost cells").strip();
    if (!ghost.startsWith("(")) { // newer VisMF versions write an IntVect, whose values do not matter here
      f.parseInt(ghost, c.n, "number of ghost cells");
    }
    List<HeaderBox> expected = h.levels.get(level);
    Matcher start = BOX_ARRAY_START.matcher(c.next("the box array '(N 0'"));
    if (!start.matches()) {
      throw c.error("expected the box array start '(N 0', got '" + BoxText.excerpt(f.line(c.n).strip(), 0) + "'");
    }
    int count = f.parseInt(start.group(1), c.n, "box array size");
    if (count != expected.size()) {
      throw c.error("box array size = " + count + " but the Header has " + expected.size() + " boxes on level "
          + level);
    }
    for (int b = 0; b < count; b++) {
      int index = b;
      Box box = BoxText.parseOne(f, c.next(() -> "box " + index), c.n, "box " + b);
      HeaderBox want = expected.get(b);
      if (!box.equals(want.box())) {
        throw c.error("box " + b + " " + box + " differs from the Header's level-" + level + " box " + b + " "
            + want.box() + " (" + h.file.source() + " line " + want.line() + ")");
      }
    }
    if (!c.next("')' closing the box array").strip().equals(")")) {
      throw c.error("expected ')' closing the box array of " + count + " boxes, got '"
          + BoxText.excerpt(f.line(c.n).strip(), 0) + "'");
    }
    int fabs = c.nextInt("the number of FabOnDisk lines");
    if (fabs != count) {
      throw c.error("number of FabOnDisk lines = " + fabs + " but the box array has " + count);
    }
    int[] owners = new int[count];
    for (int b = 0; b < count; b++) {
      int index = b;
      Matcher m = FAB_ON_DISK.matcher(c.next(() -> "FabOnDisk line " + index));
      if (!m.matches()) {
        throw c.error("expected 'FabOnDisk: Cell_D_NNNNN offset' for box " + b + ", got '"
            + BoxText.excerpt(f.line(c.n).strip(), 0) + "'");
      }
      owners[b] = f.parseInt(m.group(2), c.n, () -> "file number of box " + index);
    }
    if (version == VISMF_PER_BOX_MIN_MAX || version == VISMF_NO_FAB_HEADER_PER_BOX_MIN_MAX) {
      perBoxMinMax(c, count, ncomp);
    } else if (version == VISMF_PER_COMPONENT_MIN_MAX) {
      for (String which : List.of("minima", "maxima")) {
        String line = c.nextNonBlank("the per-component " + which).strip();
        checkValues(c, line, ncomp, "the per-component " + which);
      }
    }
    if (version != VISMF_PER_BOX_MIN_MAX) {
      // Versions 2-4 end with the number format of the data files, which does not shape the hierarchy.
      String format = c.nextNonBlank("the number format '((8, (...)),(8, (...)))'").strip();
      if (!format.startsWith("(") || !format.endsWith(")")) {
        throw c.error("expected the number format '((8, (...)),(8, (...)))' of a version-" + version
            + " VisMF header, got '" + BoxText.excerpt(format, 0) + "'");
      }
    }
    c.expectEnd();
    return owners;
  }

  private static void perBoxMinMax(Cursor c, int count, int ncomp) throws HierarchyFormatException {
    TextFile f = c.f;
    for (String which : List.of("minima", "maxima")) {
      // VisMF writes a blank line before each of the two blocks.
      String[] shape = c.nextNonBlank("the '" + count + "," + ncomp + "' line of the " + which).split(",", -1);
      if (shape.length != 2 || f.parseInt(shape[0], c.n, which + " count") != count
          || f.parseInt(shape[1], c.n, which + " components") != ncomp) {
        throw c.error("expected '" + count + "," + ncomp + "' before the per-box " + which + ", got '"
            + BoxText.excerpt(f.line(c.n).strip(), 0) + "'");
      }
      for (int b = 0; b < count; b++) {
        int index = b;
        String line = c.next(() -> "the " + which + " of box " + index);
        checkValues(c, line.strip(), ncomp, "the " + which + " of box " + b);
      }
    }
  }

  /**
   * Checks that {@code stripped} holds {@code ncomp} comma-separated values, none empty. The values are counted,
   * not parsed: they summarise the data and do not shape the hierarchy.
   */
  private static void checkValues(Cursor c, String stripped, int ncomp, String what) throws HierarchyFormatException {
    int[] commas = commas(stripped);
    int values = commas.length - 1;
    if (values != ncomp) {
      throw c.error(what + " hold " + values + " values, expected " + ncomp);
    }
    for (int k = 0; k < ncomp; k++) {
      if (blank(stripped, commas[k] + 1, commas[k + 1])) {
        throw c.error(what + " leave component " + k + " empty");
      }
    }
  }

  /**
   * Where {@code text.split(",")} would cut {@code text}, without cutting it: value k lies strictly between
   * element k and k + 1 of the result. As with split, trailing empty values are dropped, and a text without a comma
   * is one value.
   */
  static int[] commas(String text) {
    int count = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == ',') {
        count++;
      }
    }
    int[] bounds = new int[count + 2];
    bounds[0] = -1;
    int k = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == ',') {
        bounds[k++] = i;
      }
    }
    bounds[k] = text.length();
    int values = count + 1;
    while (count > 0 && values > 0 && bounds[values] == bounds[values - 1] + 1) {
      values--;
    }
    return values == count + 1 ? bounds : Arrays.copyOf(bounds, values + 1);
  }

  private static boolean blank(String text, int from, int to) {
    for (int i = from; i < to; i++) {
      if (!Character.isWhitespace(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
