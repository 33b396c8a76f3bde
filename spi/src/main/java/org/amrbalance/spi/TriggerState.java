package org.amrbalance.spi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.annotation.Nullable;
import org.amrbalance.spi.internal.Checks;

/**
 * The byte format of a trigger's {@link org.amrbalance.spi.RemapPolicy#saveState}: a marker, the trigger's kind
 * and a format version, then its fields in a fixed order. Reading checks the marker, the kind and the version
 * first and that every byte was consumed last, so a state of another trigger, of another version or cut short is
 * an {@link IllegalArgumentException} naming what was wrong. Policies read into locals and assign only when the
 * whole state was read, so a refused state leaves them unchanged.
 */
public final class TriggerState {
  private static final int MARKER = 0x414d5254; // "AMRT"

  private TriggerState() {}

  /** Starts a state of trigger {@code kind}, format {@code version}. */
  public static Writer writer(String kind, int version) {
    return new Writer(kind, version);
  }

  /**
   * Reads a state written by {@link #writer} with the same kind and version.
   *
   * @throws IllegalArgumentException if the bytes start otherwise
   */
  public static Reader reader(byte[] state, String kind, int version) {
    return new Reader(Checks.notNull("state", state), kind, version);
  }

  /** Fields in order; {@link #toBytes} ends it. */
  public static final class Writer {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);

    private Writer(String kind, int version) {
      Checks.notNull("kind", kind);
      try {
        out.writeInt(MARKER);
        out.writeUTF(kind);
        out.writeInt(version);
      } catch (IOException e) {
        throw new UncheckedIOException(e); // a byte array never fails
      }
    }

    public Writer putInt(int v) {
      return put(() -> out.writeInt(v));
    }

    public Writer putLong(long v) {
      return put(() -> out.writeLong(v));
    }

    public Writer putDouble(double v) {
      return put(() -> out.writeDouble(v));
    }

    public Writer putBoolean(boolean v) {
      return put(() -> out.writeBoolean(v));
    }

    /** An array that may be null (written as length −1). */
    public Writer putDoubles(@Nullable double[] v) {
      return put(() -> {
        out.writeInt(v == null ? -1 : v.length);
        if (v != null) {
          for (double d : v) {
            out.writeDouble(d);
          }
        }
      });
    }

    /** An array that may be null (written as length −1). */
    public Writer putLongs(@Nullable long[] v) {
      return put(() -> {
        out.writeInt(v == null ? -1 : v.length);
        if (v != null) {
          for (long d : v) {
            out.writeLong(d);
          }
        }
      });
    }

    /** Another policy's state inside this one (a composite's members). */
    public Writer putBytes(byte[] v) {
      return put(() -> {
        out.writeInt(v.length);
        out.write(v);
      });
    }

    public byte[] toBytes() {
      return bytes.toByteArray();
    }

    private Writer put(Field f) {
      try {
        f.write();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return this;
    }

    @FunctionalInterface
    private interface Field {
      void write() throws IOException;
    }
  }

  /** Fields in the order they were written; {@link #end} checks nothing is left. */
  public static final class Reader {
    private final DataInputStream in;
    private final String kind;
    private final int length;

    private Reader(byte[] state, String kind, int version) {
      this.in = new DataInputStream(new ByteArrayInputStream(state));
      this.kind = kind;
      this.length = state.length;
      int marker = readInt();
      if (marker != MARKER) {
        throw Checks.bad("state", length + " bytes", "not a trigger state (it does not start with the marker)");
      }
      String written;
      try {
        written = in.readUTF();
      } catch (IOException e) {
        throw cut();
      }
      if (!written.equals(kind)) {
        throw Checks.bad("state", length + " bytes", "written by trigger " + written + ", not " + kind);
      }
      int v = readInt();
      if (v != version) {
        throw Checks.bad("state", length + " bytes", kind + " state format " + v + ", this version reads " + version);
      }
    }

    public int readInt() {
      return read(in::readInt);
    }

    public long readLong() {
      return read(in::readLong);
    }

    public double readDouble() {
      return read(in::readDouble);
    }

    public boolean readBoolean() {
      return read(in::readBoolean);
    }

    /** An array written by {@link Writer#putDoubles}; null if null was written. */
    @Nullable
    public double[] readDoubles() {
      int n = arrayLength(8);
      if (n < 0) {
        return null;
      }
      double[] v = new double[n];
      for (int i = 0; i < n; i++) {
        v[i] = readDouble();
      }
      return v;
    }

    /** An array written by {@link Writer#putLongs}; null if null was written. */
    @Nullable
    public long[] readLongs() {
      int n = arrayLength(8);
      if (n < 0) {
        return null;
      }
      long[] v = new long[n];
      for (int i = 0; i < n; i++) {
        v[i] = readLong();
      }
      return v;
    }

    public byte[] readBytes() {
      int n = arrayLength(1);
      if (n < 0) {
        throw Checks.bad("state", length + " bytes", kind + " state holds a negative length");
      }
      byte[] v = new byte[n];
      read(() -> {
        in.readFully(v);
        return v;
      });
      return v;
    }

    /** Checks that the state was read to its last byte. */
    public void end() {
      int left = read(in::available);
      if (left != 0) {
        throw Checks.bad("state", length + " bytes", kind + " state has " + left + " bytes after its last field");
      }
    }

    /** A length read before the elements, checked against what is left so a damaged length allocates nothing. */
    private int arrayLength(int elementBytes) {
      int n = readInt();
      if (n >= 0 && (long) n * elementBytes > read(in::available)) {
        throw cut();
      }
      return n;
    }

    private <T> T read(Field<T> f) {
      try {
        return f.read();
      } catch (EOFException e) {
        throw cut();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private IllegalArgumentException cut() {
      return Checks.bad("state", length + " bytes", kind + " state is cut short");
    }

    @FunctionalInterface
    private interface Field<T> {
      T read() throws IOException;
    }
  }
}
