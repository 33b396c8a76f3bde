package org.amrbalance.mesh.runtime;

import org.amrbalance.mesh.grid.CellMove;

/**
 * A fault to inject into the grid-data moves of a remap on one rank, for tests of failure handling: called at
 * each phase of each move this rank takes part in; throwing makes that phase fail.
 */
@FunctionalInterface
public interface RemapFault {
  /** Where in a move a fault strikes. */
  enum Phase {
    /** Reading and packing the values on the sending rank. */
    PACK,
    /** The bytes on the wire: the receiver finds them damaged (CRC32 mismatch). */
    SEND,
    /** Checking and unpacking on the receiving rank. */
    UNPACK
  }

  /** No fault. */
  RemapFault NONE = (phase, move, tag) -> false;

  /**
   * True if {@code phase} of {@code move} (index {@code tag} in its batch) should fail on this rank; for
   * {@link Phase#SEND} the payload's bytes are damaged after their checksum was taken.
   */
  boolean strikes(Phase phase, CellMove move, int tag);
}
