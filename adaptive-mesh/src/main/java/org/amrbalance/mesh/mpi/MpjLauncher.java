package org.amrbalance.mesh.mpi;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.mesh.mpi.LaunchResult.RankStatus;

/**
 * Starts a {@link RankProgram} on N ranks with MPJ Express's starter and waits for it, within a time limit.
 *
 * <ul>
 *   <li>{@link MpjDevice#MULTICORE}: ranks as threads of one child JVM, started as MPJ's starter would start it
 *       ({@code runtime.starter.MulticoreStarter}, MPJ's smpdev device) but with the program's classes on the
 *       JVM's class path, so that the ranks share them (see {@link MpiRuntime}).</li>
 *   <li>{@link MpjDevice#NIODEV}: a daemon ({@code daemon.jar}) is started for the launch on this host, with a
 *       machines file naming {@code localhost} and ports chosen free for this launch (in a private copy of
 *       {@code mpjexpress.conf}), so that launches do not collide; then the starter with {@code -dev niodev}.
 *       The ranks are separate JVMs, children of the daemon.</li>
 * </ul>
 *
 * <p>Every rank runs {@link MpjRankMain}, which reports the rank's outcome in a status file; MPJ's starter itself
 * reports neither failures nor exit codes. A launch ends when every rank has reported (then the starter gets a
 * moment to finish), shortly after a rank has failed (the others may be blocked waiting for it), when the starter
 * exits, or when the time limit passes. In every case every process the launch started (starter, daemon, ranks) is
 * stopped before {@link #launch} returns, and the launch's temporary folder is deleted.
 *
 * <p>MPJ Express is found in the system property {@code mpj.home}, else the environment variable
 * {@code MPJ_HOME}, else a folder {@code .mpj} in the working directory or one of its parents (where
 * {@code scripts/setup.sh} builds it).
 */
@Immutable
public final class MpjLauncher {
  /** Default time limit of one launch. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
  private static final Duration FINISH_GRACE = Duration.ofSeconds(15);
  private static final Duration FAILURE_GRACE = Duration.ofSeconds(3);
  private static final Duration DAEMON_START = Duration.ofSeconds(30);
  private static final Duration STOP_WAIT = Duration.ofSeconds(10);
  private static final long POLL_MILLIS = 50;
  /** MPJ's runtime jars of a multicore JVM (what its MulticoreDaemon puts on the class path), in MPJ_HOME/lib. */
  private static final List<String> MULTICORE_RUNTIME = List.of("smpdev.jar", "xdev.jar", "mpjbuf.jar", "loader2.jar",
      "starter.jar", "mpiExp.jar");
  /** The compile-time copy of mpj.jar: the ranks load MPJ from MPJ_HOME only. */
  private static final Pattern MPJ_JAR = Pattern.compile("mpj(-[0-9][0-9.]*)?\\.jar");

  private final Path mpjHome;
  private final int ranks;
  private final MpjDevice device;
  private final Duration timeout;
  private final String classpath;
  private final List<String> jvmArgs;
  private final Consumer<String> echo;
  /** The cluster's hosts and how to reach them (niodev); null: every rank on this host. */
  @Nullable
  private final Cluster cluster;
  /** How long a rank may go without a heartbeat before the launch counts it lost and stops; null: not watched. */
  @Nullable
  private final Duration lossAfter;

  /** Where a cluster launch runs: its hosts, the remote shell, and the parent of job folders every host shares. */
  private record Cluster(Machines machines, RemoteShell shell, Path jobParent) {}

  private MpjLauncher(Path mpjHome, int ranks, MpjDevice device, Duration timeout, String classpath,
      List<String> jvmArgs, Consumer<String> echo, @Nullable Cluster cluster, @Nullable Duration lossAfter) {
    this.mpjHome = mpjHome;
    this.ranks = ranks;
    this.device = device;
    this.timeout = timeout;
    this.classpath = classpath;
    this.jvmArgs = jvmArgs;
    this.echo = echo;
    this.cluster = cluster;
    this.lossAfter = lossAfter;
  }

  /**
   * A launcher over the MPJ Express installation at {@code mpjHome} ({@code lib/} with the starter, daemon and
   * devices, {@code conf/mpjexpress.conf}): 4 ranks, multicore, {@link #DEFAULT_TIMEOUT}, this JVM's class path.
   */
  public static MpjLauncher at(Path mpjHome) {
    Path home = mpjHome.toAbsolutePath().normalize();
    for (String required : List.of("lib/starter.jar", "lib/daemon.jar", "lib/mpj.jar", "conf/mpjexpress.conf")) {
      if (!Files.isRegularFile(home.resolve(required))) {
        throw new IllegalArgumentException("mpjHome = " + home + ": has no " + required
            + " (scripts/setup.sh builds a complete MPJ_HOME in .mpj)");
      }
    }
    return new MpjLauncher(home, 4, MpjDevice.MULTICORE, DEFAULT_TIMEOUT, currentClasspath(), List.of(),
        line -> {}, null, null);
  }

  /** A launcher over the MPJ Express installation found as the class comment says. */
  public static MpjLauncher locate() {
    String property = System.getProperty("mpj.home");
    if (property != null && !property.isBlank()) {
      return at(Path.of(property));
    }
    String env = System.getenv("MPJ_HOME");
    if (env != null && !env.isBlank()) {
      return at(Path.of(env));
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve(".mpj/lib/starter.jar"))) {
        return at(dir.resolve(".mpj"));
      }
    }
    throw new IllegalStateException("MPJ Express not found: no system property mpj.home, no MPJ_HOME, and no .mpj"
        + " folder in " + Path.of("").toAbsolutePath() + " or above (run scripts/setup.sh)");
  }

  public MpjLauncher withRanks(int ranks) {
    if (ranks < 1) {
      throw new IllegalArgumentException("ranks = " + ranks + ": must be >= 1");
    }
    return new MpjLauncher(mpjHome, ranks, device, timeout, classpath, jvmArgs, echo, cluster, lossAfter);
  }

  public MpjLauncher withDevice(MpjDevice device) {
    return new MpjLauncher(mpjHome, ranks, device, timeout, classpath, jvmArgs, echo, cluster, lossAfter);
  }

  public MpjLauncher withTimeout(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout = " + timeout + ": must be > 0");
    }
    return new MpjLauncher(mpjHome, ranks, device, timeout, classpath, jvmArgs, echo, cluster, lossAfter);
  }

  /** The ranks' class path (must hold the program and this module); MPJ's own jars come from MPJ_HOME. */
  public MpjLauncher withClasspath(String classpath) {
    return new MpjLauncher(mpjHome, ranks, device, timeout, absolute(classpath), jvmArgs, echo, cluster, lossAfter);
  }

  /** Options for the JVM(s) that run the ranks, such as {@code -Xmx512m}. */
  public MpjLauncher withJvmArgs(List<String> jvmArgs) {
    for (String a : jvmArgs) {
      if (!a.startsWith("-")) {
        throw new IllegalArgumentException("jvmArgs = " + jvmArgs + ": every JVM option starts with '-' (" + a + ")");
      }
    }
    return new MpjLauncher(mpjHome, ranks, device, timeout, classpath, List.copyOf(jvmArgs), echo, cluster, lossAfter);
  }

  /** Also hands every output line to {@code echo} as it arrives (for live progress); the result keeps them all. */
  public MpjLauncher withEcho(Consumer<String> echo) {
    return new MpjLauncher(mpjHome, ranks, device, timeout, classpath, jvmArgs, echo, cluster, lossAfter);
  }

  /**
   * Runs the ranks on {@code machines} (niodev only): before any rank starts, each host is checked through {@code
   * shell} (the java executable, the ranks' class path and MPJ_HOME exist there at the same paths; its name resolves
   * to an address the others reach), a daemon is started there for this launch only, on a port chosen free here,
   * and every daemon must accept connections; a failure is one line naming the host and the port. The launch's
   * folder (status files, the private MPJ_HOME, daemon logs) is made in {@code jobParent}, which every host must
   * see at the same path. Every process started on any host is stopped when the launch ends, however it ends.
   */
  public MpjLauncher withMachines(Machines machines, RemoteShell shell, Path jobParent) {
    if (machines == null || shell == null || jobParent == null) {
      throw new IllegalArgumentException("machines, shell, jobParent = " + machines + ", " + shell + ", " + jobParent
          + ": must not be null");
    }
    return new MpjLauncher(mpjHome, ranks, device, timeout, classpath, jvmArgs, echo,
        new Cluster(machines, shell, jobParent.toAbsolutePath().normalize()), lossAfter);
  }

  /**
   * Watches the ranks while they run: a rank whose heartbeat (a few a second, from a thread of its own) stops for
   * {@code silence}, or on a cluster every rank of a host whose daemon stops answering ({@link LossWatch}), is
   * lost; the launch then stops everything at once and its result says what was lost ({@link LaunchResult#lost}).
   * A rank that stops beating for {@code silence} while alive (a JVM paused that long) counts as lost too, so the
   * silence should be well above the longest pause expected.
   */
  public MpjLauncher withLossDetection(Duration silence) {
    if (silence == null || silence.toMillis() < 4 * MpjRankMain.BEAT_MILLIS) {
      throw new IllegalArgumentException("silence = " + silence + ": must be at least " + 4 * MpjRankMain.BEAT_MILLIS
          + " ms (four heartbeats)");
    }
    return new MpjLauncher(mpjHome, ranks, device, timeout, classpath, jvmArgs, echo, cluster, silence);
  }

  public Path mpjHome() {
    return mpjHome;
  }

  public int ranks() {
    return ranks;
  }

  public MpjDevice device() {
    return device;
  }

  public Duration timeout() {
    return timeout;
  }

  /** Runs {@code program} on every rank with {@code args} and returns when all is over and cleaned up. */
  public LaunchResult launch(Class<? extends RankProgram> program, List<String> args) {
    long start = System.nanoTime();
    if (cluster != null && device != MpjDevice.NIODEV) {
      throw new IllegalArgumentException("device = " + device.mpjName() + ": machines need the niodev device (ranks"
          + " as processes over TCP)");
    }
    Path runDir;
    try {
      runDir = cluster == null ? Files.createTempDirectory("amrbalance-mpj-")
          : Files.createTempDirectory(Files.createDirectories(cluster.jobParent()), "amrbalance-mpj-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a folder for the launch", e);
    }
    ClusterDaemons daemons = null;
    List<Process> started = new CopyOnWriteArrayList<>();
    // If this JVM is stopped (Ctrl-C) during the launch, its processes go too.
    // A cluster job's daemons stop themselves once its alive file is gone (ClusterDaemons).
    Thread cleanup = new Thread(() -> {
      stopAll(started);
      try {
        Files.deleteIfExists(runDir.resolve("alive"));
      } catch (IOException e) {
        // Nothing more can be done while the JVM exits.
      }
    }, "mpj-launch-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    try {
      Path statusDir = Files.createDirectory(runDir.resolve("status"));
      Path home = mpjHome;
      List<String> command;
      int daemonPort = -1;
      if (device == MpjDevice.MULTICORE && !bundlesMpj(classpath)) {
        command = multicoreCommand(runDir);
      } else {
        command = new ArrayList<>(List.of(javaExecutable(), "-jar"));
        List<String> niodev = List.of();
        if (device == MpjDevice.NIODEV) {
          int[] ports = freePorts(3);
          daemonPort = ports[0];
          home = privateHome(runDir, ports);
          Machines where = cluster == null ? Machines.of(List.of("localhost")) : cluster.machines();
          if (cluster == null) {
            started.add(startDaemon(home, runDir, ports[0], start));
          } else {
            for (String line : securityNotice(where, ports)) {
              echo.accept(line);
            }
            daemons = ClusterDaemons.start(where, cluster.shell(), runDir, home, ports[0], javaExecutable(),
                ownCodeSource(), mustExistOnEveryHost(home), echo);
          }
          Path machines = Files.writeString(runDir.resolve("machines"), where.fileText(), StandardCharsets.UTF_8);
          niodev = List.of("-dport", Integer.toString(ports[0]), "-machinesfile", machines.toString(), "-wdir",
              runDir.toString());
        }
        command.add(home.resolve("lib/starter.jar").toString());
        command.addAll(List.of("-np", Integer.toString(ranks), "-dev", device.mpjName()));
        command.addAll(niodev);
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", classpath));
      }
      command.addAll(List.of(MpjRankMain.class.getName(), statusDir.toString(), program.getName(),
          MpjRankMain.encodeArgs(args)));

      ProcessBuilder builder = new ProcessBuilder(command).directory(runDir.toFile()).redirectErrorStream(true);
      builder.environment().put("MPJ_HOME", home.toString());
      Process starter = builder.start();
      started.add(starter);
      List<String> output = Collections.synchronizedList(new ArrayList<>());
      Thread reader = readLines(starter, output);
      LossWatch watch = lossAfter == null ? null : new LossWatch(statusDir, ranks, lossAfter, start,
          cluster == null ? null : cluster.machines(), daemonPort);
      Loss[] lost = new Loss[1];
      Outcome outcome = await(starter, statusDir, start, watch, lost);
      stopAll(started);
      reader.join(STOP_WAIT.toMillis());
      Map<Integer, String> failures = new HashMap<>();
      List<RankStatus> statuses = readStatuses(statusDir, failures);
      synchronized (output) {
        LaunchResult result = LaunchResult.of(device, statuses, failures, outcome == Outcome.TIMED_OUT, output,
            Duration.ofNanos(System.nanoTime() - start));
        return lost[0] == null ? result : result.withLoss(lost[0]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("launch of " + program.getName() + " on " + ranks + " ranks failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MpjLaunchException("interrupted while running " + program.getName(), e);
    } finally {
      stopAll(started);
      if (daemons != null) {
        daemons.close();
      }
      deleteTree(runDir);
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException shuttingDown) {
        // The hook is running or about to: nothing to remove.
      }
    }
  }

  /**
   * The JVM that MPJ's multicore starter would start, started directly and with the program's classes on its own
   * class path: MPJ's {@code MulticoreStarter} gives each rank a class loader whose parent is that class path, so
   * the solver's classes are loaded and compiled once for all ranks (MPJ's own starter leaves them off it, and every
   * rank compiles its own copy on the cores the ranks share). MPJ's classes stay per rank: mpj.jar is not on the
   * class path, and {@link MpiRuntime} loads the classes that call MPJ apart for each rank.
   */
  private List<String> multicoreCommand(Path runDir) {
    List<String> command = new ArrayList<>(List.of(javaExecutable()));
    command.addAll(jvmArgs);
    List<String> path = new ArrayList<>();
    for (String jar : MULTICORE_RUNTIME) {
      path.add(mpjHome.resolve("lib").resolve(jar).toString());
    }
    if (!classpath.isEmpty()) {
      path.add(classpath);
    }
    command.addAll(List.of("-cp", String.join(File.pathSeparator, path), "runtime.starter.MulticoreStarter",
        runDir.toString(), Integer.toString(ranks), "smpdev", "useLocalLoader", classpath.isEmpty() ? "EMPTY"
            : classpath));
    return command;
  }

  /**
   * Whether an entry of the class path holds MPJ's own classes ({@code mpi/MPI.class}, as a fat jar may): on the
   * JVM's class path they would be one copy for all multicore ranks, whose state MPJ keeps in statics, so such a
   * launch goes through MPJ's starter, every rank loading the whole program apart (slower, but correct).
   */
  static boolean bundlesMpj(String classpath) {
    for (String e : classpath.split(Pattern.quote(File.pathSeparator))) {
      if (e.isEmpty()) {
        continue;
      }
      Path entry = Path.of(e);
      if (Files.isDirectory(entry)) {
        if (Files.isRegularFile(entry.resolve("mpi/MPI.class"))) {
          return true;
        }
      } else if (Files.isRegularFile(entry)) {
        try (JarFile jar = new JarFile(entry.toFile())) {
          if (jar.getEntry("mpi/MPI.class") != null) {
            return true;
          }
        } catch (IOException notAJar) {
          // Not a jar: the JVM ignores it as well.
        }
      }
    }
    return false;
  }

  private enum Outcome { ALL_REPORTED, RANK_FAILED, STARTER_EXITED, TIMED_OUT, LOST }

  private Outcome await(Process starter, Path statusDir, long start, @Nullable LossWatch watch, Loss[] lost)
      throws InterruptedException {
    long deadline = start + timeout.toNanos();
    long failedAt = -1;
    while (true) {
      if (watch != null) {
        Loss loss = watch.check(System.nanoTime());
        if (loss != null) {
          return lost(loss, lost);
        }
      }
      int[] counts = countStatuses(statusDir);
      int reported = counts[0] + counts[1];
      if (reported >= ranks) {
        if (!starter.waitFor(FINISH_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
          return Outcome.ALL_REPORTED; // Finished but lingering: stopped by the caller.
        }
        return counts[1] > 0 ? Outcome.RANK_FAILED : Outcome.ALL_REPORTED;
      }
      long now = System.nanoTime();
      if (counts[1] > 0) {
        if (failedAt < 0) {
          failedAt = now;
        } else if (now - failedAt > FAILURE_GRACE.toNanos()) {
          return lostOr(Outcome.RANK_FAILED, statusDir, watch, lost);
        }
      }
      if (!starter.isAlive()) {
        // A rank's status is in place before its JVM can exit; one more look catches the last ones.
        Thread.sleep(POLL_MILLIS);
        return lostOr(Outcome.STARTER_EXITED, statusDir, watch, lost);
      }
      if (now > deadline) {
        return Outcome.TIMED_OUT;
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  /**
   * The launch ended without every rank reporting: MPJ's starter ends when one rank's process does, and ranks that
   * were waiting for a dead one fail. When losses are watched for, one silence more tells the ranks that died (they
   * stop beating) from those that were waiting for them; then the outcome is the loss, else {@code otherwise}.
   */
  private Outcome lostOr(Outcome otherwise, Path statusDir, @Nullable LossWatch watch, Loss[] lost)
      throws InterruptedException {
    int[] counts = countStatuses(statusDir);
    if (watch == null || counts[0] + counts[1] >= ranks) {
      return otherwise;
    }
    Loss loss = watch.awaitSilence(lossAfter);
    return loss == null ? otherwise : lost(loss, lost);
  }

  /** Records and tells the loss that ends the launch. */
  private Outcome lost(Loss loss, Loss[] lost) {
    lost[0] = loss;
    echo.accept("lost " + loss.describe());
    return Outcome.LOST;
  }

  /** {ok, failed}. */
  private static int[] countStatuses(Path statusDir) {
    int ok = 0;
    int failed = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(statusDir)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (name.endsWith(MpjRankMain.OK_SUFFIX)) {
          ok++;
        } else if (name.endsWith(MpjRankMain.FAILED_SUFFIX)) {
          failed++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the status folder " + statusDir, e);
    }
    return new int[] {ok, failed};
  }

  private List<RankStatus> readStatuses(Path statusDir, Map<Integer, String> failures) throws IOException {
    List<RankStatus> statuses = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      Path failed = statusDir.resolve(MpjRankMain.statusFileName(r, MpjRankMain.FAILED_SUFFIX));
      if (Files.exists(failed)) {
        statuses.add(RankStatus.FAILED);
        failures.put(r, Files.readString(failed, StandardCharsets.UTF_8));
      } else if (Files.exists(statusDir.resolve(MpjRankMain.statusFileName(r, MpjRankMain.OK_SUFFIX)))) {
        statuses.add(RankStatus.OK);
      } else {
        statuses.add(RankStatus.NOT_REPORTED);
      }
    }
    return statuses;
  }

  private Thread readLines(Process process, List<String> output) {
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          output.add(line);
          echo.accept(line);
        }
      } catch (IOException e) {
        output.add("(output ended: " + e.getMessage() + ")");
      }
    }, "mpj-output");
    reader.setDaemon(true);
    reader.start();
    return reader;
  }

  /** An MPJ_HOME for one niodev launch: the real lib/, and a configuration with this launch's ports. */
  private Path privateHome(Path runDir, int[] ports) throws IOException {
    Path home = Files.createDirectories(runDir.resolve("mpj-home"));
    Path lib = home.resolve("lib");
    try {
      Files.createSymbolicLink(lib, mpjHome.resolve("lib"));
    } catch (IOException | UnsupportedOperationException e) {
      Files.createDirectory(lib);
      try (Stream<Path> jars = Files.list(mpjHome.resolve("lib"))) {
        for (Path jar : (Iterable<Path>) jars::iterator) {
          Files.copy(jar, lib.resolve(jar.getFileName()));
        }
      }
    }
    Map<String, String> settings = Map.of(
        "mpjexpress.mpjdaemon.port.1", Integer.toString(ports[0]),
        "mpjexpress.mpjdaemon.port.2", Integer.toString(ports[1]),
        "mpjexpress.mpjrun.port.1", Integer.toString(ports[2]));
    List<String> conf = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (String line : Files.readAllLines(mpjHome.resolve("conf/mpjexpress.conf"), StandardCharsets.UTF_8)) {
      String key = line.contains("=") ? line.substring(0, line.indexOf('=')).trim() : "";
      if (settings.containsKey(key)) {
        conf.add(key + "=" + settings.get(key));
        seen.add(key);
      } else {
        conf.add(line);
      }
    }
    settings.keySet().stream().filter(k -> !seen.contains(k)).sorted().forEach(k -> conf.add(k + "=" + settings.get(k)));
    Files.createDirectories(home.resolve("conf"));
    Files.write(home.resolve("conf/mpjexpress.conf"), conf, StandardCharsets.UTF_8);
    return home;
  }

  private Process startDaemon(Path home, Path runDir, int port, long start) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(javaExecutable(), "-jar", home.resolve("lib/daemon.jar").toString(),
        Integer.toString(port))
        .directory(runDir.toFile())
        .redirectErrorStream(true)
        .redirectOutput(runDir.resolve("daemon.log").toFile());
    builder.environment().put("MPJ_HOME", home.toString());
    Process daemon = builder.start();
    long deadline = Math.min(start + timeout.toNanos(), System.nanoTime() + DAEMON_START.toNanos());
    while (true) {
      // The daemon says nothing when it is ready: it is once it accepts a connection.
      try (Socket probe = new Socket()) {
        probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
        return daemon;
      } catch (IOException notYet) {
        if (!daemon.isAlive()) {
          stopAll(List.of(daemon));
          throw new MpjLaunchException("the MPJ daemon exited with code " + daemon.exitValue() + ": "
              + tail(runDir.resolve("daemon.log")));
        }
        if (System.nanoTime() > deadline) {
          stopAll(List.of(daemon));
          throw new MpjLaunchException("the MPJ daemon did not accept connections on port " + port + " within "
              + DAEMON_START.toSeconds() + " s: " + tail(runDir.resolve("daemon.log")));
        }
        Thread.sleep(POLL_MILLIS);
      }
    }
  }

  /**
   * What a cluster launch opens to the network, said before it starts: MPJ Express binds every socket to all
   * interfaces and its daemon runs any class path and main class it is sent, without authentication.
   */
  static List<String> securityNotice(Machines machines, int[] ports) {
    return List.of(
        "cluster: for this job only, an MPJ daemon on each of " + machines.distinct() + " listens on TCP port "
            + ports[0] + ", and its port manager on " + ports[1] + ", on all interfaces; this host listens on "
            + ports[2] + " for the ranks' addresses; each rank listens on two more ports its daemon hands out",
        "cluster: anyone who can connect to port " + ports[0] + " on those hosts while the job runs can make the"
            + " daemon start a Java program of their choosing as the user who started it: run cluster jobs on a"
            + " private network only (docs/mpj-express.md, Security)");
  }

  /** The jar or folder of this module's classes: the host check runs from it on every host. */
  private static String ownCodeSource() {
    try {
      return Path.of(MpjLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException("cannot locate this module's classes", e);
    }
  }

  /**
   * The ranks' class path entries and the launch's MPJ_HOME jars: each must exist on every host, at that path (an
   * entry missing here too is ignored by every JVM, and not asked for).
   */
  private List<String> mustExistOnEveryHost(Path home) {
    List<String> paths = new ArrayList<>();
    for (String e : classpath.split(Pattern.quote(File.pathSeparator))) {
      if (!e.isEmpty() && Files.exists(Path.of(e))) {
        paths.add(e);
      }
    }
    paths.add(home.resolve("lib/daemon.jar").toString());
    paths.add(home.resolve("lib/starter.jar").toString());
    return paths;
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** Distinct ports that were free a moment ago (held together so that they differ). */
  private static int[] freePorts(int n) throws IOException {
    List<ServerSocket> sockets = new ArrayList<>();
    try {
      int[] ports = new int[n];
      for (int i = 0; i < n; i++) {
        ServerSocket s = new ServerSocket(0);
        sockets.add(s);
        ports[i] = s.getLocalPort();
      }
      return ports;
    } finally {
      for (ServerSocket s : sockets) {
        s.close();
      }
    }
  }

  /** Stops each process and all its descendants (taken before anything is stopped), and waits for them. */
  private static void stopAll(List<Process> processes) {
    List<ProcessHandle> all = new ArrayList<>();
    for (Process p : processes) {
      all.addAll(p.descendants().toList());
      all.add(p.toHandle());
    }
    for (ProcessHandle h : all) {
      h.destroyForcibly();
    }
    long deadline = System.nanoTime() + STOP_WAIT.toNanos();
    for (ProcessHandle h : all) {
      while (h.isAlive() && System.nanoTime() < deadline) {
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private static void deleteTree(Path dir) {
    // Files.walk does not follow the symbolic link to MPJ_HOME/lib: only the link is deleted.
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException e) {
      // A leftover temporary folder is harmless; the launch's result matters more.
    }
  }

  private static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String currentClasspath() {
    return absolute(System.getProperty("java.class.path", ""));
  }

  /** Absolute entries (the ranks run in another folder), without MPJ's compile-time jar. */
  private static String absolute(String classpath) {
    List<String> entries = new ArrayList<>();
    for (String e : classpath.split(Pattern.quote(File.pathSeparator))) {
      Path name = e.isEmpty() ? null : Path.of(e).getFileName();
      if (name == null || MPJ_JAR.matcher(name.toString()).matches()) {
        continue;
      }
      entries.add(Path.of(e).toAbsolutePath().normalize().toString());
    }
    return String.join(File.pathSeparator, entries);
  }

  @Override
  public String toString() {
    return "MpjLauncher[" + ranks + " ranks, " + device.mpjName() + ", timeout " + timeout + ", MPJ_HOME " + mpjHome
        + (cluster == null ? "" : ", on " + cluster.machines().hosts() + " through " + cluster.shell()) + "]";
  }
}
