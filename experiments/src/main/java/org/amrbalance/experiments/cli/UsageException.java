package org.amrbalance.experiments.cli;

/** A command line that cannot be obeyed; the launcher prints the message and exits with status 2. */
public final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
