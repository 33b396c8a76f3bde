package org.amrbalance.readers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The lines of one input file with number parsing that reports the file and line of every problem. Read as
 * ISO-8859-1 so that any byte sequence decodes: a stray byte is then a format problem with a line, not a
 * charset exception.
 */
final class TextFile {
  private final String source;
  private final List<String> lines;

  private TextFile(String source, List<String> lines) {
    this.source = source;
    this.lines = lines;
  }

  static TextFile read(Path file) throws IOException {
    return new TextFile(file.toString(), Files.readAllLines(file, StandardCharsets.ISO_8859_1));
  }

  static TextFile of(HierarchyText text) {
    return new TextFile(text.name(), text.lines());
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
    List<String> out = new ArrayList<>(4);
    int i = 0;
    int n = text.length();
    while (i < n) {
      while (i < n && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < n && !Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      if (i > start) {
        out.add(text.substring(start, i));
      }
    }
    return out.toArray(new String[0]);
  }

  int parseInt(String token, int line, String what) throws HierarchyFormatException {
    return parseInt(token, line, () -> what);
  }

  /** An integer; {@code what} names it in the error message and is only evaluated on error. */
  int parseInt(String token, int line, Supplier<String> what) throws HierarchyFormatException {
    try {
      return Integer.parseInt(token.strip());
    } catch (NumberFormatException e) {
      throw error(line, what.get() + " = '" + token.strip() + "' is not an integer");
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
    return parseDouble(token, line, () -> what);
  }

  /** A finite real number; {@code what} names it in the error message and is only evaluated on error. */
  double parseDouble(String token, int line, Supplier<String> what) throws HierarchyFormatException {
    double v;
    try {
      v = Double.parseDouble(token.strip());
    } catch (NumberFormatException e) {
      throw error(line, what.get() + " = '" + token.strip() + "' is not a number");
    }
    if (!Double.isFinite(v)) {
      throw error(line, what.get() + " = '" + token.strip() + "' is not a finite number");
    }
    return v;
  }

  /** Exactly {@code count} integers separated by whitespace. */
  int[] ints(String text, int line, String what, int count) throws HierarchyFormatException {
    return ints(text, line, () -> what, count);
  }

  /** Exactly {@code count} integers; {@code what} is only evaluated on error. */
  int[] ints(String text, int line, Supplier<String> what, int count) throws HierarchyFormatException {
    String[] t = tokens(text);
    if (t.length != count) {
      throw error(line, what.get() + " has " + t.length + " values, expected " + count + ": '" + text.strip() + "'");
    }
    int[] v = new int[count];
    for (int i = 0; i < count; i++) {
      int index = i;
      v[i] = parseInt(t[i], line, () -> what.get() + "[" + index + "]");
    }
    return v;
  }

  /** Exactly {@code count} finite reals separated by whitespace. */
  double[] doubles(String text, int line, String what, int count) throws HierarchyFormatException {
    return doubles(text, line, () -> what, count);
  }

  /** Exactly {@code count} finite reals; {@code what} is only evaluated on error. */
  double[] doubles(String text, int line, Supplier<String> what, int count) throws HierarchyFormatException {
    String[] t = tokens(text);
    if (t.length != count) {
      throw error(line, what.get() + " has " + t.length + " values, expected " + count + ": '" + text.strip() + "'");
    }
    double[] v = new double[count];
    for (int i = 0; i < count; i++) {
      int index = i;
      v[i] = parseDouble(t[i], line, () -> what.get() + "[" + index + "]");
    }
    return v;
  }
}
