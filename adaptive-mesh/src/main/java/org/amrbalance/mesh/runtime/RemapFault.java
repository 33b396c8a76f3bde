package org.amrbalance.mesh.runtime;

import java.time.Duration;
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
    UNPACK,
    /**
     * The sending rank holds the move back for {@link #stall()} before its exchange (a rank that stops answering):
     * its receivers give up at the remap timeout. At most once per remap and rank, as a rank that was held up
     * once and then catches up.
     */
    STALL
  }

  /** No fault. */
  RemapFault NONE = (phase, move, tag) -> false;

  /**
   * True if {@code phase} of {@code move} (index {@code tag} in its batch) should fail on this rank; for
   * {@link Phase#SEND} the payload's bytes are damaged after their checksum was taken.
   */
  boolean strikes(Phase phase, CellMove move, int tag);

  /** How long a move struck in {@link Phase#STALL} is held back; none unless given by {@link #stallingFor}. */
  default Duration stall() {
    return Duration.ZERO;
  }

  /** This fault, holding a move struck in {@link Phase#STALL} back for {@code d}. */
  default RemapFault stallingFor(Duration d) {
    if (d == null || d.isNegative()) {
      throw new IllegalArgumentException("stall = " + d + ": must be zero or positive");
    }
    RemapFault where = this;
    return new RemapFault() {
      @Override
      public boolean strikes(Phase phase, CellMove move, int tag) {
        return where.strikes(phase, move, tag);
      }

      @Override
      public Duration stall() {
        return d;
      }
    };
  }
}
