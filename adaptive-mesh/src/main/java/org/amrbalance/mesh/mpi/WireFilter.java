package org.amrbalance.mesh.mpi;

/**
 * Sees, and may replace, the bytes a rank is about to send to another rank in an exchange: one or more frames,
 * each a fixed header (source, destination, tag, size, CRC32) followed by the payload's bytes. For
 * fault-injection tests: a filter that damages the bytes shows how the receiver reports corruption.
 */
@FunctionalInterface
public interface WireFilter {
  /** The bytes to send to {@code destination} instead of {@code frames} (may return {@code frames} itself). */
  byte[] apply(int destination, byte[] frames);

  /** Sends everything unchanged. */
  static WireFilter none() {
    return (destination, frames) -> frames;
  }

  /**
   * Inverts the bits of the last byte sent to {@code target} (the last data byte of the last payload for it, or
   * its header's last byte if that payload is empty); other destinations are untouched.
   */
  static WireFilter flipLastByteTo(int target) {
    return (destination, frames) -> {
      if (destination != target || frames.length == 0) {
        return frames;
      }
      byte[] damaged = frames.clone();
      damaged[damaged.length - 1] ^= (byte) 0xFF;
      return damaged;
    };
  }
}
