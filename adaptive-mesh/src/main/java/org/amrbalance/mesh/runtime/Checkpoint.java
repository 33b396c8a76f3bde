package org.amrbalance.mesh.runtime;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.CRC32;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * The state of a distributed run after a step: the step number, the next patch id, the hierarchy, the
 * assignment in force and every patch's values (valid cells), the balancing service's state (the trigger's
 * included, {@link org.amrbalance.service.BalancingService#saveState}, so a restarted run decides its remaps as the
 * uninterrupted one would) and the run's identity ({@link RunIdentity}: its run id and configuration fingerprint).
 *
 * <p>Written as one file that cannot be lost or mixed up: a temporary file {@code FILE.tmp} beside the target,
 * forced to disk; then the checkpoint it replaces is renamed to {@code FILE.prev} and the temporary file renamed to
 * {@code FILE} (both renames atomic, then the folder forced). A crash at any point leaves the newest complete
 * checkpoint in {@code FILE} or, between the renames, in {@code FILE.prev}, never a mixture; a write that fails
 * leaves {@code FILE} and {@code FILE.prev} as they were (a failed rename is undone). The file ends with a CRC32 of
 * everything before it.
 *
 * <p>Reading refuses, with an {@link IOException} of one line naming the file: a file that is not a checkpoint; a
 * torn or damaged one (truncated, CRC32 mismatch, content invalid); and, checked by a
 * {@link CheckpointExpectation}, a foreign one (another configuration fingerprint, naming the first setting that
 * differs, or another run id than the one expected) and a stale one (older than the step expected).
 * {@link #readNewest} takes the newest acceptable of {@code FILE} and {@code FILE.prev} and says why it skipped the
 * other.
 *
 * <p>Format versions: 3 carries the identity; 2 (no identity: its fingerprint and run id are unknown, and accepted
 * by every expectation) and 1 (no identity and no balancing state: the restart starts the trigger afresh) are still
 * read.
 */
@Immutable
public final class Checkpoint {
  private static final int MAGIC = 0x414d5243; // "AMRC"
  private static final int VERSION = 3;
  /** Suffix of the checkpoint a commit replaced. */
  static final String PREVIOUS = ".prev";
  private static final byte[] NO_STATE = new byte[0];

  private final int step;
  private final int nextPatchId;
  private final Assignment assignment;
  private final Map<Integer, double[]> values;
  private final byte[] balancingState;
  @Nullable private final RunIdentity identity;

  private Checkpoint(int step, int nextPatchId, Assignment assignment, Map<Integer, double[]> values,
      byte[] balancingState, @Nullable RunIdentity identity) {
    this.step = step;
    this.nextPatchId = nextPatchId;
    this.assignment = assignment;
    this.values = Collections.unmodifiableMap(values);
    this.balancingState = balancingState;
    this.identity = identity;
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
    return new Checkpoint(step, nextPatchId, assignment, copy, NO_STATE, null);
  }

  /** This checkpoint carrying {@code state}, the balancing service's {@code saveState()}. */
  public Checkpoint withBalancingState(byte[] state) {
    if (state == null) {
      throw new IllegalArgumentException("state = null: must not be null (an empty array for none)");
    }
    return new Checkpoint(step, nextPatchId, assignment, values, state.clone(), identity);
  }

  /** This checkpoint carrying the identity of the run that wrote it. */
  public Checkpoint withIdentity(RunIdentity id) {
    if (id == null) {
      throw new IllegalArgumentException("identity = null: must not be null");
    }
    return new Checkpoint(step, nextPatchId, assignment, values, balancingState, id);
  }

  /** The run that wrote it; empty for a checkpoint of format 1 or 2, or one made without. */
  public Optional<RunIdentity> identity() {
    return Optional.ofNullable(identity);
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
    return toBytes(VERSION);
  }

  /** The bytes in format {@code version} (1 to 3; the older ones for tests that read old files). */
  byte[] toBytes(int version) {
    if (version < 1 || version > VERSION) {
      throw new IllegalArgumentException("version = " + version + ": must be in [1, " + VERSION + "]");
    }
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeInt(MAGIC);
      out.writeInt(version);
      if (version >= 3) {
        // Right after the version, so a reader can tell whose checkpoint it is before reading the grids.
        out.writeBoolean(identity != null);
        if (identity != null) {
          out.writeLong(identity.runId());
          out.writeInt(identity.fingerprint().size());
          for (Map.Entry<String, String> e : identity.fingerprint().entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
          }
        }
      }
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
      if (version >= 2) {
        out.writeInt(balancingState.length);
        out.write(balancingState);
      }
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

  /**
   * Reads {@link #toBytes}; what is not a checkpoint, or a torn or damaged one, is an {@link IOException} of one
   * line saying which and why.
   */
  public static Checkpoint fromBytes(byte[] bytes) throws IOException {
    // The magic number first: a file that never was a checkpoint is told apart from a torn one (which keeps its head).
    if (bytes.length >= 4 && ByteBuffer.wrap(bytes, 0, 4).getInt() != MAGIC) {
      throw new IOException("not a checkpoint (no AMRC magic number)");
    }
    if (bytes.length < 16) {
      throw new IOException(TORN + "truncated to " + bytes.length + " bytes)");
    }
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - 8);
    long stored = ByteBuffer.wrap(bytes, bytes.length - 8, 8).getLong();
    if (stored != crc.getValue()) {
      throw new IOException(TORN + "CRC32 mismatch: stored " + Long.toHexString(stored) + ", computed "
          + Long.toHexString(crc.getValue()) + ")");
    }
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, 4, bytes.length - 12));
    int version = in.readInt();
    if (version < 1 || version > VERSION) {
      throw new IOException("checkpoint version = " + version + ": only 1 to " + VERSION + " are known");
    }
    try {
      RunIdentity identity = null;
      if (version >= 3 && in.readBoolean()) {
        long runId = in.readLong();
        Map<String, String> fingerprint = new LinkedHashMap<>();
        int n = count(in, 64);
        for (int k = 0; k < n; k++) {
          fingerprint.put(in.readUTF(), in.readUTF());
        }
        identity = RunIdentity.of(runId, fingerprint);
      }
      int step = in.readInt();
      int nextId = in.readInt();
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
        throw new IOException(TORN + in.available() + " bytes after the "
            + (version >= 2 ? "balancing state" : "values") + ")");
      }
      Checkpoint c = of(step, nextId, a, values).withBalancingState(state);
      return identity == null ? c : c.withIdentity(identity);
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw new IOException(TORN + "content invalid: " + oneLine(e.getMessage()) + ")", e);
    } catch (EOFException | UTFDataFormatException e) {
      // A CRC32 that matches a short body: the counts ask for more than the file holds.
      throw new IOException(TORN + "ends early)", e);
    }
  }

  private static final String TORN = "torn or damaged checkpoint (";

  /** {@code message} on one line: a refusal is one line in a log and in the demo's error. */
  static String oneLine(@Nullable String message) {
    return message == null ? "" : message.replaceAll("\\s*\\R\\s*", " ").strip();
  }

  private static int count(DataInputStream in, int max) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > max) {
      throw new IOException(TORN + "count = " + n + ": must be in [0, " + max + "])");
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

  /**
   * Writes the checkpoint to {@code file} atomically, keeping the one it replaces as {@code FILE.prev}: temporary
   * file, fsync, renames, folder fsync. A failure is an {@link IOException} and leaves both files as they were.
   */
  public void write(Path file) throws IOException {
    write(file, Checkpoint::atomicMove);
  }

  /** As {@link #write(Path)}, every rename done by {@code mover} (tests make one fail). */
  void write(Path file, Mover mover) throws IOException {
    commit(writeTemporary(file), file, mover);
  }

  /** Renames one file over another, atomically. */
  @FunctionalInterface
  interface Mover {
    void move(Path from, Path to) throws IOException;
  }

  /** The temporary file beside {@code file}: the first half of {@link #write}. */
  static Path temporaryOf(Path file) {
    return file.resolveSibling(file.getFileName() + ".tmp");
  }

  /** The checkpoint that the last commit to {@code file} replaced. */
  public static Path previousOf(Path file) {
    return file.resolveSibling(file.getFileName() + PREVIOUS);
  }

  /** Where the older {@code FILE.prev} waits during a commit, so a failed commit can put it back. */
  static Path asideOf(Path file) {
    return file.resolveSibling(file.getFileName() + PREVIOUS + ".old");
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
    } catch (IOException e) {
      deleteQuietly(tmp, e);
      throw new IOException(file + ": checkpoint not written, writing " + tmp.getFileName() + " failed: "
          + oneLine(e.toString()), e);
    }
    return tmp;
  }

  /** Commits the forced temporary file: see {@link #commit(Path, Path, Mover)}. */
  static void commit(Path tmp, Path file) throws IOException {
    commit(tmp, file, Checkpoint::atomicMove);
  }

  /**
   * Puts the forced temporary file in place of {@code file}, the replaced checkpoint becoming {@code FILE.prev},
   * then forces the folder so the renames are durable. The older {@code FILE.prev} is moved aside first and only
   * deleted once the new file is in place, so a failed rename can be undone with nothing lost.
   */
  static void commit(Path tmp, Path file, Mover mover) throws IOException {
    Path prev = previousOf(file);
    Path aside = asideOf(file);
    boolean hadFile = Files.exists(file);
    boolean hadPrev = hadFile && Files.exists(prev);
    int done = 0; // renames done: 1 prev aside, 2 file to prev
    try {
      if (hadPrev) {
        mover.move(prev, aside);
      }
      done = 1;
      if (hadFile) {
        mover.move(file, prev);
      }
      done = 2;
      mover.move(tmp, file);
    } catch (IOException e) {
      // Undo in reverse order; an undo that fails too is reported with the failure.
      if (done >= 2 && hadFile) {
        undo(mover, prev, file, e);
      }
      if (done >= 1 && hadPrev) {
        undo(mover, aside, prev, e);
      }
      deleteQuietly(tmp, e);
      throw new IOException(file + ": checkpoint not written, the previous ones kept: " + oneLine(e.getMessage()), e);
    }
    // Without a FILE.prev before, an aside file is a crashed commit's leftover, older than FILE.prev: gone too.
    try {
      Files.deleteIfExists(aside);
    } catch (IOException e) {
      // The new checkpoint is in place; a leftover is removed by the next commit.
    }
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
        d.force(true);
      } catch (IOException e) {
        // Some file systems cannot open a folder for reading; the renames themselves are still atomic there.
      }
    }
  }

  private static void atomicMove(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("cannot rename " + from.getFileName() + " atomically over " + to.getFileName(), e);
    } catch (IOException e) {
      throw new IOException("renaming " + from.getFileName() + " to " + to.getFileName() + " failed: "
          + oneLine(e.toString()), e);
    }
  }

  private static void undo(Mover mover, Path from, Path to, IOException failure) {
    try {
      mover.move(from, to);
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  private static void deleteQuietly(Path p, IOException failure) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  /**
   * Reads a checkpoint file (a leftover temporary file beside it is ignored); a missing file, or one that is not
   * a checkpoint or torn or damaged, is an {@link IOException} of one line naming the file.
   */
  public static Checkpoint read(Path file) throws IOException {
    return fromBytes(file, readBytes(file));
  }

  /** The file's bytes; a missing or unreadable file is an {@link IOException} of one line naming it. */
  static byte[] readBytes(Path file) throws IOException {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new IOException(file + ": no such checkpoint file", e);
    } catch (IOException e) {
      throw new IOException(file + ": unreadable: " + oneLine(e.toString()), e);
    }
  }

  /** {@link #fromBytes(byte[])}, its refusal naming {@code file}. */
  static Checkpoint fromBytes(Path file, byte[] bytes) throws IOException {
    try {
      return fromBytes(bytes);
    } catch (IOException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
    }
  }

  /** {@link #read} and {@link CheckpointExpectation#check}: the checkpoint in {@code file} if it is the expected one. */
  public static Checkpoint read(Path file, CheckpointExpectation expected) throws IOException {
    Checkpoint c = read(file);
    expected.check(file, c);
    return c;
  }

  /**
   * The newest of {@code file} and {@code FILE.prev} that {@code expected} accepts ({@link #read(Path,
   * CheckpointExpectation)}), with one line saying why the other was not taken: so a torn or missing newest
   * checkpoint falls back to the one before it.
   *
   * @throws IOException if neither is acceptable: one line with both reasons
   */
  public static Chosen readNewest(Path file, CheckpointExpectation expected) throws IOException {
    if (file == null || expected == null) {
      throw new IllegalArgumentException("file, expected = null: must not be null");
    }
    Path[] paths = {file, previousOf(file)};
    Checkpoint[] found = new Checkpoint[2];
    String[] why = new String[2];
    for (int k = 0; k < 2; k++) {
      try {
        found[k] = read(paths[k], expected);
      } catch (IOException | IllegalArgumentException e) {
        why[k] = oneLine(e.getMessage());
      }
    }
    if (found[0] == null && found[1] == null) {
      throw new IOException("no usable checkpoint: " + why[0] + "; " + why[1]);
    }
    // The newer by step; the file itself on a tie (it is the later commit).
    int take = found[0] == null || (found[1] != null && found[1].step() > found[0].step()) ? 1 : 0;
    int other = 1 - take;
    String skipped = found[other] != null
        ? paths[other] + ": older (after step " + found[other].step() + ")"
        : why[other];
    return new Chosen(paths[take], found[take], skipped);
  }

  /**
   * The checkpoint {@link #readNewest} took, its file, and why the other file was not taken (one line).
   */
  public record Chosen(Path file, Checkpoint checkpoint, String skipped) {
    public Chosen {
      if (file == null || checkpoint == null || skipped == null) {
        throw new IllegalArgumentException("file, checkpoint, skipped = null: must not be null");
      }
    }

    /** One line: which file was taken and why not the other. */
    public String describe() {
      return "checkpoint " + file + " (after step " + checkpoint.step() + "); not " + skipped;
    }
  }

  @Override
  public String toString() {
    return "Checkpoint[step " + step + ", " + assignment.hierarchy().patchCount() + " patches, "
        + assignment.ranks() + " ranks]";
  }
}
