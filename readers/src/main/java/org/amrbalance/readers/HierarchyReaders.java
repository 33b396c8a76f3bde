package org.amrbalance.readers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Picks the reader of a file by its content, and the default reader of each format. Every method that takes a
 * file also takes an AMReX plotfile folder (see {@link #resolve(Path)}), since that folder is what users have and
 * what yt opens.
 */
public final class HierarchyReaders {
  /** The name of the file of an AMReX plotfile folder that describes the hierarchy. */
  public static final String AMREX_HEADER = "Header";
  /** Names of a folder's {@code *Header} files listed in the message of a folder without a Header. */
  private static final int LISTED_HEADERS = 3;
  private static final Pattern ENZO_FIRST = Pattern.compile("Grid\\s*=.*");
  private static final Pattern CHOMBO_FIRST = Pattern.compile("NumLevels\\s*=.*");
  /** Lines looked at to find the first non-blank one. */
  private static final int LOOKAHEAD = 100;

  private HierarchyReaders() {}

  /**
   * The file to read for {@code input}: {@code input} itself unless it is a folder; the {@code Header} in it if it
   * is a folder (an AMReX plotfile such as {@code plt00100}, whose {@code Level_N/Cell_H} files the AMReX reader then
   * finds beside that Header). Nothing is read or checked for a path that is not a folder: a missing file fails
   * where it is read.
   *
   * @throws HierarchyFormatException naming the folder, if it holds no {@code Header} file
   */
  public static Path resolve(Path input) throws IOException {
    if (input == null) {
      throw new IllegalArgumentException("input = null: must name a hierarchy file or a plotfile folder");
    }
    if (!Files.isDirectory(input)) {
      return input;
    }
    Path header = input.resolve(AMREX_HEADER);
    if (Files.isRegularFile(header)) {
      return header;
    }
    throw new HierarchyFormatException(input.toString(), HierarchyFormatException.WHOLE_FILE, "is a folder that"
        + " holds no AMReX plotfile Header: expected a file named '" + AMREX_HEADER + "' in it (with the levels' box"
        + " lists in Level_N/Cell_H), as in a plotfile folder such as plt00100" + otherHeaders(input)
        + "; for another format, give the hierarchy file itself");
  }

  /**
   * A hint naming the folder's files that end in {@code Header} (flattened copies such as {@code plt_Header}, read
   * when given as the file), or nothing. A folder that cannot be listed gets no hint: the message stands without.
   */
  private static String otherHeaders(Path folder) {
    List<String> names = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      files.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(AMREX_HEADER)).sorted().limit(LISTED_HEADERS + 1L).forEach(names::add);
    } catch (IOException | UncheckedIOException e) {
      return "";
    }
    if (names.isEmpty()) {
      return "";
    }
    String listed = String.join(", ", names.subList(0, Math.min(LISTED_HEADERS, names.size())))
        + (names.size() > LISTED_HEADERS ? ", ..." : "");
    return "; it holds " + listed + ": give one of them as the file to read";
  }

  /**
   * The format of {@code file}, from its first non-blank line: {@code HyperCLaw-V1.1} is an AMReX Header,
   * {@code NumLevels = } a Chombo layout, {@code Grid = } an Enzo hierarchy. A plotfile folder is the format of its
   * {@code Header} ({@link #resolve(Path)}).
   *
   * @throws HierarchyFormatException if the line matches none of them, or a folder holds no Header
   */
  public static HierarchyFormat detect(Path input) throws IOException {
    Path file = resolve(input);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
      for (int n = 1; n <= LOOKAHEAD; n++) {
        String line = in.readLine();
        if (line == null) {
          break;
        }
        if (line.isBlank()) {
          continue;
        }
        String t = line.strip();
        if (t.equals(AmrexHierarchyReader.MAGIC)) {
          return HierarchyFormat.AMREX;
        }
        if (CHOMBO_FIRST.matcher(t).matches()) {
          return HierarchyFormat.CHOMBO;
        }
        if (ENZO_FIRST.matcher(t).matches()) {
          return HierarchyFormat.ENZO;
        }
        throw new HierarchyFormatException(file.toString(), n, "unknown hierarchy format: the first line '"
            + BoxText.excerpt(t, 0) + "' is none of '" + AmrexHierarchyReader.MAGIC
            + "' (AMReX Header), 'NumLevels = ' (Chombo), 'Grid = ' (Enzo)");
      }
    }
    throw new HierarchyFormatException(file.toString(), HierarchyFormatException.WHOLE_FILE,
        "unknown hierarchy format: the file starts with " + LOOKAHEAD + " or more blank lines, or is empty");
  }

  /** The reader of {@code format} with default settings. */
  public static HierarchyReader reader(HierarchyFormat format) {
    if (format == null) {
      throw new IllegalArgumentException("format = null: must not be null");
    }
    return switch (format) {
      case ENZO -> new EnzoHierarchyReader();
      case CHOMBO -> new ChomboHierarchyReader();
      case AMREX -> new AmrexHierarchyReader();
    };
  }

  /**
   * Reads {@code input} with the default reader of its detected format; a plotfile folder is read as its {@code
   * Header} ({@link #resolve(Path)}), and the result's {@link HierarchyFile#source()} names that Header.
   */
  public static HierarchyFile read(Path input) throws IOException {
    Path file = resolve(input);
    return reader(detect(file)).read(file);
  }
}
