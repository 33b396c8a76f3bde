package org.amrbalance.mesh.mpi;

/** A launch by {@link MpjLauncher} did not succeed: a rank threw, did not report, or time ran out. */
public final class MpjLaunchException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MpjLaunchException(String message) {
    super(message);
  }

  public MpjLaunchException(String message, Throwable cause) {
    super(message, cause);
  }
}
