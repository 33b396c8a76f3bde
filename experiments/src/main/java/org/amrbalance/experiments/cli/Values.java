package org.amrbalance.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.Nullable;

/**
 * Converts and checks option values as the options records need them. Picocli hands the values over as written, so
 * that every range error reads alike, {@code must be ... (--name = value)}; a null value means the option was not
 * given and the default applies.
 */
public final class Values {
  private Values() {}

  public static int integer(String name, @Nullable String raw, int defaultValue, int min, int max) {
    if (raw == null) {
      return defaultValue;
    }
    Integer v = inRange(raw, min, max);
    if (v == null) {
      throw new UsageException("must be an integer in [" + min + ", " + max + "]", name + " = " + raw);
    }
    return v;
  }

  public static double number(String name, @Nullable String raw, double defaultValue, double min, double max) {
    if (raw == null) {
      return defaultValue;
    }
    try {
      double v = Double.parseDouble(raw.strip());
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("must be a number in [" + format(min) + ", " + format(max) + "]", name + " = " + raw);
  }

  /** A comma-separated list of integers, each in [min, max]. */
  public static List<Integer> integers(String name, @Nullable String raw, List<Integer> defaultValue, int min,
      int max) {
    if (raw == null) {
      return defaultValue;
    }
    List<Integer> out = new ArrayList<>();
    for (String part : raw.split(",", -1)) {
      Integer v = inRange(part, min, max);
      if (v == null) {
        throw new UsageException("each value must be an integer in [" + min + ", " + max + "]", name + " = " + raw);
      }
      out.add(v);
    }
    return List.copyOf(out);
  }

  /** The integer {@code raw} spells if it lies in [min, max], else null. */
  @Nullable
  private static Integer inRange(String raw, int min, int max) {
    try {
      int v = Integer.parseInt(raw.strip());
      return v >= min && v <= max ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** One of {@code choices}, in any case; returned in lower case. */
  public static String choice(String name, @Nullable String raw, String defaultValue, Set<String> choices) {
    String v = (raw == null ? defaultValue : raw).strip().toLowerCase(Locale.ROOT);
    if (!choices.contains(v)) {
      throw new UsageException("must be one of " + String.join(", ", new TreeSet<>(choices)), name + " = " + raw);
    }
    return v;
  }

  /** A path as given, resolved against the caller's working directory when relative. */
  public static Path path(String name, String raw, Path workingDirectory) {
    try {
      return workingDirectory.resolve(raw.strip());
    } catch (InvalidPathException e) {
      throw new UsageException("not a file name", name + " = " + raw);
    }
  }

  /** A file to read: it must exist, be a regular file and be readable. */
  /** The file an AMReX plotfile folder keeps its hierarchy in. */
  public static final String AMREX_HEADER = org.amrbalance.readers.HierarchyReaders.AMREX_HEADER;

  /**
   * A hierarchy input: a readable file, or an AMReX plotfile folder holding a {@value #AMREX_HEADER} (as yt takes
   * one); a folder without one is an error saying so.
   */
  public static Path hierarchyInput(String name, String raw, Path workingDirectory) {
    Path p = path(name, raw, workingDirectory);
    if (Files.isDirectory(p)) {
      if (!Files.isRegularFile(p.resolve(AMREX_HEADER))) {
        throw UsageException.input("is a folder with no " + AMREX_HEADER + ": give a hierarchy file (Enzo"
            + " .hierarchy, Chombo layout, AMReX Header) or an AMReX plotfile folder", p);
      }
      readableFile(name, p.resolve(AMREX_HEADER).toString(), workingDirectory);
      return p;
    }
    return readableFile(name, raw, workingDirectory);
  }

  public static Path readableFile(String name, String raw, Path workingDirectory) {
    Path p = path(name, raw, workingDirectory);
    if (Files.isDirectory(p)) {
      throw UsageException.input("is a folder, not a file", p);
    }
    if (!Files.exists(p)) {
      throw UsageException.input("no such file", p);
    }
    if (!Files.isReadable(p)) {
      throw UsageException.input("cannot be read (permission denied)", p);
    }
    return p;
  }

  /** An output folder, created if missing, checked writable before any work so that no run is lost at its end. */
  public static Path writableFolder(String name, String raw, Path workingDirectory) {
    Path p = path(name, raw, workingDirectory);
    try {
      Files.createDirectories(p);
    } catch (IOException e) {
      throw UsageException.input("cannot create the folder" + (Files.exists(p) ? ": not a folder" : ""), p);
    }
    if (!Files.isWritable(p)) {
      throw UsageException.input("cannot write into the folder (permission denied)", p);
    }
    return p;
  }

  private static String format(double v) {
    if (Math.abs(v) >= 1e15) {
      return String.format(Locale.ROOT, "%.0e", v);
    }
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
