package org.amrbalance.readers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * Collects the grids a reader found, each with the line it came from, and checks them the way {@link
 * Hierarchy#of} will (inside the domain, no overlap on a level, properly nested) so that a bad grid is reported
 * with its file and line rather than as a bare argument error.
 */
final class Layout {
  /** Largest cell count accepted for one grid: far beyond real grids, small enough that sums cannot overflow. */
  static final long MAX_CELLS = 1L << 40;

  /**
   * Smallest and largest cell index accepted along any axis: far beyond real grids, and far enough inside the int
   * range that no index arithmetic (the last step of a loop over a box, a shift) wraps around.
   */
  static final int MIN_INDEX = -(1 << 30);
  static final int MAX_INDEX = (1 << 30) - 1;
  /** Extra bucket entries a level may ask of the hierarchy's box index beyond {@link #BUCKETS_PER_GRID} per grid. */
  static final long SPARE_BUCKETS = 1 << 16;
  static final long BUCKETS_PER_GRID = 64;

  /** A grid; its label is {@code labelPrefix + labelNumber}, built only for a message. */
  private record Entry(int id, int level, Box box, double work, long bytesPerCell, int[] parents, int line,
      String labelPrefix, int labelNumber) {
    String label() {
      return labelPrefix + labelNumber;
    }
  }

  private final TextFile file;
  private final Box domain;
  private final int[] ratios;
  private final List<Entry> entries = new ArrayList<>();
  private final Map<Integer, Entry> byId = new HashMap<>();

  /**
   * @param file the file the grids came from, for error messages
   * @param domain the level-0 index domain
   * @param ratios the refinement ratio from each level to the next; at least finest-level many
   */
  Layout(TextFile file, Box domain, int[] ratios) {
    this.file = file;
    this.domain = domain;
    this.ratios = ratios.clone();
  }

  /**
   * Adds a grid.
   *
   * @param work the grid's work, or a negative number for its cell count
   * @param bytesPerCell the payload per cell
   * @param parents declared parent ids (checked for coverage), or empty to find parents from the geometry
   * @param line the line the grid was read from
   * @param labelPrefix with {@code labelNumber}, how messages name the grid, e.g. "grid " and 12 or "level-1 box "
   *     and 5 (joined only for a message: a file holds thousands of grids)
   */
  void add(int id, int level, Box box, double work, long bytesPerCell, int[] parents, int line, String labelPrefix,
      int labelNumber) throws HierarchyFormatException {
    Entry previous = byId.get(id);
    if (previous != null) {
      throw file.error(line, labelPrefix + labelNumber + ": id " + id + " already used at line " + previous.line());
    }
    cells(file, box, line, labelPrefix, labelNumber);
    if (box.dim() != domain.dim()) {
      throw file.error(line, labelPrefix + labelNumber + " " + box + " has dimension " + box.dim() + " but the domain "
          + domain + " has " + domain.dim());
    }
    Entry e = new Entry(id, level, box, work, bytesPerCell, parents.clone(), line, labelPrefix, labelNumber);
    entries.add(e);
    byId.put(id, e);
  }

  /**
   * The cell count of a box read from {@code file}, which must not exceed {@link #MAX_CELLS}, with every index in
   * [{@link #MIN_INDEX}, {@link #MAX_INDEX}]; checked before anything multiplies the sides exactly, which would
   * overflow for a corrupt box.
   */
  static long cells(TextFile file, Box box, int line, String labelPrefix, int labelNumber)
      throws HierarchyFormatException {
    double cells = 1;
    for (int d = 0; d < box.dim(); d++) {
      cells *= box.length(d);
    }
    if (cells > MAX_CELLS) {
      throw file.error(line, labelPrefix + labelNumber + " " + box + " has " + (long) cells + " cells, more than the "
          + MAX_CELLS + " a reader accepts for one grid");
    }
    for (int d = 0; d < box.dim(); d++) {
      if (box.lo(d) < MIN_INDEX || box.hi(d) > MAX_INDEX) {
        throw file.error(line, labelPrefix + labelNumber + " " + box + " reaches beyond the cell indices ["
            + MIN_INDEX + ", " + MAX_INDEX + "] a reader accepts along axis " + d);
      }
    }
    return box.volume();
  }

  /** Checks everything and builds the hierarchy. */
  Hierarchy build() throws HierarchyFormatException {
    if (entries.isEmpty()) {
      throw file.error(HierarchyFormatException.WHOLE_FILE, "the file holds no grid");
    }
    List<List<Entry>> levels = new ArrayList<>();
    for (Entry e : entries) {
      if (e.level() > ratios.length) {
        throw file.error(e.line(), e.label() + " is on level " + e.level() + " but the file declares "
            + ratios.length + " refinement ratios (levels 0 to " + ratios.length + ")");
      }
      while (levels.size() <= e.level()) {
        levels.add(new ArrayList<>());
      }
      levels.get(e.level()).add(e);
    }
    Box levelDomain = domain;
    List<BoxSweep> sweeps = new ArrayList<>();
    for (int l = 0; l < levels.size(); l++) {
      List<Entry> level = levels.get(l);
      if (level.isEmpty()) {
        Entry deeper = levels.get(levels.size() - 1).get(0);
        throw file.error(deeper.line(), deeper.label() + " is on level " + deeper.level() + " but level " + l
            + " has no grid (levels must be contiguous)");
      }
      if (l > 0) {
        try {
          levelDomain = levelDomain.refine(ratios[l - 1]);
        } catch (ArithmeticException e) {
          throw file.error(level.get(0).line(), "level " + l + " is too deep: its index domain overflows int");
        }
      }
      List<Box> boxes = new ArrayList<>(level.size());
      for (Entry e : level) {
        // Deeper levels are inside their domain once nested, so only level 0 is checked directly; this also
        // lets a wrong refinement ratio show up as the nesting error it is.
        if (l == 0 && !levelDomain.contains(e.box())) {
          throw file.error(e.line(), e.label() + " " + e.box() + " lies outside the level-0 domain " + levelDomain);
        }
        boxes.add(e.box());
      }
      BoxSweep sweep = new BoxSweep(boxes);
      for (int i = 0; i < boxes.size(); i++) {
        for (int j : sweep.intersecting(boxes.get(i))) {
          if (j < i) {
            Entry a = level.get(i);
            Entry b = level.get(j);
            throw file.error(a.line(), a.label() + " " + a.box() + " overlaps " + b.label() + " " + b.box()
                + " (line " + b.line() + ") on level " + l);
          }
        }
      }
      checkSpread(level, boxes, l);
      sweeps.add(sweep);
      if (l > 0) {
        checkNesting(level, levels.get(l - 1), sweeps.get(l - 1), ratios[l - 1]);
      }
    }
    List<Patch> patches = new ArrayList<>(entries.size());
    for (Entry e : entries) {
      try {
        Patch p = Patch.of(e.id(), e.level(), e.box(), e.work() < 0 ? e.box().volume() : e.work())
            .withPayloadBytes(Math.multiplyExact(e.box().volume(), e.bytesPerCell()));
        patches.add(e.parents().length > 0 ? p.withParents(e.parents()) : p);
      } catch (IllegalArgumentException | ArithmeticException x) {
        throw file.error(e.line(), e.label() + ": " + x.getMessage());
      }
    }
    try {
      return Hierarchy.of(domain, ratios, patches);
    } catch (IllegalArgumentException e) {
      // Not expected after the checks above; kept so that a reader never leaks a bare argument error.
      throw file.error(HierarchyFormatException.WHOLE_FILE, "inconsistent hierarchy: " + e.getMessage());
    }
  }

  /**
   * Fails if the level's grids would make {@link Hierarchy#of} enter too many bucket entries into its box index.
   * That index buckets a level by its median grid size and enters each grid into every bucket it touches, without
   * a cap: one huge grid among small ones (a corrupt size) would exhaust the memory. The limit is far above what
   * grids of similar sizes, as AMR codes make them, need (about 2^dim entries per grid).
   */
  private void checkSpread(List<Entry> level, List<Box> boxes, int l) throws HierarchyFormatException {
    int dim = boxes.get(0).dim();
    int[] median = new int[dim];
    for (int d = 0; d < dim; d++) {
      int[] lengths = new int[boxes.size()];
      for (int i = 0; i < lengths.length; i++) {
        lengths[i] = boxes.get(i).length(d);
      }
      Arrays.sort(lengths);
      median[d] = Math.max(1, lengths[lengths.length / 2]);
    }
    long limit = BUCKETS_PER_GRID * boxes.size() + SPARE_BUCKETS;
    long total = 0;
    int widest = 0;
    long widestCount = 0;
    for (int i = 0; i < boxes.size(); i++) {
      Box b = boxes.get(i);
      long count = 1;
      for (int d = 0; d < dim; d++) {
        // Each factor is at most twice the side, and add() bounds the cells by 2^40: no overflow.
        count *= (long) Math.floorDiv(b.hi(d), median[d]) - Math.floorDiv(b.lo(d), median[d]) + 1;
      }
      if (count > widestCount) {
        widest = i;
        widestCount = count;
      }
      total += count;
    }
    if (total > limit) {
      Entry e = level.get(widest);
      throw file.error(e.line(), e.label() + " " + e.box() + " is too large beside the other grids of level " + l
          + ": it spans " + widestCount + " blocks of the level's median grid size " + Arrays.toString(median)
          + ", and the level's " + boxes.size() + " grids span " + total + ", more than the " + limit
          + " a reader accepts (" + BUCKETS_PER_GRID + " per grid + " + SPARE_BUCKETS + ")");
    }
  }

  private void checkNesting(List<Entry> fine, List<Entry> coarse, BoxSweep coarseSweep, int ratio)
      throws HierarchyFormatException {
    for (Entry e : fine) {
      Box shadow = e.box().coarsen(ratio);
      long covered = 0;
      if (e.parents().length > 0) {
        for (int parentId : e.parents()) {
          Entry parent = byId.get(parentId);
          if (parent == null || parent.level() != e.level() - 1) {
            throw file.error(e.line(), e.label() + " names parent " + parentId + ", which is not a grid on level "
                + (e.level() - 1));
          }
          covered += parent.box().overlapVolume(shadow);
        }
      } else {
        for (int j : coarseSweep.intersecting(shadow)) {
          covered += coarse.get(j).box().overlapVolume(shadow);
        }
      }
      long outside = shadow.volume() - covered;
      if (outside != 0) {
        // Named only for the message: thousands of grids nest.
        String against;
        if (e.parents().length > 0) {
          StringBuilder names = new StringBuilder();
          for (int parentId : e.parents()) {
            Entry parent = byId.get(parentId);
            names.append(names.length() == 0 ? "" : ", ").append(parent.label()).append(' ').append(parent.box());
          }
          against = "its parent " + names;
        } else {
          against = "every level-" + (e.level() - 1) + " box";
        }
        throw file.error(e.line(), e.label() + " " + e.box() + " is not properly nested: coarsened by " + ratio
            + " to " + shadow + ", " + outside + " of its " + shadow.volume() + " cells lie outside " + against);
      }
    }
  }
}
