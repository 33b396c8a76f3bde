package org.amrbalance.readers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/** Builds variants of the real files: their lines, edited, written to a test's temporary directory. */
final class Edits {
  private Edits() {}

  /** The lines of a real test file, modifiable. */
  static List<String> lines(String name) {
    try {
      return new ArrayList<>(Files.readAllLines(TestFiles.path(name), StandardCharsets.ISO_8859_1));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes the lines (each ending with a newline) as {@code dir/name}. */
  static Path write(Path dir, String name, List<String> lines) {
    StringBuilder s = new StringBuilder();
    for (String line : lines) {
      s.append(line).append('\n');
    }
    return writeText(dir, name, s.toString());
  }

  static Path writeText(Path dir, String name, String text) {
    try {
      Path p = dir.resolve(name);
      Files.createDirectories(p.getParent());
      Files.writeString(p, text, StandardCharsets.ISO_8859_1);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Copies a real file unchanged into {@code dir} under {@code name}. */
  static Path copy(Path dir, String resource, String name) {
    try {
      Path p = dir.resolve(name);
      Files.createDirectories(p.getParent());
      Files.copy(TestFiles.path(resource), p, StandardCopyOption.REPLACE_EXISTING);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The 1-based number of the first line at or after {@code from} whose stripped text starts with {@code prefix}. */
  static int find(List<String> lines, int from, String prefix) {
    for (int n = from; n <= lines.size(); n++) {
      if (lines.get(n - 1).strip().startsWith(prefix)) {
        return n;
      }
    }
    throw new IllegalStateException("no line starting with '" + prefix + "' from line " + from);
  }

  static String get(List<String> lines, int n) {
    return lines.get(n - 1);
  }

  static void set(List<String> lines, int n, String text) {
    lines.set(n - 1, text);
  }
}
