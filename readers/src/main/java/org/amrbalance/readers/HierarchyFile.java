package org.amrbalance.readers;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * A hierarchy read from a file: the hierarchy, the file's name and format, and the rank the writing code
 * recorded for each grid where the file records one (Enzo's {@code Task}, Chombo's {@code [rank]}, the AMReX
 * {@code FabOnDisk} file number of a level whose {@code Cell_H} was read). The recorded ranks are the code's own
 * assignment: a baseline to measure with {@link org.amrbalance.spi.BalanceReport} beside a balancer's.
 *
 * <p>The {@link #notes()} say what a reader accepted without it being an error but dropped or assumed on the way
 * (such as refinement ratios listed for levels the file does not hold), so that a caller can show the user what was
 * not read as written.
 */
@Immutable
public final class HierarchyFile {
  private final String source;
  private final HierarchyFormat format;
  private final Hierarchy hierarchy;
  private final SortedMap<Integer, Integer> recordedRanks;
  private final List<String> notes;

  private HierarchyFile(String source, HierarchyFormat format, Hierarchy hierarchy,
      SortedMap<Integer, Integer> recordedRanks, List<String> notes) {
    this.source = source;
    this.format = format;
    this.hierarchy = hierarchy;
    this.recordedRanks = recordedRanks;
    this.notes = notes;
  }

  /**
   * A file read without notes.
   *
   * @param source the file's name
   * @param recordedRanks patch id to the rank the code recorded for it; may leave patches out, never names a
   *     patch the hierarchy lacks or a negative rank
   */
  public static HierarchyFile of(String source, HierarchyFormat format, Hierarchy hierarchy,
      Map<Integer, Integer> recordedRanks) {
    return of(source, format, hierarchy, recordedRanks, List.of());
  }

  /**
   * A file read with notes on what the reader dropped or assumed.
   *
   * @param source the file's name
   * @param recordedRanks patch id to the rank the code recorded for it; may leave patches out, never names a
   *     patch the hierarchy lacks or a negative rank
   * @param notes sentences for the user, in the order the reader met them; none null or blank
   */
  public static HierarchyFile of(String source, HierarchyFormat format, Hierarchy hierarchy,
      Map<Integer, Integer> recordedRanks, List<String> notes) {
    check(source != null && !source.isBlank(), "source", source, "must name the file");
    check(format != null, "format", format, "must not be null");
    check(hierarchy != null, "hierarchy", hierarchy, "must not be null");
    check(recordedRanks != null, "recordedRanks", recordedRanks, "must not be null");
    SortedMap<Integer, Integer> copy = new TreeMap<>();
    recordedRanks.forEach((id, rank) -> {
      check(id != null && hierarchy.contains(id), "recordedRanks key", id, "no such patch in the hierarchy");
      check(rank != null && rank >= 0, "recordedRanks[" + id + "]", rank, "must be a rank >= 0");
      copy.put(id, rank);
    });
    check(notes != null, "notes", notes, "must not be null");
    for (int i = 0; i < notes.size(); i++) {
      check(notes.get(i) != null && !notes.get(i).isBlank(), "notes[" + i + "]", notes.get(i), "must be a sentence");
    }
    return new HierarchyFile(source, format, hierarchy, Collections.unmodifiableSortedMap(copy), List.copyOf(notes));
  }

  /** The file's name as it was given to the reader. */
  public String source() {
    return source;
  }

  public HierarchyFormat format() {
    return format;
  }

  public Hierarchy hierarchy() {
    return hierarchy;
  }

  /**
   * What the reader accepted but did not read as written, one sentence each naming its line, in file order; empty
   * when the file was read as written. Unmodifiable.
   */
  public List<String> notes() {
    return notes;
  }

  /** Patch id to the rank the writing code recorded, ascending by id; empty if the file records none. */
  public SortedMap<Integer, Integer> recordedRanks() {
    return recordedRanks;
  }

  /** The smallest rank count that holds every recorded rank (largest rank + 1), 0 if none is recorded. */
  public int recordedRankCount() {
    int max = -1;
    for (int r : recordedRanks.values()) {
      max = Math.max(max, r);
    }
    return max + 1;
  }

  /** The levels on which every patch has a recorded rank, ascending. */
  public List<Integer> recordedLevels() {
    List<Integer> levels = new ArrayList<>();
    for (int l = 0; l < hierarchy.levelCount(); l++) {
      if (levelRecorded(l)) {
        levels.add(l);
      }
    }
    return List.copyOf(levels);
  }

  /** True if every patch of the hierarchy has a recorded rank. */
  public boolean hasRecordedAssignment() {
    return recordedRanks.size() == hierarchy.patchCount();
  }

  /**
   * The code's own assignment of the whole hierarchy on {@link #recordedRankCount()} ranks, if every patch has a
   * recorded rank.
   */
  public Optional<Assignment> recordedAssignment() {
    return hasRecordedAssignment() ? Optional.of(recordedAssignment(recordedRankCount())) : Optional.empty();
  }

  /**
   * The code's own assignment of the whole hierarchy on {@code ranks} ranks (the code may have run on more ranks
   * than the file's largest recorded rank shows).
   *
   * @throws IllegalArgumentException if a patch has no recorded rank or a recorded rank is not below
   *     {@code ranks}
   */
  public Assignment recordedAssignment(int ranks) {
    check(hasRecordedAssignment(), "recordedRanks", recordedRanks.size() + " of " + hierarchy.patchCount()
        + " patches", "the file does not record a rank for every patch; see recordedLevels()");
    checkRanks(ranks);
    return Assignment.wholeGrids(hierarchy, ranks, recordedRanks);
  }

  /**
   * The code's own assignment of one fully recorded level, on {@link #recordedRankCount()} ranks, as an
   * assignment of {@link #levelHierarchy}; empty if the level is not fully recorded.
   */
  public Optional<Assignment> recordedLevelAssignment(int level) {
    return level >= 0 && level < hierarchy.levelCount() && levelRecorded(level)
        ? Optional.of(recordedLevelAssignment(level, recordedRankCount()))
        : Optional.empty();
  }

  /**
   * The code's own assignment of one fully recorded level on {@code ranks} ranks, as an assignment of {@link
   * #levelHierarchy}.
   *
   * @throws IllegalArgumentException if the level does not exist, is not fully recorded, or a recorded rank is
   *     not below {@code ranks}
   */
  public Assignment recordedLevelAssignment(int level, int ranks) {
    Hierarchy single = levelHierarchy(level);
    check(levelRecorded(level), "level", level, "not every patch of the level has a recorded rank; recorded levels: "
        + recordedLevels());
    checkRanks(ranks);
    return Assignment.wholeGrids(single, ranks, recordedRanks);
  }

  /**
   * One level of the hierarchy on its own: its patches (same ids, boxes, work and payload) as the level 0 of a
   * hierarchy whose domain is that level's domain. This is how a level whose coarser levels carry no recorded
   * rank (AMReX's level 1) is measured.
   */
  public Hierarchy levelHierarchy(int level) {
    check(level >= 0 && level < hierarchy.levelCount(), "level", level,
        "must be in [0, " + hierarchy.finestLevel() + "]");
    List<Patch> patches = new ArrayList<>();
    for (Patch p : hierarchy.level(level)) {
      patches.add(Patch.of(p.id(), 0, p.box(), p.work()).withPayloadBytes(p.payloadBytes()));
    }
    return Hierarchy.of(hierarchy.domainAt(level), new int[0], patches);
  }

  private boolean levelRecorded(int level) {
    for (Patch p : hierarchy.level(level)) {
      if (!recordedRanks.containsKey(p.id())) {
        return false;
      }
    }
    return true;
  }

  private void checkRanks(int ranks) {
    check(ranks > recordedRankCount() - 1 && ranks > 0, "ranks", ranks,
        "must be > 0 and exceed the largest recorded rank " + (recordedRankCount() - 1));
  }

  private static void check(boolean ok, String field, Object value, String why) {
    if (!ok) {
      throw new IllegalArgumentException(field + " = " + value + ": " + why);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HierarchyFile f && f.source.equals(source) && f.format == format
        && f.hierarchy.equals(hierarchy) && f.recordedRanks.equals(recordedRanks) && f.notes.equals(notes);
  }

  @Override
  public int hashCode() {
    return (((source.hashCode() * 31 + format.hashCode()) * 31 + hierarchy.hashCode()) * 31
        + recordedRanks.hashCode()) * 31 + notes.hashCode();
  }

  @Override
  public String toString() {
    return "HierarchyFile[" + source + ", " + format.configName() + ", " + hierarchy + ", " + recordedRanks.size()
        + " recorded ranks" + (notes.isEmpty() ? "" : ", " + notes.size() + " notes") + "]";
  }
}
