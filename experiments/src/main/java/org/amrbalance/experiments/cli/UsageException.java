package org.amrbalance.experiments.cli;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.amrbalance.readers.HierarchyFormatException;
import org.amrbalance.readers.trace.StepTraceFormatException;

/**
 * A command line or an input that cannot be obeyed. The launcher prints {@code amrbalance COMMAND: MESSAGE} once
 * and exits with status 2; the message reads {@code what (where)}, where is the option, key or file at fault.
 */
public final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final boolean commandLine;

  private UsageException(String message, boolean commandLine) {
    super(message);
    this.commandLine = commandLine;
  }

  /** A bad option: {@code where} names it, e.g. {@code --ranks = 0} or {@code --set no-such=1}. */
  public UsageException(String what, String where) {
    this(what + " (" + where + ")", true);
  }

  /** A file that cannot be read or written, or whose content is wrong: the command line itself was fine. */
  public static UsageException input(String what, Object file) {
    return new UsageException(what + " (" + file + ")", false);
  }

  /** A hierarchy file that breaks its format, with the file and line in the parentheses. */
  public static UsageException of(HierarchyFormatException e) {
    return input(e.problem(), e.line() > HierarchyFormatException.WHOLE_FILE ? e.source() + ":" + e.line()
        : e.source());
  }

  /** A step-time trace that breaks its format, with the file and line in the parentheses. */
  public static UsageException of(StepTraceFormatException e) {
    return input(e.problem(), e.line() > 0 ? e.source() + ":" + e.line() : e.source());
  }

  /**
   * An input file that failed to read for another reason than its format (bytes that are no text, a folder, a
   * vanished file): the reason, without the exception's class.
   */
  public static UsageException unreadable(IOException e, Path file) {
    String reason = e instanceof NoSuchFileException ? "no such file"
        : e instanceof AccessDeniedException ? "permission denied"
        : e instanceof CharacterCodingException ? "not a text file"
        : e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
        : e.getMessage() == null ? "unreadable" : e.getMessage();
    return input("cannot be read: " + reason, file);
  }

  /** True for a bad command line (the launcher then points to {@code --help}), false for a bad input file. */
  public boolean fromCommandLine() {
    return commandLine;
  }
}
