package org.amrbalance.readers.trace;

import java.io.IOException;

/**
 * A step-time trace that breaks its format. The message reads {@code file:line: problem}, or {@code file: problem}
 * when the problem concerns the whole file. Checked, like the file system's own failures, because a bad file is a
 * condition of the input that a caller must expect.
 */
public final class StepTraceFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final int line;
  private final String problem;

  /**
   * @param source the file's name as the user gave it
   * @param line 1-based line, or 0 when the problem concerns the whole file
   * @param problem what is wrong, in words
   */
  public StepTraceFormatException(String source, int line, String problem) {
    super((line > 0 ? source + ":" + line : source) + ": " + problem);
    this.source = source;
    this.line = Math.max(0, line);
    this.problem = problem;
  }

  public String source() {
    return source;
  }

  /** The 1-based line of the problem, or 0. */
  public int line() {
    return line;
  }

  /** The problem, without the file and line. */
  public String problem() {
    return problem;
  }
}
