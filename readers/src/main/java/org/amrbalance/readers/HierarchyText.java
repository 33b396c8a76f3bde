package org.amrbalance.readers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.annotation.concurrent.Immutable;

/**
 * The text of one input file held in memory, with the name that error messages give it ({@code name:line:
 * problem}): for content that does not come from a file of its own (an archive member, a network stream, a test's
 * variant of a real file). The readers' {@code Path} methods read the same way, so a text and the file it came
 * from give the same hierarchy and the same messages.
 */
@Immutable
final class HierarchyText {
  private final String name;
  private final List<String> lines;

  private HierarchyText(String name, List<String> lines) {
    this.name = name;
    this.lines = lines;
  }

  /**
   * @param name how messages name the text, e.g. its file name
   * @param text the content; lines end at {@code \n}, {@code \r} or {@code \r\n}, as when a file is read
   */
  public static HierarchyText of(String name, String text) {
    checkName(name);
    if (text == null) {
      throw new IllegalArgumentException("text = null: must not be null");
    }
    return new HierarchyText(name, text.lines().toList());
  }

  /** Reads {@code file} as ISO-8859-1 (any byte decodes), named by {@code file.toString()}. */
  public static HierarchyText read(Path file) throws IOException {
    return new HierarchyText(file.toString(), List.copyOf(Files.readAllLines(file, StandardCharsets.ISO_8859_1)));
  }

  /**
   * Already split lines, none of which may hold a line break (not checked: this is the tests' way to hand a
   * reader thousands of variants of a large file without joining and splitting each one).
   */
  static HierarchyText ofLines(String name, List<String> lines) {
    checkName(name);
    return new HierarchyText(name, List.copyOf(lines));
  }

  private static void checkName(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("name = " + name + ": must name the text");
    }
  }

  /** The name messages give the text. */
  public String name() {
    return name;
  }

  /** The number of lines. */
  public int lineCount() {
    return lines.size();
  }

  List<String> lines() {
    return lines;
  }

  @Override
  public String toString() {
    return "HierarchyText[" + name + ", " + lines.size() + " lines]";
  }
}
