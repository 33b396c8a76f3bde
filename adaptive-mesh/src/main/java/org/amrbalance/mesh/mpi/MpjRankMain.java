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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * The main class MPJ's starter runs on every rank for {@link MpjLauncher}: initializes MPI, runs the
 * {@link RankProgram} and leaves a status file ({@code rank-R.ok} or {@code rank-R.failed} with the stack trace)
 * in the launch's status folder. MPJ's starter reports neither a rank's failure nor its exit code, so the
 * launcher reads these files instead.
 *
 * <p>Arguments after MPJ's own: the status folder, the program's class name, and the program's arguments encoded
 * as one word ({@link #encodeArgs}): MPJ's starter reads its options ({@code -np}, {@code -dev}, ...) anywhere on
 * its command line, even after the class name, so the program's own must not appear there as they are.
 */
public final class MpjRankMain {
  static final String OK_SUFFIX = ".ok";
  static final String FAILED_SUFFIX = ".failed";
  /** A counter the rank's heartbeat thread advances: a launch watching for lost ranks sees it stop. */
  static final String BEAT_SUFFIX = ".beat";
  /** "PID HOST" of the rank's JVM. */
  static final String PROCESS_SUFFIX = ".process";
  /** How often a rank beats; the launcher counts a rank lost after many beats missed (MpjLauncher). */
  static final long BEAT_MILLIS = 250;
  private static final String ARGS_PREFIX = "args:";

  private MpjRankMain() {}

  public static void main(String[] args) {
    MpiRuntime mpi = MpiRuntime.forThisRank();
    String[] appArgs = mpi.init(args);
    if (appArgs.length != 3) {
      throw new IllegalArgumentException("arguments = " + Arrays.toString(appArgs)
          + ": expected the status folder, the program class and the program's encoded arguments");
    }
    Path statusDir = Path.of(appArgs[0]);
    int rank = mpi.rank();
    writeStatus(statusDir, rank, PROCESS_SUFFIX, ProcessHandle.current().pid() + " " + hostName());
    startHeartbeat(statusDir, rank);
    try {
      RankProgram program = instantiate(appArgs[1]);
      program.run(mpi.world(), decodeArgs(appArgs[2]));
    } catch (Throwable e) {
      // No MPI.Finalize: the other ranks may be blocked in a collective; the launcher stops them.
      writeStatus(statusDir, rank, FAILED_SUFFIX, stackTrace(e));
      return;
    }
    // Reported before Finalize, which can block while another rank is stuck.
    writeStatus(statusDir, rank, OK_SUFFIX, "");
    mpi.finish();
  }

  /** The program's arguments as one word of the letters of base64url, after "args:", that MPJ leaves alone. */
  static String encodeArgs(List<String> args) {
    StringBuilder joined = new StringBuilder();
    for (String a : args) {
      if (a.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("args = " + args + ": an argument cannot hold the character NUL");
      }
      joined.append(a).append('\0');
    }
    return ARGS_PREFIX + Base64.getUrlEncoder().withoutPadding()
        .encodeToString(joined.toString().getBytes(StandardCharsets.UTF_8));
  }

  static List<String> decodeArgs(String word) {
    if (!word.startsWith(ARGS_PREFIX)) {
      throw new IllegalArgumentException("args = " + word + ": must start with " + ARGS_PREFIX);
    }
    String joined = new String(Base64.getUrlDecoder().decode(word.substring(ARGS_PREFIX.length())),
        StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>();
    int from = 0;
    for (int end = joined.indexOf('\0'); end >= 0; end = joined.indexOf('\0', from)) {
      args.add(joined.substring(from, end));
      from = end + 1;
    }
    return args;
  }

  /**
   * Beats until the JVM ends: the file's number goes up every {@link #BEAT_MILLIS}. A number, not a time stamp, so
   * that hosts whose clocks differ are watched alike by the launcher's one clock.
   */
  private static void startHeartbeat(Path statusDir, int rank) {
    Thread beat = new Thread(() -> {
      for (long n = 1; ; n++) {
        try {
          writeStatus(statusDir, rank, BEAT_SUFFIX, Long.toString(n));
          Thread.sleep(BEAT_MILLIS);
        } catch (InterruptedException e) {
          return;
        } catch (UncheckedIOException e) {
          return; // the launch's folder is gone: the launch is over
        }
      }
    }, "rank-" + rank + "-heartbeat");
    beat.setDaemon(true);
    beat.start();
  }

  private static String hostName() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.net.UnknownHostException e) {
      return "unknown";
    }
  }

  private static RankProgram instantiate(String className) throws ReflectiveOperationException {
    // The loader of the solver's classes: shared by the ranks of a multicore launch, the rank's own otherwise.
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
