package org.amrbalance.readers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.amrbalance.spi.Box;

/**
 * Boxes as AMReX and Chombo write them: {@code ((lo) (hi) (type))}, comma-separated integers, any spaces.
 * Only cell-centred boxes (type all zero) describe grids of cells, so any other type is rejected.
 */
final class BoxText {
  private static final String VECTOR = "\\((-?\\d{1,10}(?:,-?\\d{1,10}){0,2})\\)";
  private static final Pattern BOX = Pattern.compile("\\(" + VECTOR + VECTOR + VECTOR + "\\)");

  private BoxText() {}

  /** The text with its whitespace removed, which is the form the patterns match. */
  static String compact(String text) {
    return text.replaceAll("\\s+", "");
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
    Matcher m = BOX.matcher(c);
    List<Box> boxes = new ArrayList<>();
    int at = 0;
    while (at < c.length()) {
      if (!m.find(at) || m.start() != at) {
        throw file.error(line, what + ": expected a box '((lo) (hi) (type))' at '" + excerpt(c, at) + "'");
      }
      boxes.add(toBox(file, m, line, what));
      at = m.end();
    }
    return boxes;
  }

  /** Builds the box of a match of {@link #pattern()}, checking dimensions, order and type. */
  static Box toBox(TextFile file, Matcher m, int line, String what) throws HierarchyFormatException {
    int[] lo = vector(file, m.group(1), line, what, " lo");
    int[] hi = vector(file, m.group(2), line, what, " hi");
    int[] type = vector(file, m.group(3), line, what, " type");
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

  /** The pattern of one box in compacted text; group 1 is lo, 2 is hi, 3 is the type. */
  static Pattern pattern() {
    return BOX;
  }

  private static int[] vector(TextFile file, String text, int line, String what, String corner)
      throws HierarchyFormatException {
    String[] parts = text.split(",");
    int[] v = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      int index = i;
      v[i] = file.parseInt(parts[i], line, () -> what + corner + "[" + index + "]");
    }
    return v;
  }

  static String excerpt(String text, int from) {
    int end = Math.min(text.length(), from + 40);
    return text.substring(from, end) + (end < text.length() ? "..." : "");
  }
}
