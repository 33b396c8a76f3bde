package org.amrbalance.readers;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/** Picks the reader of a file by its content, and the default reader of each format. */
public final class HierarchyReaders {
  private static final Pattern ENZO_FIRST = Pattern.compile("Grid\\s*=.*");
  private static final Pattern CHOMBO_FIRST = Pattern.compile("NumLevels\\s*=.*");
  /** Lines looked at to find the first non-blank one. */
  private static final int LOOKAHEAD = 100;

  private HierarchyReaders() {}

  /**
   * The format of {@code file}, from its first non-blank line: {@code HyperCLaw-V1.1} is an AMReX Header,
   * {@code NumLevels = } a Chombo layout, {@code Grid = } an Enzo hierarchy.
   *
   * @throws HierarchyFormatException if the line matches none of them
   */
  public static HierarchyFormat detect(Path file) throws IOException {
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

  /** Reads {@code file} with the default reader of its detected format. */
  public static HierarchyFile read(Path file) throws IOException {
    return reader(detect(file)).read(file);
  }
}
