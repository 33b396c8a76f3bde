package org.amrbalance.readers.trace;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.zip.GZIPInputStream;

/**
 * Reads a step-time trace ({@code step,rank,seconds}, see the package description), plain or gzip-compressed (told
 * apart by the content, not the name). Every problem is a {@link StepTraceFormatException} naming the file, the
 * line and what was wrong.
 */
public final class StepTraceReader {
  /** The first line of every trace. */
  public static final String HEADER = "step,rank,seconds";
  /** The rank column of a regrid row. */
  public static final String REGRID = "regrid";
  /** The rank column of a remap row. */
  public static final String REMAP = "remap";
  /** The rank column of a step's wall-time row. */
  public static final String WALL = "wall";
  /** The largest rank number accepted, so that a typo cannot ask for a huge step. */
  public static final int MAX_RANK = 1 << 20;

  private final String source;
  private final List<StepTrace.Step> steps = new ArrayList<>();
  private long open = -1;
  private double[] times = new double[0];
  private int ranks;
  private int openLine;
  private long pendingStep = -1;
  private OptionalDouble pendingRegrid = OptionalDouble.empty();
  private OptionalDouble pendingRemap = OptionalDouble.empty();
  private int pendingLine;

  private StepTraceReader(String source) {
    this.source = source;
  }

  /** Reads {@code file}. */
  public static StepTrace read(Path file) throws IOException {
    String name = file.toString();
    if (Files.isDirectory(file)) {
      throw new StepTraceFormatException(name, 0, "is a directory, not a trace file");
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new StepTraceFormatException(name, 0, "no such file");
    } catch (IOException e) {
      throw new StepTraceFormatException(name, 0, "cannot be read (" + e.getMessage() + ")");
    }
    return read(name, bytes);
  }

  /** Reads a trace held in memory; {@code source} names it in error messages. */
  public static StepTrace read(String source, byte[] bytes) throws IOException {
    if (bytes.length >= 2 && (bytes[0] & 0xff) == 0x1f && (bytes[1] & 0xff) == 0x8b) {
      try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
        bytes = in.readAllBytes();
      } catch (IOException e) {
        throw new StepTraceFormatException(source, 0, "broken gzip data (" + e.getMessage() + ")");
      }
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new StepTraceFormatException(source, 0, "not a text file (bytes that are not UTF-8 text)");
    }
    if (text.indexOf('\0') >= 0) {
      throw new StepTraceFormatException(source, 0, "not a text file (it holds NUL bytes)");
    }
    return new StepTraceReader(source).parse(text.split("\n", -1));
  }

  private StepTrace parse(String[] lines) throws StepTraceFormatException {
    boolean header = false;
    int lastLine = 0;
    for (int n = 1; n <= lines.length; n++) {
      String line = lines[n - 1].strip();
      if (n == 1 && line.startsWith("\uFEFF")) {
        line = line.substring(1).strip();
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      lastLine = n;
      if (!header) {
        if (!line.replace(" ", "").equalsIgnoreCase(HEADER)) {
          throw error(n, "expected the header '" + HEADER + "', found '" + shorten(line) + "'");
        }
        header = true;
        continue;
      }
      row(n, line);
    }
    if (!header) {
      throw error(0, "empty: expected the header '" + HEADER + "'");
    }
    closeStep(lastLine);
    if (pendingStep >= 0) {
      throw error(pendingLine, "the " + (pendingRegrid.isPresent() ? REGRID : REMAP) + " row of step " + pendingStep
          + " is not followed by the times of step " + pendingStep);
    }
    if (steps.isEmpty()) {
      throw error(0, "no step times after the header");
    }
    return StepTrace.of(source, steps);
  }

  private void row(int n, String line) throws StepTraceFormatException {
    String[] f = line.split(",", -1);
    if (f.length != 3) {
      throw error(n, "expected 3 columns " + HEADER + ", found " + f.length + " in '" + shorten(line) + "'");
    }
    long step = step(n, f[0].strip());
    String rank = f[1].strip();
    double seconds = seconds(n, f[2].strip());
    if (rank.equalsIgnoreCase(REGRID)) {
      closeStep(n);
      checkAfterLast(n, step, REGRID);
      pend(n, step);
      if (pendingRegrid.isPresent()) {
        throw error(n, "step " + step + ": a second regrid row");
      }
      if (pendingRemap.isPresent()) {
        throw error(n, "step " + step + ": the regrid row must come before the step's remap row");
      }
      pendingRegrid = OptionalDouble.of(seconds);
    } else if (rank.equalsIgnoreCase(REMAP)) {
      closeStep(n);
      StepTrace.Step last = timesRead(step);
      if (last != null) {
        if (last.remapAfter().isPresent()) {
          throw error(n, "step " + step + ": a second remap row after its times");
        }
        steps.set(steps.size() - 1, last.withRemapAfter(seconds));
        return;
      }
      checkAfterLast(n, step, REMAP);
      pend(n, step);
      if (pendingRemap.isPresent()) {
        throw error(n, "step " + step + ": a second remap row before its times");
      }
      pendingRemap = OptionalDouble.of(seconds);
    } else if (rank.equalsIgnoreCase(WALL)) {
      closeStep(n);
      StepTrace.Step last = timesRead(step);
      if (last == null) {
        throw error(n, "step " + step + ": a wall row must follow the step's times");
      }
      if (last.wall().isPresent()) {
        throw error(n, "step " + step + ": a second wall row");
      }
      steps.set(steps.size() - 1, last.withWall(seconds));
    } else {
      int r = rank(n, rank);
      if (open != step) {
        closeStep(n);
        checkAfterLast(n, step, "time");
        if (pendingStep >= 0 && pendingStep != step) {
          throw error(n, "step " + step + " follows the " + (pendingRegrid.isPresent() ? REGRID : REMAP)
              + " row of step " + pendingStep + " (line " + pendingLine + ")");
        }
        open = step;
        openLine = n;
        times = new double[Math.max(ranks, 1)];
        Arrays.fill(times, Double.NaN);
      }
      if (ranks > 0 && r >= ranks) {
        throw error(n, "step " + step + ": rank " + r + ", but the first step has ranks 0-" + (ranks - 1));
      }
      if (r >= times.length) {
        int old = times.length;
        times = Arrays.copyOf(times, Math.max(r + 1, 2 * old));
        Arrays.fill(times, old, times.length, Double.NaN);
      }
      if (!Double.isNaN(times[r])) {
        throw error(n, "step " + step + ": a second time for rank " + r);
      }
      times[r] = seconds;
    }
  }

  /** The last step read if its times are step {@code step}'s and no row waits for the next times; else null. */
  @javax.annotation.Nullable
  private StepTrace.Step timesRead(long step) {
    StepTrace.Step last = steps.isEmpty() ? null : steps.get(steps.size() - 1);
    return last != null && last.number() == step && pendingStep < 0 ? last : null;
  }

  private void pend(int n, long step) throws StepTraceFormatException {
    if (pendingStep >= 0 && pendingStep != step) {
      throw error(n, "step " + step + " follows the " + (pendingRegrid.isPresent() ? REGRID : REMAP) + " row of step "
          + pendingStep + " (line " + pendingLine + ") before its times");
    }
    if (pendingStep < 0) {
      pendingLine = n;
    }
    pendingStep = step;
  }

  private void checkAfterLast(int n, long step, String what) throws StepTraceFormatException {
    if (!steps.isEmpty() && step <= steps.get(steps.size() - 1).number()) {
      throw error(n, "step " + step + " (" + what + ") after the times of step " + steps.get(steps.size() - 1).number()
          + ": steps must increase and each step's rank rows must be together");
    }
  }

  /** Ends the step being read: every rank must have a time; the first step fixes the ranks. */
  private void closeStep(int n) throws StepTraceFormatException {
    if (open < 0) {
      return;
    }
    int count = ranks;
    if (ranks == 0) {
      count = times.length;
      while (count > 0 && Double.isNaN(times[count - 1])) {
        count--;
      }
    }
    for (int r = 0; r < count; r++) {
      if (Double.isNaN(times[r])) {
        throw error(openLine, "step " + open + " has no time for rank " + r + (ranks > 0 ? " (the first step has ranks 0-"
            + (ranks - 1) + ")" : " (ranks are numbered from 0)"));
      }
    }
    ranks = count;
    steps.add(StepTrace.Step.of(open, Arrays.copyOf(times, count), pendingRegrid, pendingRemap, OptionalDouble.empty()));
    open = -1;
    pendingStep = -1;
    pendingRegrid = OptionalDouble.empty();
    pendingRemap = OptionalDouble.empty();
  }

  private long step(int n, String s) throws StepTraceFormatException {
    try {
      long v = Long.parseLong(s);
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error(n, "step = '" + shorten(s) + "': must be a whole number >= 0");
  }

  private int rank(int n, String s) throws StepTraceFormatException {
    try {
      int v = Integer.parseInt(s);
      if (v >= 0 && v <= MAX_RANK) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error(n, "rank = '" + shorten(s) + "': must be a rank number in [0, " + MAX_RANK + "], '" + REGRID + "', '"
        + REMAP + "' or '" + WALL + "'");
  }

  private double seconds(int n, String s) throws StepTraceFormatException {
    double v;
    try {
      v = Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw error(n, "seconds = '" + shorten(s) + "': not a number");
    }
    if (!(Double.isFinite(v) && v >= 0)) {
      throw error(n, "seconds = " + s + ": must be finite and >= 0");
    }
    return v;
  }

  private StepTraceFormatException error(int line, String problem) {
    return new StepTraceFormatException(source, line, problem);
  }

  /** A quoted piece of the file, cut short and without control characters, so that the error stays one line. */
  private static String shorten(String s) {
    String clean = s.replaceAll("\\p{Cntrl}", "?");
    return clean.length() <= 40 ? clean : clean.substring(0, 37) + "...";
  }
}
