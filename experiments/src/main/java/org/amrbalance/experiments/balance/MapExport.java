package org.amrbalance.experiments.balance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.amrbalance.experiments.plot.Json;
import org.amrbalance.readers.HierarchyFormat;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.BoxIndex;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * A computed assignment written so that the code that wrote the input can use it: per level, the rank of every box
 * in the input file's own box order ({@code level_L.map}: the count, then one rank per line, what AMReX's
 * {@code DistributionMapping(Vector<int>)} and Chombo's {@code Vector<int>} of ranks take); where the balancer cut
 * boxes, the new boxes in AMReX/Chombo box notation ({@code level_L.boxes}: the count, then one {@code ((lo) (hi)
 * (type))} per line) with the map in their order; for Enzo, {@code enzo_processor_numbers.txt} (grid number and
 * its {@code ProcessorNumber}); and {@code map.json} with all of it and the report. {@link #read} takes the text
 * files back, so a test can check that they alone give the same assignment.
 */
public final class MapExport {
  /** The JSON file of an export. */
  public static final String JSON = "map.json";
  static final String ENZO = "enzo_processor_numbers.txt";
  private static final Pattern BOX =
      Pattern.compile("\\(\\(([-0-9, ]+)\\)\\s*\\(([-0-9, ]+)\\)\\s*\\(([0-9, ]+)\\)\\)");

  private MapExport() {}

  /** The sub-folder of one run when one call writes several: input file name, balancer, ranks. */
  public static String folderName(String input, String balancer, int ranks) {
    Path path = Path.of(input);
    Path name = path.getFileName();
    String base = name == null ? input : name.toString();
    Path folder = path.getParent() == null ? null : path.getParent().getFileName();
    if (base.equals("Header") && folder != null) {
      base = folder.toString(); // a plotfile folder's Header: the folder's name tells the runs apart
    }
    return (base + "_" + balancer + "_" + ranks).replaceAll("[^A-Za-z0-9._-]", "_");
  }

  static String mapFile(int level) {
    return "level_" + level + ".map";
  }

  static String boxesFile(int level) {
    return "level_" + level + ".boxes";
  }

  /**
   * Writes the export of {@code a} into {@code dir} (created if missing) and returns the files written.
   *
   * @param format the input's format: Enzo also gets its per-grid file
   */
  public static List<Path> write(Path dir, String input, HierarchyFormat format, String balancer, Assignment a,
      BalanceReport report) throws IOException {
    Files.createDirectories(dir);
    Hierarchy h = a.hierarchy();
    boolean whole = a.isWholeGrid();
    List<Path> written = new ArrayList<>();
    ObjectNode root = Json.object().put("input", input).put("format", format.name().toLowerCase(Locale.ROOT))
        .put("balancer", balancer).put("ranks", a.ranks()).put("wholeGrids", whole);
    ArrayNode levels = root.putArray("levels");
    for (int level = 0; level < h.levelCount(); level++) {
      List<Patch> patches = inFileOrder(h.level(level));
      List<Piece> pieces = new ArrayList<>();
      List<Integer> fromBox = new ArrayList<>();
      for (int i = 0; i < patches.size(); i++) {
        for (Piece p : a.piecesOf(patches.get(i).id())) {
          pieces.add(p);
          fromBox.add(i);
        }
      }
      StringBuilder map = new StringBuilder().append(pieces.size()).append('\n');
      StringBuilder boxes = new StringBuilder().append(pieces.size()).append('\n');
      ObjectNode l = levels.addObject().put("level", level);
      ArrayNode entries = l.putArray("boxes");
      for (int k = 0; k < pieces.size(); k++) {
        Piece p = pieces.get(k);
        map.append(p.rank()).append('\n');
        boxes.append(p.box().toAmrexText()).append('\n');
        ObjectNode e = entries.addObject().put("rank", p.rank()).put("inputBox", fromBox.get(k));
        ArrayNode lo = e.putArray("lo");
        ArrayNode hi = e.putArray("hi");
        for (int d = 0; d < p.box().dim(); d++) {
          lo.add(p.box().lo(d));
          hi.add(p.box().hi(d));
        }
        if (format == HierarchyFormat.ENZO) {
          e.put("enzoGrid", patches.get(fromBox.get(k)).id());
        }
      }
      written.add(writeText(dir.resolve(mapFile(level)), map));
      if (!whole) {
        written.add(writeText(dir.resolve(boxesFile(level)), boxes));
      }
    }
    if (format == HierarchyFormat.ENZO && whole) {
      StringBuilder enzo = new StringBuilder();
      h.patches().stream().sorted(Comparator.comparingInt(Patch::id))
          .forEach(p -> enzo.append(p.id()).append(' ').append(a.rankOf(p.id())).append('\n'));
      written.add(writeText(dir.resolve(ENZO), enzo));
    }
    ObjectNode r = root.putObject("report");
    Json.put(r, "imbalance", report.imbalance());
    Json.put(r, "efficiency", report.efficiency());
    Json.put(r, "levelSynchronousEfficiency", report.levelSynchronousEfficiency());
    r.put("pieces", report.pieces()).put("emptyRanks", report.emptyRanks());
    Json.put(r, "intraGridComm", report.intraGridCommunication());
    Json.put(r, "interGridComm", report.interGridCommunication());
    written.add(writeText(dir.resolve(JSON), new StringBuilder(Json.line(root)).append('\n')));
    return written;
  }

  /**
   * The assignment that the text files of an export in {@code dir} describe for {@code h} (the hierarchy it was
   * computed for) on {@code ranks} ranks: each level's map, in the order of its boxes file where there is one (each
   * box placed in the input box that contains it), else of the input's boxes.
   *
   * @throws IOException if a file is missing or malformed, naming it and the line
   */
  public static Assignment read(Path dir, Hierarchy h, int ranks) throws IOException {
    List<Piece> pieces = new ArrayList<>();
    for (int level = 0; level < h.levelCount(); level++) {
      List<Patch> patches = inFileOrder(h.level(level));
      Path mapPath = dir.resolve(mapFile(level));
      List<String> map = counted(mapPath);
      Path boxesPath = dir.resolve(boxesFile(level));
      List<Box> boxes = new ArrayList<>();
      if (Files.exists(boxesPath)) {
        List<String> lines = counted(boxesPath);
        for (int i = 0; i < lines.size(); i++) {
          boxes.add(parseBox(boxesPath, i + 2, lines.get(i)));
        }
      } else {
        patches.forEach(p -> boxes.add(p.box()));
      }
      if (boxes.size() != map.size()) {
        throw new IOException(mapPath + ": " + map.size() + " ranks for " + boxes.size() + " boxes of level " + level);
      }
      BoxIndex index = new BoxIndex(patches.stream().map(Patch::box).toList());
      for (int i = 0; i < map.size(); i++) {
        int rank = parseRank(mapPath, i + 2, map.get(i), ranks);
        Box b = boxes.get(i);
        Patch owner = null;
        for (int k : index.intersecting(b)) {
          if (patches.get(k).box().contains(b)) {
            owner = patches.get(k);
          }
        }
        if (owner == null) {
          throw new IOException(boxesPath + " line " + (i + 2) + ": box " + b + " lies in no box of level " + level);
        }
        pieces.add(Piece.of(owner.id(), b, rank));
      }
    }
    return Assignment.of(h, ranks, pieces);
  }

  /** The ranks recorded in an export's JSON file. */
  public static int ranksOf(Path dir) throws IOException {
    JsonNode n = new ObjectMapper().readTree(dir.resolve(JSON).toFile());
    return n.path("ranks").asInt();
  }

  /** A level's patches in the input file's order: the readers number them so (Enzo by grid number). */
  private static List<Patch> inFileOrder(List<Patch> level) {
    return level.stream().sorted(Comparator.comparingInt(Patch::id)).toList();
  }



  private static int[] intsOf(Path file, int line, String csv) throws IOException {
    String[] parts = csv.split(",");
    int[] v = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        v[i] = Integer.parseInt(parts[i].strip());
      } catch (NumberFormatException e) {
        throw new IOException(file + " line " + line + ": '" + csv + "' is not a list of integers");
      }
    }
    return v;
  }

  private static Box parseBox(Path file, int line, String text) throws IOException {
    Matcher m = BOX.matcher(text.strip());
    if (!m.matches()) {
      throw new IOException(file + " line " + line + ": expected a box ((lo) (hi) (type)), got '" + text + "'");
    }
    int[] lo = intsOf(file, line, m.group(1));
    int[] hi = intsOf(file, line, m.group(2));
    try {
      return Box.of(lo, hi);
    } catch (IllegalArgumentException e) {
      throw new IOException(file + " line " + line + ": " + e.getMessage());
    }
  }

  private static int parseRank(Path file, int line, String text, int ranks) throws IOException {
    try {
      int r = Integer.parseInt(text.strip());
      if (r >= 0 && r < ranks) {
        return r;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IOException(file + " line " + line + ": '" + text + "' is not a rank in [0, " + ranks + ")");
  }

  /** The lines after a file's first, which must give their count. */
  private static List<String> counted(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException(file + ": missing");
    }
    List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
    lines.removeIf(String::isBlank);
    int n;
    try {
      n = lines.isEmpty() ? -1 : Integer.parseInt(lines.get(0).strip());
    } catch (NumberFormatException e) {
      n = -1;
    }
    if (n < 0 || n != lines.size() - 1) {
      throw new IOException(file + " line 1: expected the count of the lines that follow (" + (lines.size() - 1)
          + ")");
    }
    return lines.subList(1, lines.size());
  }

  private static Path writeText(Path file, CharSequence text) throws IOException {
    return Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
