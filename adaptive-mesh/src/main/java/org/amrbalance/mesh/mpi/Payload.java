package org.amrbalance.mesh.mpi;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;
import javax.annotation.concurrent.Immutable;

/**
 * Bytes sent from one rank to another in a {@link Communicator#exchange}, tagged by the caller (for example by
 * the piece or patch they belong to). The CRC32 checksum is computed when the payload is made on the sending
 * rank and travels with the size, so that the receiving rank can verify that the bytes arrived intact.
 */
@Immutable
public final class Payload {
  private final int source;
  private final int destination;
  private final long tag;
  private final byte[] data;
  private final long checksum;

  private Payload(int source, int destination, long tag, byte[] data) {
    this.source = source;
    this.destination = destination;
    this.tag = tag;
    this.data = data;
    this.checksum = crc32(data, 0, data.length);
  }

  /** A payload of a copy of {@code data}, from rank {@code source} to rank {@code destination}. */
  public static Payload of(int source, int destination, long tag, byte[] data) {
    if (source < 0) {
      throw new IllegalArgumentException("payload.source = " + source + ": must be >= 0");
    }
    if (destination < 0) {
      throw new IllegalArgumentException("payload.destination = " + destination + ": must be >= 0");
    }
    if (data == null) {
      throw new IllegalArgumentException("payload.data = null: must not be null");
    }
    return new Payload(source, destination, tag, data.clone());
  }

  /** A payload that takes ownership of {@code data}: for bytes just received, which nothing else holds. */
  static Payload adopt(int source, int destination, long tag, byte[] data) {
    return new Payload(source, destination, tag, data);
  }

  /** The CRC32 of {@code length} bytes of {@code bytes} from {@code offset}. */
  public static long crc32(byte[] bytes, int offset, int length) {
    CRC32 crc = new CRC32();
    crc.update(bytes, offset, length);
    return crc.getValue();
  }

  public int source() {
    return source;
  }

  public int destination() {
    return destination;
  }

  public long tag() {
    return tag;
  }

  /** Number of bytes. */
  public int size() {
    return data.length;
  }

  /** CRC32 of the bytes, in {@code [0, 2^32)}. */
  public long checksum() {
    return checksum;
  }

  /** A copy of the bytes. */
  public byte[] data() {
    return data.clone();
  }

  /** The bytes, read-only and without a copy. */
  public ByteBuffer view() {
    return ByteBuffer.wrap(data).asReadOnlyBuffer();
  }

  byte[] dataUnsafe() {
    return data;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Payload p && p.source == source && p.destination == destination && p.tag == tag
        && Arrays.equals(p.data, data);
  }

  @Override
  public int hashCode() {
    return ((31 * source + destination) * 31 + Long.hashCode(tag)) * 31 + Long.hashCode(checksum);
  }

  @Override
  public String toString() {
    return "Payload[tag " + tag + ", rank " + source + " -> " + destination + ", " + data.length + " bytes, crc32 "
        + String.format("%08x", checksum) + "]";
  }
}
