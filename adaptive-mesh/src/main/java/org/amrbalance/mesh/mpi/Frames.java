package org.amrbalance.mesh.mpi;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The wire format of an exchange and its checks. All payloads from one rank to another travel as one buffer of
 * frames; a frame is a header (marker, source, destination, tag, size, CRC32) and the bytes. Public for the
 * communicators of other packages ({@code mesh.mpi.mpj}, which each rank loads apart), not an API of its own.
 */
public final class Frames {
  /** "AMRF": a frame starts here; anything else means the buffer is damaged or out of step. */
  static final int MARKER = 0x414D5246;
  static final int HEADER_BYTES = 4 + 4 + 4 + 8 + 4 + 4;

  private Frames() {}

  /** Moves one buffer to every rank ({@code outgoing[r]} to rank r) and returns the buffers received, by source. */
  @FunctionalInterface
  public interface Transport {
    byte[][] send(byte[][] outgoing);
  }

  /** The timeout of {@link Communicator#exchange(List, Duration)}, checked. */
  public static void checkTimeout(Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()
        || timeout.compareTo(Communicator.MAX_TIMEOUT) > 0) {
      throw new IllegalArgumentException("timeout = " + (timeout == null ? null
          : ExchangeTimeoutException.seconds(timeout)) + ": must be positive and at most "
          + ExchangeTimeoutException.seconds(Communicator.MAX_TIMEOUT));
    }
  }

  /** The whole exchange of {@link Communicator#exchange}, over a transport of whole buffers. */
  public static List<Payload> exchange(int rank, int size, List<Payload> outgoing, WireFilter filter,
      Transport transport) {
    List<List<Payload>> byDestination = new ArrayList<>(size);
    for (int r = 0; r < size; r++) {
      byDestination.add(new ArrayList<>());
    }
    for (Payload p : outgoing) {
      if (p.source() != rank) {
        throw new IllegalArgumentException("payload.source = " + p.source() + ": must be this rank, " + rank
            + " (" + p + ")");
      }
      if (p.destination() >= size) {
        throw new IllegalArgumentException("payload.destination = " + p.destination() + ": must be < size " + size
            + " (" + p + ")");
      }
      byDestination.get(p.destination()).add(p);
    }
    byte[][] buffers = new byte[size][];
    for (int r = 0; r < size; r++) {
      byte[] encoded = encode(byDestination.get(r));
      byte[] filtered = filter.apply(r, encoded);
      if (filtered == null) {
        throw new IllegalStateException("wire filter returned null for destination " + r);
      }
      buffers[r] = filtered;
    }
    byte[][] received = transport.send(buffers);
    // Everything has arrived before anything is checked: a corrupt buffer must not leave messages in flight.
    List<Payload> in = new ArrayList<>();
    for (int source = 0; source < size; source++) {
      decode(received[source], source, rank, in);
    }
    return in;
  }

  static byte[] encode(List<Payload> payloads) {
    long total = 0;
    for (Payload p : payloads) {
      total += HEADER_BYTES + (long) p.size();
    }
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("payloads to one rank = " + total + " bytes: must fit in one Java array");
    }
    ByteBuffer out = ByteBuffer.allocate((int) total);
    for (Payload p : payloads) {
      out.putInt(MARKER).putInt(p.source()).putInt(p.destination()).putLong(p.tag()).putInt(p.size())
          .putInt((int) p.checksum()).put(p.dataUnsafe());
    }
    return out.array();
  }

  /** Appends the payloads of {@code buffer}, received by rank {@code me} from rank {@code source}, to {@code out}. */
  static void decode(byte[] buffer, int source, int me, List<Payload> out) {
    ByteBuffer in = ByteBuffer.wrap(buffer);
    while (in.hasRemaining()) {
      int offset = in.position();
      if (in.remaining() < HEADER_BYTES) {
        throw corrupt(source, me, "frame from rank " + source + " at byte " + offset + " is cut short: "
            + in.remaining() + " bytes left, a header needs " + HEADER_BYTES);
      }
      int marker = in.getInt();
      if (marker != MARKER) {
        throw corrupt(source, me, String.format("frame from rank %d at byte %d starts with 0x%08x instead of 0x%08x:"
            + " the bytes are damaged or out of step", source, offset, marker, MARKER));
      }
      int from = in.getInt();
      int to = in.getInt();
      long tag = in.getLong();
      int size = in.getInt();
      long declared = Integer.toUnsignedLong(in.getInt());
      if (from != source || to != me) {
        throw corrupt(source, me, "payload tag " + tag + " received by rank " + me + " from rank " + source
            + " says it goes from rank " + from + " to rank " + to);
      }
      if (size < 0 || size > in.remaining()) {
        throw corrupt(source, me, "payload tag " + tag + " from rank " + source + " to rank " + me
            + ": declared size " + size + " bytes, but " + in.remaining() + " bytes arrived");
      }
      byte[] data = new byte[size];
      in.get(data);
      Payload p = Payload.adopt(from, to, tag, data);
      if (p.checksum() != declared) {
        throw corrupt(source, me, String.format("payload tag %d from rank %d to rank %d: CRC32 mismatch, the sender"
            + " declared %08x for %d bytes, the bytes received have %08x", tag, source, me, declared, size,
            p.checksum()));
      }
      out.add(p);
    }
  }

  private static CorruptPayloadException corrupt(int source, int me, String message) {
    return new CorruptPayloadException(source, me, message);
  }
}
