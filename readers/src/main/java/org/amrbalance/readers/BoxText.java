package org.amrbalance.readers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.amrbalance.spi.Box;

/**
 * Boxes as AMReX and Chombo write them: {@code ((lo) (hi) (type))}, comma-separated integers, any spaces.
 * Only cell-centred boxes (type all zero) describe grids of cells, so any other type is rejected.
 */
final class BoxText {
  /** The characters {@link #compact} removes: ASCII space, tab, line feed, vertical tab, form feed, return. */
  private static final String WHITESPACE = " \t\n\u000b\f\r";

  private BoxText() {}

  /** The text with its whitespace removed, which is the form the box syntax is matched in. */
  static String compact(String text) {
    int first = 0;
    while (first < text.length() && WHITESPACE.indexOf(text.charAt(first)) < 0) {
      first++;
    }
    if (first == text.length()) {
      return text; // the common case: nothing to remove, nothing to copy
    }
    StringBuilder out = new StringBuilder(text.length());
    out.append(text, 0, first);
    for (int i = first + 1; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (WHITESPACE.indexOf(ch) < 0) {
        out.append(ch);
      }
    }
    return out.toString();
  }

  /** Exactly one box, and nothing else, in {@code text}. */
  static Box parseOne(TextFile file, String text, int line, String what) throws HierarchyFormatException {
    List<Box> boxes = parseAll(file, text, line, what);
    if (boxes.size() != 1) {
      throw file.error(line, what + " holds " + boxes.size() + " boxes, expected 1: '" + text.strip() + "'");
    }
    return boxes.get(0);
  }

  /** A run of boxes with nothing between or around them but whitespace. */
  static List<Box> parseAll(TextFile file, String text, int line, String what) throws HierarchyFormatException {
    String c = compact(text);
    int[] groups = new int[6];
    List<Box> boxes = new ArrayList<>();
    int at = 0;
    while (at < c.length()) {
      int end = match(c, at, groups);
      if (end < 0) {
        throw file.error(line, what + ": expected a box '((lo) (hi) (type))' at '" + excerpt(c, at) + "'");
      }
      boxes.add(toBox(file, c, groups, line, what));
      at = end;
    }
    return boxes;
  }

  /**
   * Matches one box {@code ((lo)(hi)(type))} of compacted text at {@code at}, each vector 1 to 3 integers of 1 to 10
   * digits with an optional minus sign. Returns the index after the box and puts where the texts of lo, hi and type
   * (without their brackets) start and end in {@code groups} (six indices); returns -1 if no box starts at
   * {@code at}.
   */
  static int match(String c, int at, int[] groups) {
    if (at >= c.length() || c.charAt(at) != '(') {
      return -1;
    }
    int i = at + 1;
    for (int g = 0; g < 3; g++) {
      int end = vectorEnd(c, i);
      if (end < 0) {
        return -1;
      }
      groups[2 * g] = i + 1;
      groups[2 * g + 1] = end - 1;
      i = end;
    }
    return i < c.length() && c.charAt(i) == ')' ? i + 1 : -1;
  }

  /** The index after a vector {@code (n[,n[,n]])} starting at {@code i}, or -1. */
  private static int vectorEnd(String c, int i) {
    if (i >= c.length() || c.charAt(i) != '(') {
      return -1;
    }
    int at = i + 1;
    for (int k = 0; k < 3; k++) {
      at = integerEnd(c, at);
      if (at < 0 || at >= c.length()) {
        return -1;
      }
      if (c.charAt(at) == ')') {
        return at + 1;
      }
      if (c.charAt(at) != ',') {
        return -1;
      }
      at++;
    }
    return -1; // a fourth component
  }

  /** The index after an integer of 1 to 10 digits with an optional minus sign starting at {@code i}, or -1. */
  static int integerEnd(String c, int i) {
    int at = i < c.length() && c.charAt(i) == '-' ? i + 1 : i;
    int digits = at;
    while (at < c.length() && at - digits < 10 && c.charAt(at) >= '0' && c.charAt(at) <= '9') {
      at++;
    }
    return at > digits ? at : -1;
  }

  /** Builds the box of a {@link #match} in {@code c}, checking dimensions, order and type. */
  static Box toBox(TextFile file, String c, int[] groups, int line, String what) throws HierarchyFormatException {
    int[] lo = vector(file, c, groups[0], groups[1], line, what, " lo");
    int[] hi = vector(file, c, groups[2], groups[3], line, what, " hi");
    int[] type = vector(file, c, groups[4], groups[5], line, what, " type");
    if (hi.length != lo.length || type.length != lo.length) {
      throw file.error(line, what + " mixes dimensions: lo " + Arrays.toString(lo) + ", hi " + Arrays.toString(hi)
          + ", type " + Arrays.toString(type));
    }
    for (int d = 0; d < lo.length; d++) {
      if (type[d] != 0) {
        throw file.error(line, what + " has type " + Arrays.toString(type) + ": only cell-centred boxes (type 0) hold cells");
      }
    }
    return box(file, lo, hi, line, what);
  }

  /** A box from inclusive corners, with a line-numbered error if some lo exceeds its hi. */
  static Box box(TextFile file, int[] lo, int[] hi, int line, String what) throws HierarchyFormatException {
    for (int d = 0; d < lo.length; d++) {
      if (lo[d] > hi[d]) {
        throw file.error(line, what + " has lo " + Arrays.toString(lo) + " > hi " + Arrays.toString(hi)
            + " along axis " + d);
      }
      if ((long) hi[d] - lo[d] + 1 > Integer.MAX_VALUE) {
        throw file.error(line, what + " is longer than " + Integer.MAX_VALUE + " cells along axis " + d);
      }
    }
    return Box.of(lo, hi);
  }

  /**
   * The integers of a matched vector {@code c[from, to)}: 1 to 3 comma-separated runs of 1 to 10 digits, each with an
   * optional minus sign, so only a value beyond the int range can fail. Parsed in place: a file holds thousands.
   */
  private static int[] vector(TextFile file, String c, int from, int to, int line, String what, String corner)
      throws HierarchyFormatException {
    int count = 1;
    for (int i = from; i < to; i++) {
      if (c.charAt(i) == ',') {
        count++;
      }
    }
    int[] v = new int[count];
    int start = from;
    for (int k = 0; k < count; k++) {
      int end = c.indexOf(',', start);
      if (end < 0 || end > to) {
        end = to;
      }
      boolean negative = c.charAt(start) == '-';
      long value = 0;
      for (int i = negative ? start + 1 : start; i < end; i++) {
        value = value * 10 + (c.charAt(i) - '0');
      }
      value = negative ? -value : value;
      if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
        // The message TextFile.parseInt gives (the compacted text holds no whitespace to strip).
        throw file.error(line, what + corner + "[" + k + "] = '" + c.substring(start, end) + "' is not an integer");
      }
      v[k] = (int) value;
      start = end + 1;
    }
    return v;
  }

  static String excerpt(String text, int from) {
    int end = Math.min(text.length(), from + 40);
    return text.substring(from, end) + (end < text.length() ? "..." : "");
  }
}
