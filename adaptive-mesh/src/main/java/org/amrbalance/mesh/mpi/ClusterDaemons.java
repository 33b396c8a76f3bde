package org.amrbalance.mesh.mpi;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The MPJ daemons of one cluster launch: checked for, started on every host through the {@link RemoteShell}, and
 * stopped again. Each daemon runs in a session of its own under a small shell that stops the whole session (the
 * daemon and the ranks it started) when the job's {@code alive} file goes, so a host the launcher can no longer
 * reach by the remote shell still stops its processes once it sees the shared job folder; the launcher also kills
 * each session through the remote shell.
 */
final class ClusterDaemons implements AutoCloseable {
  private static final Duration CHECK_LIMIT = Duration.ofSeconds(60);
  private static final Duration START_LIMIT = Duration.ofSeconds(30);
  private static final Duration STOP_LIMIT = Duration.ofSeconds(15);
  private static final long POLL_MILLIS = 100;

  private final RemoteShell shell;
  private final Path jobDir;
  private final List<String> started = new ArrayList<>();

  private ClusterDaemons(RemoteShell shell, Path jobDir) {
    this.shell = shell;
    this.jobDir = jobDir;
  }

  /**
   * Checks every host (the java executable, the class path and MPJ_HOME exist there; its name does not resolve to a
   * loopback address when there are several hosts), then starts a daemon on each listening on {@code port}, and
   * returns once every daemon accepts connections. Any failure stops what was started and throws an {@link
   * MpjLaunchException} whose message is one line naming the host (and the port).
   */
  static ClusterDaemons start(Machines machines, RemoteShell shell, Path jobDir, Path home, int port, String java,
      String checkClasspath, List<String> mustExist, Consumer<String> echo) throws IOException, InterruptedException {
    ClusterDaemons daemons = new ClusterDaemons(shell, jobDir);
    try {
      Files.writeString(jobDir.resolve("alive"), "", StandardCharsets.UTF_8);
      List<String> hosts = machines.distinct();
      for (String host : hosts) {
        List<String> check = new ArrayList<>(List.of(java, "-cp", checkClasspath, HostCheck.class.getName()));
        check.add(java);
        check.addAll(mustExist);
        RemoteShell.Result r = shell.run(host, quoted(check), CHECK_LIMIT);
        String line = r.output().lines().filter(l -> l.startsWith("ok ") || l.startsWith("problem ")).reduce(
            (a, b) -> b).orElse(null);
        if (r.exitCode() != 0 || line == null) {
          throw new MpjLaunchException("host " + host + ": the check through '" + shell + "' failed (exit "
              + r.exitCode() + "): " + r.firstLine());
        }
        if (line.startsWith("problem ")) {
          throw new MpjLaunchException("host " + host + ": " + line.substring("problem ".length()));
        }
        if (hosts.size() > 1 && line.endsWith(" loopback")) {
          String[] f = line.split(" ");
          throw new MpjLaunchException("host " + host + ": its name " + f[1] + " resolves to " + f[2]
              + " there, a loopback address that the other hosts' ranks cannot reach (MPJ Express's ranks"
              + " advertise it): map the name to the host's cluster address in /etc/hosts or DNS");
        }
        echo.accept("cluster: host " + host + " checked (" + line.substring(3) + ")");
      }
      for (String host : hosts) {
        daemons.startOne(host, home, port, java);
      }
      for (String host : hosts) {
        daemons.awaitListening(host, port);
      }
      return daemons;
    } catch (IOException | InterruptedException | RuntimeException e) {
      daemons.close();
      throw e;
    }
  }

  private void startOne(String host, Path home, int port, String java) throws IOException, InterruptedException {
    Path pid = pidFile(host);
    Path log = jobDir.resolve("daemon-" + host + ".log");
    Path alive = jobDir.resolve("alive");
    // The session leader writes its pid (= the session's process group), runs the daemon in the background and
    // stops the whole group once the job's alive file is gone.
    String session = "echo $$ > " + q(pid.toString()) + "; MPJ_HOME=" + q(home.toString()) + " " + q(java)
        + " -jar " + q(home.resolve("lib/daemon.jar").toString()) + " " + port + " > " + q(log.toString())
        + " 2>&1 & while [ -e " + q(alive.toString()) + " ]; do sleep 1; done; kill -9 -$$";
    String line = "cd " + q(jobDir.toString()) + " && setsid sh -c " + q(session) + " < /dev/null > /dev/null 2>&1 &";
    started.add(host);
    RemoteShell.Result r = shell.run(host, line, START_LIMIT);
    if (r.exitCode() != 0) {
      throw new MpjLaunchException("host " + host + ": the MPJ daemon could not be started through '" + shell
          + "' (exit " + r.exitCode() + "): " + r.firstLine());
    }
  }

  private void awaitListening(String host, int port) throws InterruptedException {
    long deadline = System.nanoTime() + START_LIMIT.toNanos();
    while (true) {
      try (Socket probe = new Socket()) {
        probe.connect(new InetSocketAddress(host, port), 1000);
        return;
      } catch (IOException notYet) {
        if (System.nanoTime() > deadline) {
          String log = lastLine(jobDir.resolve("daemon-" + host + ".log"));
          throw new MpjLaunchException("host " + host + ": the MPJ daemon did not accept connections on port " + port
              + " within " + START_LIMIT.toSeconds() + " s (" + notYet.getMessage() + ")"
              + (log.isEmpty() ? "" : "; its log: " + log));
        }
        Thread.sleep(POLL_MILLIS);
      }
    }
  }

  /** Stops every daemon this job started and the ranks they started, on every host; idempotent. */
  @Override
  public void close() {
    try {
      Files.deleteIfExists(jobDir.resolve("alive"));
    } catch (IOException e) {
      // The remote kills below still stop the sessions.
    }
    for (String host : started) {
      String pid = q(pidFile(host).toString());
      try {
        shell.run(host, "[ -s " + pid + " ] && kill -9 -$(cat " + pid + ") 2>/dev/null; true", STOP_LIMIT);
      } catch (IOException e) {
        // Unreachable: its session stops itself when it sees the alive file gone.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    started.clear();
  }

  private Path pidFile(String host) {
    return jobDir.resolve("daemon-" + host + ".pid");
  }

  private static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
    } catch (IOException e) {
      return "";
    }
  }

  /** Single-quoted for a POSIX shell. */
  static String q(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private static String quoted(List<String> words) {
    List<String> q = new ArrayList<>();
    for (String w : words) {
      q.add(q(w));
    }
    return String.join(" ", q);
  }
}
