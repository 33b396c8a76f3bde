package org.amrbalance.experiments.advise;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.amrbalance.experiments.cli.Values;

/**
 * The hierarchy files of a run in time order, from what a user has: one file, an AMReX plotfile folder, or a folder
 * holding a series (plotfile folders, or Enzo or Chombo files), taken in name order as the codes number their outputs
 * ({@code plt00010} before {@code plt00020}, {@code DD0010} before {@code DD0020}).
 */
final class HierarchySeries {
  private HierarchySeries() {}

  /** The files of {@code input}, in time order; a folder with no hierarchy in it is an error naming it. */
  static List<Path> files(Path input) throws IOException {
    if (!Files.isDirectory(input) || Files.isRegularFile(input.resolve(Values.AMREX_HEADER))) {
      return List.of(input);
    }
    List<Path> out = new ArrayList<>();
    try (Stream<Path> children = Files.list(input)) {
      for (Path c : children.sorted().toList()) {
        if (Files.isDirectory(c) ? Files.isRegularFile(c.resolve(Values.AMREX_HEADER)) : isHierarchyFile(c)) {
          out.add(c);
        }
      }
    }
    if (out.isEmpty()) {
      throw new IOException(input + ": no hierarchy in this folder (expected plotfile folders with a Header, Enzo"
          + " .hierarchy files or Chombo layouts)");
    }
    return out;
  }

  /** Enzo hierarchies by extension; other files (Chombo layouts, AMReX Headers) by a format their first line shows. */
  private static boolean isHierarchyFile(Path p) {
    String name = p.getFileName().toString();
    if (name.endsWith(".hierarchy")) {
      return true;
    }
    if (name.endsWith(".parameters") || name.startsWith(".")) {
      return false;
    }
    try {
      org.amrbalance.readers.HierarchyReaders.detect(p);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
