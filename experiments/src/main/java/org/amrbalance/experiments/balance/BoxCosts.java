package org.amrbalance.experiments.balance;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.internal.Checks;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * What a box costs in a real run, beyond the readers' cell count: measured per-box costs from a CSV file, a fixed
 * overhead per box (ghost filling, metadata, kernel launches), and time subcycling (level L takes as many steps as
 * the product of the ratios above it for one level-0 step, as AMReX's {@code Amr}, Enzo and Chombo's {@code AMR}
 * do by default). Defaults: cells, no overhead, no subcycling (the work per level-0 step of a code that steps every
 * level together, and the readers' own work).
 *
 * <p>The CSV has a header row and either the columns {@code box,cost} ({@code box}: the number the reader gives the
 * box, its place in the file's box order counted over all levels from 0; for Enzo the grid number) or {@code
 * level,index,cost} ({@code index}: the box's place in its level, from 0, in file order). Every box must be listed
 * once with a finite cost ≥ 0.
 *
 * @param subcycling multiply each box's work by the steps its level takes per level-0 step
 * @param measured box id to its measured cost, empty for the cell count
 * @param overhead added to every box's work, in the same units
 */
public record BoxCosts(boolean subcycling, Map<Integer, Double> measured, double overhead) {
  public BoxCosts {
    measured = Map.copyOf(measured);
    Checks.finiteNonNegative("overhead", overhead);
  }

  /** Cells, no overhead, no subcycling. */
  public static BoxCosts cells() {
    return new BoxCosts(false, Map.of(), 0);
  }

  public boolean isDefault() {
    return !subcycling && measured.isEmpty() && overhead == 0;
  }

  /** The hierarchy with each box's work replaced by its cost under these options. */
  public Hierarchy apply(Hierarchy h) {
    if (isDefault()) {
      return h;
    }
    List<Patch> patches = new ArrayList<>();
    for (Patch p : h.patches()) {
      double base = measured.isEmpty() ? p.work() : measured.get(p.id());
      double steps = subcycling ? h.cumulativeRatio(p.level()) : 1;
      patches.add(p.withWork(base * steps + overhead));
    }
    return Hierarchy.of(h.domain(), h.ratios(), patches);
  }

  /**
   * The costs of {@code file} for hierarchy {@code h}; every box must be listed once.
   *
   * @throws UsageException naming the file, line and what is wrong
   */
  public static Map<Integer, Double> readCsv(Path file, Hierarchy h) throws IOException {
    Map<String, Integer> byLevelIndex = new HashMap<>();
    for (int level = 0; level < h.levelCount(); level++) {
      List<Patch> ordered = h.level(level).stream().sorted(Comparator.comparingInt(Patch::id)).toList();
      for (int i = 0; i < ordered.size(); i++) {
        byLevelIndex.put(level + ":" + i, ordered.get(i).id());
      }
    }
    Map<Integer, Double> costs = new HashMap<>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      var records = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).setTrim(true)
          .setIgnoreEmptyLines(true).setCommentMarker('#').build().parse(in);
      List<String> header = records.getHeaderNames();
      boolean byId = header.contains("box");
      if (!header.contains("cost") || !(byId || header.contains("level") && header.contains("index"))) {
        throw UsageException.input("expected a header row with the columns box,cost or level,index,cost; got "
            + header, file + ":1");
      }
      for (CSVRecord r : records) {
        String where = file + ":" + r.getParser().getCurrentLineNumber();
        Integer id = byId ? parseId(r.get("box"), h, where) : byLevelIndex.get(
            integer(r.get("level"), where) + ":" + integer(r.get("index"), where));
        if (id == null) {
          throw UsageException.input("no box at level " + r.get("level") + ", index " + r.get("index"), where);
        }
        double cost = number(r.get("cost"), where);
        if (costs.put(id, cost) != null) {
          throw UsageException.input("box " + id + " is listed twice", where);
        }
      }
    }
    Optional<Patch> missing = h.patches().stream().filter(p -> !costs.containsKey(p.id()))
        .min(Comparator.comparingInt(Patch::id));
    if (missing.isPresent()) {
      Patch p = missing.get();
      throw UsageException.input("lists " + costs.size() + " of the " + h.patchCount() + " boxes; box " + p.id()
          + " (level " + p.level() + ") has no cost", file);
    }
    return costs;
  }

  private static int parseId(String text, Hierarchy h, String where) {
    int id = integer(text, where);
    if (!h.contains(id)) {
      throw UsageException.input("no box " + id + " in the input", where);
    }
    return id;
  }

  private static int integer(String text, String where) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw UsageException.input("'" + text + "' is not an integer", where);
    }
  }

  private static double number(String text, String where) {
    double v;
    try {
      v = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw UsageException.input("cost '" + text + "' is not a number", where);
    }
    if (!(Double.isFinite(v) && v >= 0)) {
      throw UsageException.input("cost " + text + " must be finite and >= 0", where);
    }
    return v;
  }
}
