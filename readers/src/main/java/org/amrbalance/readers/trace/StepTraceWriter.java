package org.amrbalance.readers.trace;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a step-time trace as {@link StepTraceReader} reads it, in the order things happen: {@link #regrid}, a
 * {@link #remap} at it, {@link #times}, a {@link #remap} after them, the step's {@link #wall} time. Seconds are
 * written in Java's shortest exact form, so a trace read back holds the very values written. A name ending {@code .gz} is gzip-compressed.
 */
public final class StepTraceWriter implements Closeable {
  private final Writer out;

  private StepTraceWriter(Writer out) throws IOException {
    this.out = out;
    out.write(StepTraceReader.HEADER + "\n");
  }

  /** Creates (or replaces) {@code file}, its directory included. */
  public static StepTraceWriter create(Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    var stream = Files.newOutputStream(file);
    return new StepTraceWriter(new BufferedWriter(new OutputStreamWriter(
        file.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(stream) : stream, StandardCharsets.UTF_8)));
  }

  /** Writes to {@code out} (closed with this writer). */
  public static StepTraceWriter to(Writer out) throws IOException {
    return new StepTraceWriter(out);
  }

  /** A regrid before the times of {@code step}, which took {@code seconds}. */
  public StepTraceWriter regrid(long step, double seconds) throws IOException {
    return row(step, StepTraceReader.REGRID, seconds);
  }

  /** A remap that cost {@code seconds}: before the times of {@code step} if they are not written yet, else after. */
  public StepTraceWriter remap(long step, double seconds) throws IOException {
    return row(step, StepTraceReader.REMAP, seconds);
  }

  /** The seconds of every rank at {@code step}; ends the step's line block with a flush. */
  public StepTraceWriter times(long step, double[] seconds) throws IOException {
    for (int r = 0; r < seconds.length; r++) {
      row(step, Integer.toString(r), seconds[r]);
    }
    out.flush();
    return this;
  }

  /** The whole wall time of {@code step}, after its times (and the remap after them, if any). */
  public StepTraceWriter wall(long step, double seconds) throws IOException {
    return row(step, StepTraceReader.WALL, seconds); // flushed with the next step's times, or at close
  }

  private StepTraceWriter row(long step, String rank, double seconds) throws IOException {
    if (step < 0 || !(Double.isFinite(seconds) && seconds >= 0)) {
      throw new IllegalArgumentException("step " + step + ", " + rank + ": seconds = " + seconds
          + ": must be finite and >= 0 at a step >= 0");
    }
    out.write(step + "," + rank + "," + seconds + "\n");
    return this;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
