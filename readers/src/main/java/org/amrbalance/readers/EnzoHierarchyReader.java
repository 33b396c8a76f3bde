package org.amrbalance.readers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * Reads an Enzo {@code .hierarchy} file with its parameter file.
 *
 * <ul>
 *   <li>Levels and parents come from the pointer lines, in file order: grid 1 is the first level-0 grid;
 *       {@code Grid[i]->NextGridNextLevel = j} makes j the first child of i, {@code Grid[i]->NextGridThisLevel = j}
 *       makes j the next sibling of i (same level, same parent). Each grid declares its one parent.
 *   <li>The integer box of a grid at level L: {@code dx = (DomainRightEdge - DomainLeftEdge) / (TopGridDimensions
 *       x RefineBy^L)}, {@code lo = round((GridLeftEdge - DomainLeftEdge) / dx)}, {@code hi = lo + GridEndIndex -
 *       GridStartIndex}; the left and right edges must lie on that lattice and agree with the active size.
 *   <li>Work: from the active cells and {@code NumberOfParticles} as {@link EnzoReaderOptions} say (cells by
 *       default); payload: {@code NumberOfBaryonFields} doubles per cell.
 *   <li>Checks: every grid coarsened by RefineBy lies inside its parent; the particle counts add up to the trailer
 *       lines {@code NumberOfStarParticles + NumberOfOtherParticles}.
 *   <li>Recorded ranks: each grid's {@code Task}.
 * </ul>
 *
 * <p>The parameter file is found next to the hierarchy file: {@code NAME.parameters}, or {@code NAME} (Enzo's own
 * naming) for {@code NAME.hierarchy}. Without one, the hierarchy alone gives the parameters when it can: the rank is
 * the grids' {@code GridRank}, the domain the bounding box of the level-0 grids (which must tile it, as Enzo's top
 * grid does), its size in cells follows from their cell width, and {@code RefineBy} is the ratio of the cell widths
 * of levels 0 and 1 (2, unused, with one level). Anything that does not fit is an error naming the grid.
 */
@Immutable
final class EnzoHierarchyReader implements HierarchyReader {
  private static final Pattern POINTER =
      Pattern.compile("Pointer:\\s*Grid\\[(\\d{1,9})\\]->NextGrid(ThisLevel|NextLevel)");
  /** Largest distance (in cells) of an edge from the level's cell lattice still read as on it. */
  private static final double LATTICE_TOLERANCE = 1e-3;
  private static final String STARS = "NumberOfStarParticles";
  private static final String OTHERS = "NumberOfOtherParticles";

  private final EnzoReaderOptions options;

  /** A reader whose work is the cell count. */
  public EnzoHierarchyReader() {
    this(EnzoReaderOptions.defaults());
  }

  public EnzoHierarchyReader(EnzoReaderOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("options = null: must not be null");
    }
    this.options = options;
  }

  public EnzoReaderOptions options() {
    return options;
  }

  @Override
  public HierarchyFormat format() {
    return HierarchyFormat.ENZO;
  }

  /** Reads {@code hierarchy} with the parameter file found next to it, or alone if there is none. */
  @Override
  public HierarchyFile read(Path hierarchy) throws IOException {
    List<Path> candidates = parameterCandidates(hierarchy);
    for (Path p : candidates) {
      if (Files.isRegularFile(p)) {
        return read(hierarchy, p);
      }
    }
    return parse(TextFile.read(hierarchy), null, "no parameter file (none of " + candidates + " exists)");
  }

  /** Reads a hierarchy held in memory without its parameter file; see the class comment. */
  public HierarchyFile read(HierarchyText hierarchy) throws HierarchyFormatException {
    return parse(TextFile.of(hierarchy), null, "no parameter file was given");
  }

  /** Reads {@code hierarchy} with the given parameter file. */
  public HierarchyFile read(Path hierarchy, Path parameters) throws IOException {
    if (!Files.isRegularFile(parameters)) {
      throw new HierarchyFormatException(hierarchy.toString(), HierarchyFormatException.WHOLE_FILE,
          "missing parameter file: " + parameters + " does not exist");
    }
    Parameters params = Parameters.read(TextFile.read(parameters));
    return parse(TextFile.read(hierarchy), params, "");
  }

  /** Reads a hierarchy and its parameter file held in memory; messages name them by their names. */
  public HierarchyFile read(HierarchyText hierarchy, HierarchyText parameters) throws HierarchyFormatException {
    Parameters params = Parameters.read(TextFile.of(parameters));
    return parse(TextFile.of(hierarchy), params, "");
  }

  /** Where the parameter file of {@code hierarchy} may be, in the order they are tried. */
  static List<Path> parameterCandidates(Path hierarchy) {
    Path name = hierarchy.getFileName();
    String file = name == null ? hierarchy.toString() : name.toString();
    List<Path> candidates = new ArrayList<>();
    if (file.endsWith(".hierarchy") && file.length() > ".hierarchy".length()) {
      String base = file.substring(0, file.length() - ".hierarchy".length());
      candidates.add(hierarchy.resolveSibling(base + ".parameters"));
      candidates.add(hierarchy.resolveSibling(base));
    } else {
      candidates.add(hierarchy.resolveSibling(file + ".parameters"));
    }
    return candidates;
  }

  /** The few parameters the hierarchy needs. */
  private record Parameters(int rank, int[] topGrid, int refineBy, double[] left, double[] right) {
    private static final List<String> NAMES =
        List.of("TopGridRank", "TopGridDimensions", "RefineBy", "DomainLeftEdge", "DomainRightEdge");

    static Parameters read(TextFile f) throws HierarchyFormatException {
      Map<String, Integer> lines = new HashMap<>();
      Map<String, String> values = new HashMap<>();
      for (int n = 1; n <= f.lineCount(); n++) {
        String text = stripComment(f.line(n));
        int eq = text.indexOf('=');
        if (eq < 0) {
          continue; // the parameter file holds many other lines; only key = value lines matter here
        }
        String key = text.substring(0, eq).strip();
        if (NAMES.contains(key)) {
          Integer first = lines.putIfAbsent(key, n);
          if (first != null) {
            throw f.error(n, "second " + key + " line (first at line " + first + ")");
          }
          values.put(key, text.substring(eq + 1));
        }
      }
      int rank = f.parseInt(require(f, values, "TopGridRank"), lines.get("TopGridRank"), "TopGridRank");
      if (rank < 1 || rank > Box.MAX_DIM) {
        throw f.error(lines.get("TopGridRank"), "TopGridRank = " + rank + ": must be 1, 2 or 3");
      }
      int[] top = f.ints(require(f, values, "TopGridDimensions"), lines.get("TopGridDimensions"),
          "TopGridDimensions", rank);
      for (int d = 0; d < rank; d++) {
        if (top[d] < 1) {
          throw f.error(lines.get("TopGridDimensions"), "TopGridDimensions[" + d + "] = " + top[d] + ": must be >= 1");
        }
      }
      int refineBy = f.parseInt(require(f, values, "RefineBy"), lines.get("RefineBy"), "RefineBy");
      if (refineBy < 2) {
        throw f.error(lines.get("RefineBy"), "RefineBy = " + refineBy + ": must be >= 2");
      }
      double[] left = f.doubles(require(f, values, "DomainLeftEdge"), lines.get("DomainLeftEdge"),
          "DomainLeftEdge", rank);
      double[] right = f.doubles(require(f, values, "DomainRightEdge"), lines.get("DomainRightEdge"),
          "DomainRightEdge", rank);
      for (int d = 0; d < rank; d++) {
        if (!(right[d] > left[d])) {
          throw f.error(lines.get("DomainRightEdge"), "DomainRightEdge[" + d + "] = " + right[d]
              + " is not above DomainLeftEdge[" + d + "] = " + left[d]);
        }
      }
      return new Parameters(rank, top, refineBy, left, right);
    }

    private static String require(TextFile f, Map<String, String> values, String key)
        throws HierarchyFormatException {
      String v = values.get(key);
      if (v == null) {
        throw f.error(HierarchyFormatException.WHOLE_FILE, "no " + key + " line");
      }
      return v;
    }

    private static String stripComment(String line) {
      int c = line.indexOf("//");
      return c < 0 ? line : line.substring(0, c);
    }
  }

  /** The lines of one grid's block. */
  private static final class Block {
    final int id;
    final int line;
    final Map<String, String> values = new LinkedHashMap<>();
    final Map<String, Integer> lines = new HashMap<>();

    Block(int id, int line) {
      this.id = id;
      this.line = line;
    }
  }

  /** Where a pointer placed a grid: its level, its parent (0 for a level-0 grid), the line that said so. */
  private record Place(int level, int parent, int line) {}

  private static final List<String> GRID_KEYS = List.of("Task", "GridRank", "GridDimension", "GridStartIndex",
      "GridEndIndex", "GridLeftEdge", "GridRightEdge", "NumberOfParticles", "NumberOfBaryonFields");

  /** The keys a hierarchy file's lines are read for; any other key is skipped. */
  private static final List<String> KEYS;

  static {
    List<String> keys = new ArrayList<>(GRID_KEYS);
    keys.addAll(List.of("Grid", STARS, OTHERS));
    KEYS = List.copyOf(keys);
  }

  /** The constant of {@link #KEYS} equal to {@code text[from, to)}, or null. */
  private static String knownKey(String text, int from, int to) {
    for (String k : KEYS) {
      if (k.length() == to - from && text.startsWith(k, from)) {
        return k;
      }
    }
    return null;
  }

  private static int skipSpace(String text, int from, int to) {
    int i = from;
    while (i < to && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  private static int trimSpace(String text, int from, int to) {
    int i = to;
    while (i > from && Character.isWhitespace(text.charAt(i - 1))) {
      i--;
    }
    return i;
  }

  /** {@code text.substring(from, to).strip()} with one copy instead of two. */
  private static String stripped(String text, int from, int to) {
    int start = from;
    int end = to;
    while (start < end && Character.isWhitespace(text.charAt(start))) {
      start++;
    }
    while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  /**
   * Parses the hierarchy with {@code given} parameters, or with those the hierarchy implies when {@code given} is
   * null ({@code why} then says, in a message, why there were none).
   */
  private HierarchyFile parse(TextFile f, Parameters given, String why) throws HierarchyFormatException {
    Map<Integer, Block> blocks = new LinkedHashMap<>();
    Map<Integer, Place> places = new HashMap<>();
    Map<String, Integer> pointerLines = new HashMap<>();
    places.put(1, new Place(0, 0, 0)); // grid 1 is the first level-0 grid
    Block current = null;
    Map<String, Long> trailer = new HashMap<>();
    Map<String, Integer> trailerLines = new HashMap<>();
    for (int n = 1; n <= f.lineCount(); n++) {
      String text = f.line(n);
      int eq = text.indexOf('=');
      if (eq < 0) {
        if (text.isBlank()) {
          continue;
        }
        throw f.error(n, "expected 'key = value': '" + text.strip() + "'");
      }
      int keyStart = skipSpace(text, 0, eq);
      int keyEnd = trimSpace(text, keyStart, eq);
      // The keys that matter are recognised in place and named by their constants; most lines of a block (Time,
      // FieldType, file names, PPM settings, ...) do not matter and are skipped without cutting out key or value.
      String key = knownKey(text, keyStart, keyEnd);
      boolean pointer = key == null && text.startsWith("Pointer", keyStart) && keyEnd - keyStart >= "Pointer".length();
      if (key == null && (pointer || current == null || !trailerLines.isEmpty())) {
        key = text.substring(keyStart, keyEnd); // for the pointer or the message
      }
      String value = key == null ? "" : stripped(text, eq + 1, text.length());
      if (key == null) {
        continue;
      }
      if (key.equals(STARS) || key.equals(OTHERS)) {
        Integer first = trailerLines.putIfAbsent(key, n);
        if (first != null) {
          throw f.error(n, "second " + key + " line (first at line " + first + ")");
        }
        long count = f.parseLong(value, n, key);
        if (count < 0) {
          throw f.error(n, key + " = " + count + ": must be >= 0");
        }
        trailer.put(key, count);
        continue;
      }
      if (!trailerLines.isEmpty()) {
        throw f.error(n, "'" + key + "' after the trailer line " + trailerLines.values().iterator().next()
            + " (the particle totals must come last)");
      }
      if (key.equals("Grid")) {
        int id = f.parseInt(value, n, "Grid");
        if (id < 1) {
          throw f.error(n, "Grid = " + id + ": grid numbers start at 1");
        }
        Block previous = blocks.get(id);
        if (previous != null) {
          throw f.error(n, "second block of grid " + id + " (first at line " + previous.line + ")");
        }
        current = new Block(id, n);
        blocks.put(id, current);
      } else if (pointer) {
        pointer(f, n, key, value, places, pointerLines);
      } else if (current == null) {
        throw f.error(n, "'" + key + "' before the first 'Grid = ' line");
      } else if (GRID_KEYS.contains(key)) {
        Integer first = current.lines.putIfAbsent(key, n);
        if (first != null) {
          throw f.error(n, "second " + key + " line in the block of grid " + current.id + " (first at line "
              + first + ")");
        }
        current.values.put(key, value);
      }
      // Other per-grid lines (Time, FieldType, file names, PPM settings, ...) do not shape the hierarchy.
    }
    int last = Math.max(1, f.lineCount());
    for (String key : List.of(STARS, OTHERS)) {
      if (!trailer.containsKey(key)) {
        throw f.error(last, "the file ends without its trailer line '" + key + " = N' (truncated?)");
      }
    }
    if (blocks.isEmpty()) {
      throw f.error(last, "the file holds no 'Grid = ' block");
    }
    for (Map.Entry<Integer, Place> e : places.entrySet()) {
      if (!blocks.containsKey(e.getKey())) {
        throw f.error(e.getValue().line() == 0 ? last : e.getValue().line(), "grid " + e.getKey()
            + (e.getValue().line() == 0 ? " (the first level-0 grid)" : " named by this pointer")
            + " has no 'Grid = " + e.getKey() + "' block");
      }
    }
    int finest = 0;
    for (Block b : blocks.values()) {
      Place place = places.get(b.id);
      if (place == null) {
        throw f.error(b.line, "grid " + b.id + " is not reached by any pointer line, so its level is unknown");
      }
      finest = Math.max(finest, place.level());
    }

    Parameters params = given != null ? given : inferred(f, blocks, places, why);
    int[] ratios = new int[finest];
    Arrays.fill(ratios, params.refineBy());
    Layout layout = new Layout(f, Box.ofSize(params.topGrid()), ratios);
    Map<Integer, Integer> tasks = new HashMap<>();
    long particles = 0;
    for (Block b : blocks.values()) {
      Place place = places.get(b.id);
      int task = intField(f, b, "Task");
      if (task < 0) {
        throw f.error(b.lines.get("Task"), "Task = " + task + ": an MPI rank is >= 0");
      }
      long count = longField(f, b, "NumberOfParticles");
      if (count < 0) {
        throw f.error(b.lines.get("NumberOfParticles"), "NumberOfParticles = " + count + ": must be >= 0");
      }
      particles = saturatedAdd(particles, count);
      Box box = box(f, b, place.level(), params);
      long bytesPerCell = Patch.DEFAULT_BYTES_PER_CELL;
      if (b.values.containsKey("NumberOfBaryonFields")) {
        int fields = intField(f, b, "NumberOfBaryonFields");
        if (fields < 0 || fields > 10_000) {
          throw f.error(b.lines.get("NumberOfBaryonFields"), "NumberOfBaryonFields = " + fields
              + ": must be in [0, 10000]");
        }
        bytesPerCell = (long) fields * Double.BYTES;
      }
      double work = options.work(Layout.cells(f, box, b.line, "grid ", b.id), count);
      int[] parents = place.level() == 0 ? new int[0] : new int[] {place.parent()};
      layout.add(b.id, place.level(), box, work, bytesPerCell, parents, b.line, "grid ", b.id);
      tasks.put(b.id, task);
    }
    long expected = saturatedAdd(trailer.get(STARS), trailer.get(OTHERS));
    if (particles != expected) {
      throw f.error(trailerLines.get(OTHERS), "the grids hold " + particles + " particles in all but the trailer says "
          + trailer.get(STARS) + " + " + trailer.get(OTHERS) + " = " + expected);
    }
    Hierarchy h = layout.build();
    return HierarchyFile.of(f.source(), HierarchyFormat.ENZO, h, tasks);
  }

  /** The parameters the grids imply (see the class comment); {@code why} says why there is no parameter file. */
  private static Parameters inferred(TextFile f, Map<Integer, Block> blocks, Map<Integer, Place> places, String why)
      throws HierarchyFormatException {
    Block first = blocks.get(1);
    int rank = intField(f, first, "GridRank");
    if (rank < 1 || rank > Box.MAX_DIM) {
      throw f.error(first.lines.get("GridRank"), "GridRank = " + rank + ": must be 1, 2 or 3");
    }
    double[] left = new double[rank];
    double[] right = new double[rank];
    Arrays.fill(left, Double.POSITIVE_INFINITY);
    Arrays.fill(right, Double.NEGATIVE_INFINITY);
    double[] dx0 = null;
    double[] dx1 = null;
    Block firstFine = null;
    double rootCells = 0;
    for (Block b : blocks.values()) {
      int level = places.get(b.id).level();
      if (level > 1) {
        continue;
      }
      double[] dx = cellWidth(f, b, rank);
      if (level == 1) {
        if (dx1 == null) {
          dx1 = dx;
          firstFine = b;
        }
        continue;
      }
      if (dx0 == null) {
        dx0 = dx;
      } else if (!close(dx, dx0)) {
        throw f.error(b.line, why + ", and the cell width of level-0 grid " + b.id + " " + Arrays.toString(dx)
            + " differs from grid 1's " + Arrays.toString(dx0) + ": give the parameter file");
      }
      double[] l = doubles(f, b, "GridLeftEdge", rank);
      double[] r = doubles(f, b, "GridRightEdge", rank);
      double cells = 1;
      for (int d = 0; d < rank; d++) {
        left[d] = Math.min(left[d], l[d]);
        right[d] = Math.max(right[d], r[d]);
        cells *= Math.round((r[d] - l[d]) / dx[d]);
      }
      rootCells += cells;
    }
    int[] top = new int[rank];
    double domainCells = 1;
    for (int d = 0; d < rank; d++) {
      double n = (right[d] - left[d]) / dx0[d];
      if (!(n >= 0.5 && n < Integer.MAX_VALUE) || Math.abs(n - Math.round(n)) > LATTICE_TOLERANCE) {
        throw f.error(first.line, why + ", and the level-0 grids span " + n + " cells along axis " + d
            + ", not a whole number: give the parameter file");
      }
      top[d] = (int) Math.round(n);
      domainCells *= top[d];
    }
    if (rootCells != domainCells) {
      throw f.error(first.line, why + ", and the level-0 grids (" + (long) rootCells + " cells) do not tile their"
          + " bounding box (" + (long) domainCells + " cells), so the domain is unknown: give the parameter file");
    }
    int refineBy = 2;
    if (dx1 != null) {
      double ratio = dx0[0] / dx1[0];
      refineBy = (int) Math.round(ratio);
      if (refineBy < 2 || Math.abs(ratio - refineBy) > LATTICE_TOLERANCE) {
        throw f.error(firstFine.line, why + ", and level-1 grid " + firstFine.id + " has cells " + ratio
            + " times finer than level 0, not a whole ratio >= 2: give the parameter file");
      }
    }
    return new Parameters(rank, top, refineBy, left, right);
  }

  /** The width of a grid's cells along each axis: its edges over its active size. */
  private static double[] cellWidth(TextFile f, Block b, int rank) throws HierarchyFormatException {
    int[] start = ints(f, b, "GridStartIndex", rank);
    int[] end = ints(f, b, "GridEndIndex", rank);
    double[] l = doubles(f, b, "GridLeftEdge", rank);
    double[] r = doubles(f, b, "GridRightEdge", rank);
    double[] dx = new double[rank];
    for (int d = 0; d < rank; d++) {
      long cells = (long) end[d] - start[d] + 1;
      if (cells < 1 || !(r[d] > l[d])) {
        throw f.error(b.line, "grid " + b.id + " has no cells along axis " + d + " (GridEndIndex, GridStartIndex,"
            + " GridLeftEdge and GridRightEdge give " + cells + " cells over [" + l[d] + ", " + r[d] + "])");
      }
      dx[d] = (r[d] - l[d]) / cells;
    }
    return dx;
  }

  private static boolean close(double[] a, double[] b) {
    for (int d = 0; d < a.length; d++) {
      if (Math.abs(a[d] - b[d]) > 1e-9 * Math.max(Math.abs(a[d]), Math.abs(b[d]))) {
        return false;
      }
    }
    return true;
  }

  /** Places the grid a pointer line names, in file order. */
  private static void pointer(TextFile f, int n, String key, String value, Map<Integer, Place> places,
      Map<String, Integer> pointerLines) throws HierarchyFormatException {
    Matcher m = POINTER.matcher(key);
    if (!m.matches()) {
      throw f.error(n, "expected 'Pointer: Grid[i]->NextGridThisLevel' or '...->NextGridNextLevel', got '" + key + "'");
    }
    int i = Integer.parseInt(m.group(1));
    boolean child = m.group(2).equals("NextLevel");
    String canonical = "Grid[" + i + "]->NextGrid" + m.group(2);
    Integer first = pointerLines.putIfAbsent(canonical, n);
    if (first != null) {
      throw f.error(n, "second " + canonical + " pointer (first at line " + first + ")");
    }
    int j = f.parseInt(value, n, canonical);
    if (j < 0) {
      throw f.error(n, canonical + " = " + j + ": grid numbers are >= 1, or 0 for none");
    }
    Place from = places.get(i);
    if (from == null) {
      throw f.error(n, "pointer of grid " + i + ", whose level is not known yet: no earlier pointer reaches it");
    }
    if (j == 0) {
      return;
    }
    Place already = places.get(j);
    if (already != null) {
      throw f.error(n, canonical + " = " + j + ": grid " + j + " is already placed "
          + (already.line() == 0 ? "as the first level-0 grid" : "by line " + already.line()));
    }
    places.put(j, child ? new Place(from.level() + 1, i, n) : new Place(from.level(), from.parent(), n));
  }

  /** The grid's integer box at its level, from its left edge and active size; see the class comment. */
  private static Box box(TextFile f, Block b, int level, Parameters params) throws HierarchyFormatException {
    int rank = intField(f, b, "GridRank");
    if (rank != params.rank()) {
      throw f.error(b.lines.get("GridRank"), "GridRank = " + rank + " differs from TopGridRank = " + params.rank());
    }
    int[] dims = ints(f, b, "GridDimension", rank);
    int[] start = ints(f, b, "GridStartIndex", rank);
    int[] end = ints(f, b, "GridEndIndex", rank);
    double[] left = doubles(f, b, "GridLeftEdge", rank);
    double[] right = doubles(f, b, "GridRightEdge", rank);
    int[] lo = new int[rank];
    int[] hi = new int[rank];
    for (int d = 0; d < rank; d++) {
      if (start[d] < 0 || start[d] >= dims[d]) {
        throw f.error(b.lines.get("GridStartIndex"), "GridStartIndex[" + d + "] = " + start[d]
            + " is outside the grid's GridDimension [0, " + dims[d] + ")");
      }
      if (end[d] < start[d]) {
        throw f.error(b.lines.get("GridEndIndex"), "GridEndIndex[" + d + "] = " + end[d]
            + " is below GridStartIndex[" + d + "] = " + start[d] + " (a box with lo > hi)");
      }
      if (end[d] >= dims[d]) {
        throw f.error(b.lines.get("GridEndIndex"), "GridEndIndex[" + d + "] = " + end[d]
            + " is outside the grid's GridDimension [0, " + dims[d] + ")");
      }
      double cells = params.topGrid()[d] * Math.pow(params.refineBy(), level);
      double dx = (params.right()[d] - params.left()[d]) / cells;
      long first = onLattice(f, b.lines.get("GridLeftEdge"), "GridLeftEdge[" + d + "]", left[d],
          (left[d] - params.left()[d]) / dx, level, dx);
      long width = (long) end[d] - start[d] + 1;
      long after = onLattice(f, b.lines.get("GridRightEdge"), "GridRightEdge[" + d + "]", right[d],
          (right[d] - params.left()[d]) / dx, level, dx);
      if (after != first + width) {
        throw f.error(b.lines.get("GridRightEdge"), "GridRightEdge[" + d + "] = " + right[d] + " is cell " + after
            + " of level " + level + " but GridLeftEdge and the " + width + " active cells end at cell "
            + (first + width));
      }
      if (first < Integer.MIN_VALUE || first + width - 1 > Integer.MAX_VALUE) {
        throw f.error(b.lines.get("GridLeftEdge"), "GridLeftEdge[" + d + "] = " + left[d]
            + " puts the grid beyond the integer index range");
      }
      lo[d] = (int) first;
      hi[d] = (int) (first + width - 1);
    }
    return Box.of(lo, hi);
  }

  /** The lattice index of an edge at {@code cells} (in cells from the domain's left edge), which must be whole. */
  private static long onLattice(TextFile f, int line, String what, double edge, double cells, int level, double dx)
      throws HierarchyFormatException {
    if (!(Math.abs(cells) < 1e15)) {
      throw f.error(line, what + " = " + edge + " is far outside the domain");
    }
    long index = Math.round(cells);
    if (Math.abs(cells - index) > LATTICE_TOLERANCE) {
      throw f.error(line, what + " = " + edge + " is not on the level-" + level + " cell lattice (dx = " + dx
          + ", " + cells + " cells from the domain's left edge)");
    }
    return index;
  }

  private static long saturatedAdd(long a, long b) {
    long s = a + b;
    return ((a ^ s) & (b ^ s)) < 0 ? Long.MAX_VALUE : s;
  }

  private static String value(TextFile f, Block b, String key) throws HierarchyFormatException {
    String v = b.values.get(key);
    if (v == null) {
      throw f.error(b.line, "grid " + b.id + " has no " + key + " line");
    }
    return v;
  }

  private static int intField(TextFile f, Block b, String key) throws HierarchyFormatException {
    return f.parseInt(value(f, b, key), b.lines.get(key), key);
  }

  private static long longField(TextFile f, Block b, String key) throws HierarchyFormatException {
    return f.parseLong(value(f, b, key), b.lines.get(key), key);
  }

  private static int[] ints(TextFile f, Block b, String key, int count) throws HierarchyFormatException {
    return f.ints(value(f, b, key), b.lines.get(key), key, count);
  }

  private static double[] doubles(TextFile f, Block b, String key, int count) throws HierarchyFormatException {
    return f.doubles(value(f, b, key), b.lines.get(key), key, count);
  }
}
