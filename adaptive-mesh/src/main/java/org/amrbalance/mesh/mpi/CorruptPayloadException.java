package org.amrbalance.mesh.mpi;

/**
 * Bytes received in an exchange do not match what the sender declared (size or CRC32 checksum), or the frame
 * around them is damaged. Thrown on the receiving rank after the whole exchange has been received, so the
 * communicator stays usable; nothing of the damaged exchange is returned.
 */
public final class CorruptPayloadException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int source;
  private final int destination;

  CorruptPayloadException(int source, int destination, String message) {
    super(message);
    this.source = source;
    this.destination = destination;
  }

  /** The rank the damaged bytes came from. */
  public int source() {
    return source;
  }

  /** The rank that received them (where this was thrown). */
  public int destination() {
    return destination;
  }
}
