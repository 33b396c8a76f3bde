package org.amrbalance.readers;

import java.io.IOException;

/**
 * A hierarchy file that breaks its format or describes an impossible hierarchy. The message reads
 * {@code file:line: problem} (or {@code file: problem} when the problem concerns the whole file, such as a
 * missing companion file or a missing required line).
 *
 * <p>Checked, and an {@link IOException}, because bad file content is a condition of the input that a caller
 * must expect and handle together with the other failures of reading a file, not a programming error (the
 * project keeps {@link IllegalArgumentException} for bad arguments passed by code).
 */
public final class HierarchyFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  /** Line number used when the problem concerns the file as a whole. */
  public static final int WHOLE_FILE = 0;

  private final String source;
  private final int line;
  private final String problem;

  /**
   * @param source the file's name as the user gave it
   * @param line 1-based line number, or {@link #WHOLE_FILE}
   * @param problem what is wrong, in words
   */
  public HierarchyFormatException(String source, int line, String problem) {
    super((line > WHOLE_FILE ? source + ":" + line : source) + ": " + problem);
    this.source = source;
    this.line = Math.max(WHOLE_FILE, line);
    this.problem = problem;
  }

  /** The file the problem is in. */
  public String source() {
    return source;
  }

  /** The 1-based line of the problem, or {@link #WHOLE_FILE}. */
  public int line() {
    return line;
  }

  /** The problem, without the file and line. */
  public String problem() {
    return problem;
  }
}
