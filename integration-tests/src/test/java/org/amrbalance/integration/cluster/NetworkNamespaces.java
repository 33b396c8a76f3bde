package org.amrbalance.integration.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Hosts made on this machine: one network namespace per host, each with one address on a bridge that lives in a
 * namespace of its own (nothing is added to this machine's own network, and no namespace has a route out), a hosts
 * file that names every host (through {@code /etc/netns/NAME/hosts}, which {@code ip netns exec} mounts over {@code
 * /etc/hosts}), and a remote shell, {@link #remoteShell()}, called as {@code SCRIPT HOST COMMAND} like ssh, that runs
 * COMMAND in the host's namespace under the host's own name (a UTS namespace of its own), so that MPJ Express's
 * ranks, which advertise their host's name, advertise an address the other hosts reach. {@link #close()} stops every
 * process left in them and removes all it made, whatever happened.
 */
final class NetworkNamespaces implements AutoCloseable {
  private static final String SUBNET = "10.213.0.";
  private static final java.util.concurrent.atomic.AtomicInteger MADE = new java.util.concurrent.atomic.AtomicInteger();

  private final List<String> hosts;
  private final String bridgeNamespace;
  private final Path dir;
  private final List<String> made = new ArrayList<>();

  private NetworkNamespaces(List<String> hosts, String bridgeNamespace, Path dir) {
    this.hosts = hosts;
    this.bridgeNamespace = bridgeNamespace;
    this.dir = dir;
  }

  /**
   * Why hosts cannot be made here (not root, no {@code ip}, namespaces refused), or null if they can: the tests
   * that need them are skipped with this message.
   */
  static String unavailable() {
    try {
      if (!"0".equals(run(List.of("id", "-u")).strip())) {
        return "network namespaces need root (id -u is not 0)";
      }
      String probe = "amrbprobe" + ProcessHandle.current().pid();
      run(List.of("ip", "netns", "add", probe));
      run(List.of("ip", "netns", "del", probe));
      run(List.of("unshare", "--uts", "true"));
      return null;
    } catch (IOException e) {
      return "network namespaces cannot be made here: " + e.getMessage();
    }
  }

  /** Makes {@code count} hosts; their names are {@link #hosts()}. */
  static NetworkNamespaces create(int count, Path dir) throws IOException {
    // Unique on this machine: the JVM's pid and a count of the sets it made (one left behind cannot clash).
    String tag = Long.toString(ProcessHandle.current().pid() % 100_000, 36) + MADE.incrementAndGet();
    List<String> hosts = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      hosts.add("h" + (i + 1) + "x" + tag);
    }
    NetworkNamespaces n = new NetworkNamespaces(List.copyOf(hosts), "sw" + tag, dir);
    try {
      n.build();
    } catch (IOException | RuntimeException e) {
      n.close();
      throw e;
    }
    return n;
  }

  private void build() throws IOException {
    add(bridgeNamespace);
    ip(bridgeNamespace, "link", "set", "lo", "up");
    ip(bridgeNamespace, "link", "add", "br0", "type", "bridge");
    ip(bridgeNamespace, "link", "set", "br0", "up");
    StringBuilder names = new StringBuilder("127.0.0.1 localhost\n");
    for (int i = 0; i < hosts.size(); i++) {
      names.append(address(i)).append(' ').append(hosts.get(i)).append('\n');
    }
    for (int i = 0; i < hosts.size(); i++) {
      String host = hosts.get(i);
      add(host);
      run(List.of("ip", "link", "add", "eth0", "netns", host, "type", "veth", "peer", "name", "port" + i, "netns",
          bridgeNamespace));
      ip(host, "addr", "add", address(i) + "/24", "dev", "eth0");
      ip(host, "link", "set", "eth0", "up");
      ip(host, "link", "set", "lo", "up");
      ip(bridgeNamespace, "link", "set", "port" + i, "master", "br0");
      ip(bridgeNamespace, "link", "set", "port" + i, "up");
      Path etc = Files.createDirectories(Path.of("/etc/netns", host));
      Files.writeString(etc.resolve("hosts"), names, StandardCharsets.UTF_8);
    }
    Path script = dir.resolve("netns-shell");
    Files.writeString(script, String.join("\n",
        "#!/bin/sh",
        "# Called as HOST COMMAND, like ssh: COMMAND runs in HOST's network namespace under HOST's own name.",
        "host=\"$1\"; cmd=\"$2\"",
        "exec ip netns exec \"$host\" unshare --uts -- sh -c 'hostname \"$1\" && exec sh -c \"$2\"' sh \"$host\" \"$cmd\"",
        ""), StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  List<String> hosts() {
    return hosts;
  }

  /** The remote shell program: {@code SCRIPT HOST COMMAND}. */
  Path remoteShell() {
    return dir.resolve("netns-shell");
  }

  static String address(int host) {
    return SUBNET + (host + 1);
  }

  /** The process ids running in {@code host}'s namespace now. */
  List<Long> processes(String host) throws IOException {
    List<Long> pids = new ArrayList<>();
    for (String line : run(List.of("ip", "netns", "pids", host)).split("\\s+")) {
      if (!line.isBlank()) {
        pids.add(Long.parseLong(line.strip()));
      }
    }
    return pids;
  }

  /** The command lines of the processes in {@code host}'s namespace, for a failure message. */
  String describe(String host) throws IOException {
    List<String> out = new ArrayList<>();
    for (long pid : processes(host)) {
      out.add(pid + ": " + ProcessHandle.of(pid).flatMap(h -> h.info().commandLine()).orElse("?"));
    }
    return String.join("; ", out);
  }

  /** Takes {@code host} off the network: its link to the bridge goes down, its processes stay. */
  void unplug(String host) throws IOException {
    ip(host, "link", "set", "eth0", "down");
  }

  private void add(String namespace) throws IOException {
    run(List.of("ip", "netns", "add", namespace));
    made.add(namespace);
  }

  private static void ip(String namespace, String... args) throws IOException {
    List<String> c = new ArrayList<>(List.of("ip", "-n", namespace));
    c.addAll(List.of(args));
    run(c);
  }

  /** Runs a command, returns its output; a non-zero exit is an IOException with its output. */
  static String run(List<String> command) throws IOException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", command) + ": no exit within 60 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + String.join(" ", command), e);
    }
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " exited " + p.exitValue() + ": " + out.strip());
    }
    return out;
  }

  /** Stops what runs in the namespaces, deletes them and their hosts files; never throws. */
  @Override
  public void close() {
    for (String ns : made) {
      try {
        for (long pid : processes(ns)) {
          ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
      } catch (IOException | RuntimeException e) {
        // Deleting the namespace below still takes its network away.
      }
    }
    for (String ns : made) {
      try {
        run(List.of("ip", "netns", "del", ns));
      } catch (IOException e) {
        // Nothing more to do; the next run uses other names.
      }
      Path etc = Path.of("/etc/netns", ns);
      try {
        Files.deleteIfExists(etc.resolve("hosts"));
        Files.deleteIfExists(etc);
      } catch (IOException e) {
        // Harmless leftovers: only ip netns exec of that name reads them.
      }
    }
    made.clear();
  }
}
