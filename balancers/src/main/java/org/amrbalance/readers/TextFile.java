package org.amrbalance.readers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The lines of one input file with number parsing that reports the file and line of every problem. Read as
 * ISO-8859-1 so that any byte sequence decodes: a stray byte is then a format problem with a line, not a
 * charset exception.
 */
final class TextFile {
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private final String source;
  private final List<String> lines;

  private TextFile(String source, List<String> lines) {
    this.source = source;
    this.lines = lines;
  }

  static TextFile read(Path file) throws IOException {
    return new TextFile(file.toString(), Files.readAllLines(file, StandardCharsets.ISO_8859_1));
  }

  /** The file's name as the caller gave it. */
  String source() {
    return source;
  }

  int lineCount() {
    return lines.size();
  }

  /** Line {@code n}, 1-based. */
  String line(int n) {
    return lines.get(n - 1);
  }

  HierarchyFormatException error(int line, String problem) {
    return new HierarchyFormatException(source, line, problem);
  }

  /** The whitespace-separated tokens of a text, none if it is blank. */
  static String[] tokens(String text) {
    String t = text.strip();
    return t.isEmpty() ? new String[0] : WHITESPACE.split(t);
  }

  int parseInt(String token, int line, String what) throws HierarchyFormatException {
    try {
      return Integer.parseInt(token.strip());
    } catch (NumberFormatException e) {
      throw error(line, what + " = '" + token.strip() + "' is not an integer");
    }
  }

  long parseLong(String token, int line, String what) throws HierarchyFormatException {
    try {
      return Long.parseLong(token.strip());
    } catch (NumberFormatException e) {
      throw error(line, what + " = '" + token.strip() + "' is not an integer");
    }
  }

  /** A finite real number. */
  double parseDouble(String token, int line, String what) throws HierarchyFormatException {
    double v;
    try {
      v = Double.parseDouble(token.strip());
    } catch (NumberFormatException e) {
      throw error(line, what + " = '" + token.strip() + "' is not a number");
    }
    if (!Double.isFinite(v)) {
      throw error(line, what + " = '" + token.strip() + "' is not a finite number");
    }
    return v;
  }

  /** Exactly {@code count} integers separated by whitespace. */
  int[] ints(String text, int line, String what, int count) throws HierarchyFormatException {
    String[] t = tokens(text);
    if (t.length != count) {
      throw error(line, what + " has " + t.length + " values, expected " + count + ": '" + text.strip() + "'");
    }
    int[] v = new int[count];
    for (int i = 0; i < count; i++) {
      v[i] = parseInt(t[i], line, what + "[" + i + "]");
    }
    return v;
  }

  /** Exactly {@code count} finite reals separated by whitespace. */
  double[] doubles(String text, int line, String what, int count) throws HierarchyFormatException {
    String[] t = tokens(text);
    if (t.length != count) {
      throw error(line, what + " has " + t.length + " values, expected " + count + ": '" + text.strip() + "'");
    }
    double[] v = new double[count];
    for (int i = 0; i < count; i++) {
      v[i] = parseDouble(t[i], line, what + "[" + i + "]");
    }
    return v;
  }
}
