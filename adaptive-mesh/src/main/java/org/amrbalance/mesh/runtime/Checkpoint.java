package org.amrbalance.mesh.runtime;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * The state of a distributed run after a step: the step number, the next patch id, the hierarchy, the
 * assignment in force and every patch's values (valid cells). Written as one file, atomically: a temporary file
 * beside the target, forced to disk, then renamed over the target, so a crash at any point leaves either the
 * previous checkpoint or the new one, never a mixture; the file ends with a CRC32 of everything before it, so a
 * damaged file is refused on reading. It also carries the balancing service's state, the trigger's included
 * ({@link org.amrbalance.service.BalancingService#saveState}), so a restarted run decides its remaps as the
 * uninterrupted one would; files of version 1 have none, and their restart starts the trigger afresh.
 */
@Immutable
public final class Checkpoint {
  private static final int MAGIC = 0x414d5243; // "AMRC"
  private static final int VERSION = 2;
  private static final byte[] NO_STATE = new byte[0];

  private final int step;
  private final int nextPatchId;
  private final Assignment assignment;
  private final Map<Integer, double[]> values;
  private final byte[] balancingState;

  private Checkpoint(int step, int nextPatchId, Assignment assignment, Map<Integer, double[]> values,
      byte[] balancingState) {
    this.step = step;
    this.nextPatchId = nextPatchId;
    this.assignment = assignment;
    this.values = Collections.unmodifiableMap(values);
    this.balancingState = balancingState;
  }

  /** A checkpoint of the given state; {@code values} must hold every patch's valid cells in box order. */
  public static Checkpoint of(int step, int nextPatchId, Assignment assignment, Map<Integer, double[]> values) {
    if (step < 0) {
      throw new IllegalArgumentException("step = " + step + ": must be >= 0");
    }
    if (assignment == null || values == null) {
      throw new IllegalArgumentException("assignment, values = null: must not be null");
    }
    Map<Integer, double[]> copy = new TreeMap<>();
    for (Patch p : assignment.hierarchy().patches()) {
      if (p.id() >= nextPatchId) {
        throw new IllegalArgumentException("nextPatchId = " + nextPatchId + ": must exceed patch id " + p.id());
      }
      double[] v = values.get(p.id());
      if (v == null || v.length != p.box().volume()) {
        throw new IllegalArgumentException("values of patch " + p.id() + " = "
            + (v == null ? "null" : v.length + " values") + ": must be " + p.box().volume() + " values");
      }
      copy.put(p.id(), v.clone());
    }
    return new Checkpoint(step, nextPatchId, assignment, copy, NO_STATE);
  }

  /** This checkpoint carrying {@code state}, the balancing service's {@code saveState()}. */
  public Checkpoint withBalancingState(byte[] state) {
    if (state == null) {
      throw new IllegalArgumentException("state = null: must not be null (an empty array for none)");
    }
    return new Checkpoint(step, nextPatchId, assignment, values, state.clone());
  }

  /** The balancing service's state, empty if none was saved. */
  public byte[] balancingState() {
    return balancingState.clone();
  }

  /** Steps taken when the checkpoint was written. */
  public int step() {
    return step;
  }

  public int nextPatchId() {
    return nextPatchId;
  }

  public Assignment assignment() {
    return assignment;
  }

  public Hierarchy hierarchy() {
    return assignment.hierarchy();
  }

  /** Each patch's valid cells by patch id (read-only view; do not modify the arrays). */
  public Map<Integer, double[]> values() {
    return values;
  }

  // ------------------------------------------------------------------ bytes

  /** The file's bytes, CRC32 last. */
  public byte[] toBytes() {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeInt(MAGIC);
      out.writeInt(VERSION);
      out.writeInt(step);
      out.writeInt(nextPatchId);
      Hierarchy h = assignment.hierarchy();
      writeBox(out, h.domain());
      int[] ratios = h.ratios();
      out.writeInt(ratios.length);
      for (int r : ratios) {
        out.writeInt(r);
      }
      out.writeInt(h.patchCount());
      for (Patch p : h.patches()) {
        out.writeInt(p.id());
        out.writeInt(p.level());
        writeBox(out, p.box());
        out.writeDouble(p.work());
      }
      out.writeInt(assignment.ranks());
      out.writeInt(assignment.pieces().size());
      for (Piece piece : assignment.pieces()) {
        out.writeInt(piece.patchId());
        writeBox(out, piece.box());
        out.writeInt(piece.rank());
      }
      for (Patch p : h.patches()) {
        for (double v : values.get(p.id())) {
          out.writeDouble(v);
        }
      }
      out.writeInt(balancingState.length);
      out.write(balancingState);
      out.flush();
      CRC32 crc = new CRC32();
      crc.update(bytes.toByteArray());
      out.writeLong(crc.getValue());
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory failed", e);
    }
  }

  /** Reads {@link #toBytes}; a damaged or truncated file is an {@link IOException} saying why. */
  public static Checkpoint fromBytes(byte[] bytes) throws IOException {
    if (bytes.length < 16) {
      throw new IOException("checkpoint of " + bytes.length + " bytes: too short");
    }
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - 8);
    long stored = ByteBuffer.wrap(bytes, bytes.length - 8, 8).getLong();
    if (stored != crc.getValue()) {
      throw new IOException("checkpoint CRC32 mismatch: stored " + Long.toHexString(stored) + ", computed "
          + Long.toHexString(crc.getValue()) + " (damaged or incomplete file)");
    }
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, 0, bytes.length - 8));
    if (in.readInt() != MAGIC) {
      throw new IOException("not a checkpoint: wrong magic number");
    }
    int version = in.readInt();
    if (version != 1 && version != VERSION) {
      throw new IOException("checkpoint version = " + version + ": only 1 and " + VERSION + " are known");
    }
    int step = in.readInt();
    int nextId = in.readInt();
    try {
      Box domain = readBox(in);
      int[] ratios = new int[count(in, 64)];
      for (int k = 0; k < ratios.length; k++) {
        ratios[k] = in.readInt();
      }
      List<Patch> patches = new ArrayList<>();
      int n = count(in, bytes.length);
      for (int k = 0; k < n; k++) {
        int id = in.readInt();
        int level = in.readInt();
        patches.add(Patch.of(id, level, readBox(in), in.readDouble()));
      }
      Hierarchy h = Hierarchy.of(domain, ratios, patches);
      int ranks = in.readInt();
      List<Piece> pieces = new ArrayList<>();
      int m = count(in, bytes.length);
      for (int k = 0; k < m; k++) {
        int id = in.readInt();
        pieces.add(Piece.of(id, readBox(in), in.readInt()));
      }
      Assignment a = Assignment.of(h, ranks, pieces);
      Map<Integer, double[]> values = new TreeMap<>();
      for (Patch p : h.patches()) {
        double[] v = new double[Math.toIntExact(p.box().volume())];
        for (int i = 0; i < v.length; i++) {
          v[i] = in.readDouble();
        }
        values.put(p.id(), v);
      }
      byte[] state = NO_STATE;
      if (version >= 2) {
        state = new byte[count(in, in.available())];
        in.readFully(state);
      }
      if (in.available() != 0) {
        throw new IOException("checkpoint has " + in.available() + " bytes after the "
            + (version >= 2 ? "balancing state" : "values"));
      }
      return of(step, nextId, a, values).withBalancingState(state);
    } catch (IllegalArgumentException e) {
      throw new IOException("checkpoint content invalid: " + e.getMessage(), e);
    }
  }

  private static int count(DataInputStream in, int max) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > max) {
      throw new IOException("count = " + n + ": must be in [0, " + max + "]");
    }
    return n;
  }

  private static void writeBox(DataOutputStream out, Box b) throws IOException {
    out.writeInt(b.dim());
    for (int a = 0; a < b.dim(); a++) {
      out.writeInt(b.lo(a));
      out.writeInt(b.hi(a));
    }
  }

  private static Box readBox(DataInputStream in) throws IOException {
    int dim = count(in, 3);
    int[] lo = new int[dim];
    int[] hi = new int[dim];
    for (int a = 0; a < dim; a++) {
      lo[a] = in.readInt();
      hi[a] = in.readInt();
    }
    return Box.of(lo, hi);
  }

  // ------------------------------------------------------------------ files

  /** Writes the checkpoint to {@code file} atomically: temporary file, fsync, rename (then fsync the folder). */
  public void write(Path file) throws IOException {
    commit(writeTemporary(file), file);
  }

  /** The temporary file beside {@code file}: the first half of {@link #write}. */
  static Path temporaryOf(Path file) {
    return file.resolveSibling(file.getFileName() + ".tmp");
  }

  /** Writes and forces the temporary file; the target is untouched until {@link #commit}. */
  Path writeTemporary(Path file) throws IOException {
    Path tmp = temporaryOf(file);
    try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer b = ByteBuffer.wrap(toBytes());
      while (b.hasRemaining()) {
        ch.write(b);
      }
      ch.force(true);
    }
    return tmp;
  }

  /** Renames the forced temporary file over the target, then forces the folder so the rename is durable. */
  static void commit(Path tmp, Path file) throws IOException {
    try {
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("cannot rename " + tmp.getFileName() + " atomically over " + file.getFileName(), e);
    }
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
        d.force(true);
      } catch (IOException e) {
        // Some file systems cannot open a folder for reading; the rename itself is still atomic there.
      }
    }
  }

  /** Reads a checkpoint file (a leftover temporary file beside it is ignored). */
  public static Checkpoint read(Path file) throws IOException {
    return fromBytes(Files.readAllBytes(file));
  }

  @Override
  public String toString() {
    return "Checkpoint[step " + step + ", " + assignment.hierarchy().patchCount() + " patches, "
        + assignment.ranks() + " ranks]";
  }
}
