package org.amrbalance.mesh.mpi;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import mpi.MPI;

/**
 * The main class MPJ's starter runs on every rank for {@link MpjLauncher}: initializes MPI, runs the
 * {@link RankProgram} and leaves a status file ({@code rank-R.ok} or {@code rank-R.failed} with the stack trace)
 * in the launch's status folder. MPJ's starter reports neither a rank's failure nor its exit code, so the
 * launcher reads these files instead.
 *
 * <p>Arguments after MPJ's own: the status folder, the program's class name, then the program's arguments.
 */
public final class MpjRankMain {
  static final String OK_SUFFIX = ".ok";
  static final String FAILED_SUFFIX = ".failed";

  private MpjRankMain() {}

  public static void main(String[] args) {
    String[] appArgs = MPI.Init(args);
    if (appArgs.length < 2) {
      throw new IllegalArgumentException("arguments = " + Arrays.toString(appArgs)
          + ": expected the status folder and the program class, then the program's arguments");
    }
    Path statusDir = Path.of(appArgs[0]);
    int rank = MPI.COMM_WORLD.Rank();
    try {
      RankProgram program = instantiate(appArgs[1]);
      program.run(MpjCollectives.world(), List.of(appArgs).subList(2, appArgs.length));
    } catch (Throwable e) {
      // No MPI.Finalize: the other ranks may be blocked in a collective; the launcher stops them.
      writeStatus(statusDir, rank, FAILED_SUFFIX, stackTrace(e));
      return;
    }
    // Reported before Finalize, which can block while another rank is stuck.
    writeStatus(statusDir, rank, OK_SUFFIX, "");
    MPI.Finalize();
  }

  private static RankProgram instantiate(String className) throws ReflectiveOperationException {
    // The rank's own class loader: with the multicore device each rank has one.
    Class<?> type = Class.forName(className, true, MpjRankMain.class.getClassLoader());
    if (!RankProgram.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException("program = " + className + ": does not implement RankProgram");
    }
    try {
      return (RankProgram) type.getConstructor().newInstance();
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("constructor of " + className + " failed", e.getCause());
    }
  }

  private static String stackTrace(Throwable e) {
    StringWriter text = new StringWriter();
    e.printStackTrace(new PrintWriter(text));
    return text.toString();
  }

  static String statusFileName(int rank, String suffix) {
    return "rank-" + rank + suffix;
  }

  /** Written to a temporary file and moved into place, so that the launcher never reads half a status. */
  private static void writeStatus(Path dir, int rank, String suffix, String text) {
    try {
      Path tmp = Files.createTempFile(dir, "rank-" + rank, ".tmp");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, dir.resolve(statusFileName(rank, suffix)), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("rank " + rank + ": cannot write its status to " + dir, e);
    }
  }
}
