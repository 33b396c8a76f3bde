package org.amrbalance.integration.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.amrbalance.mesh.demo.LaplaceDemo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's cluster mode across real host boundaries made on this machine ({@link NetworkNamespaces}): two ranks on
 * two hosts end with the same field, bit for bit, as one rank on this host, and leave no process behind on either;
 * a host that cannot be reached stops the run before any rank starts, with one line naming it.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ClusterDemoIT {
  private static final List<String> RUN = List.of("--problem", "small", "--steps", "12", "--progress", "100");

  @BeforeAll
  static void namespacesCanBeMade() {
    String why = NetworkNamespaces.unavailable();
    assumeTrue(why == null, () -> "skipped: " + why);
  }

  @Test
  void twoRanksOnTwoHostsEndWithTheOneHostFieldAndLeaveNothingRunning(@TempDir Path dir) throws IOException {
    try (NetworkNamespaces net = NetworkNamespaces.create(2, dir)) {
      Path machines = Files.writeString(dir.resolve("machines"), String.join("\n", net.hosts()) + "\n");
      List<String> demo = new ArrayList<>(List.of("--device", "niodev", "--ranks", "2", "--machines",
          machines.toString(), "--remote-shell", net.remoteShell().toString(), "--output", dir.resolve("out").toString()));
      demo.addAll(RUN);
      Output cluster = runOn(net, net.hosts().get(0), dir, demo);
      System.out.println(cluster.text());
      assertThat(cluster.exit()).as(cluster.text()).isZero();
      assertThat(cluster.text()).contains("cluster: host " + net.hosts().get(1) + " checked (" + net.hosts().get(1)
          + " " + NetworkNamespaces.address(1) + ")");
      assertThat(cluster.text()).contains("listens on TCP port").contains("run cluster jobs on a private network");

      List<String> single = new ArrayList<>(List.of("--device", "multicore", "--ranks", "1", "--output",
          dir.resolve("one").toString()));
      single.addAll(RUN);
      Output one = runHere(dir, single);
      assertThat(one.exit()).as(one.text()).isZero();
      assertThat(digest(cluster.text())).isEqualTo(digest(one.text()));

      // The launcher stopped every daemon and rank it started, on both hosts, before the demo returned.
      for (String host : net.hosts()) {
        assertThat(net.processes(host)).as("processes left in " + host + ": " + net.describe(host)).isEmpty();
      }
    }
  }

  @Test
  void aHostThatCannotBeReachedStopsTheRunBeforeAnyRankStarts(@TempDir Path dir) throws IOException {
    try (NetworkNamespaces net = NetworkNamespaces.create(1, dir)) {
      String absent = "nohost" + net.hosts().get(0);
      Path machines = Files.writeString(dir.resolve("machines"), net.hosts().get(0) + "\n" + absent + "\n");
      List<String> demo = new ArrayList<>(List.of("--device", "niodev", "--ranks", "2", "--machines",
          machines.toString(), "--remote-shell", net.remoteShell().toString(), "--output", dir.resolve("out").toString()));
      demo.addAll(RUN);
      Output failed = runOn(net, net.hosts().get(0), dir, demo);
      assertThat(failed.exit()).as(failed.text()).isEqualTo(1);
      List<String> errors = failed.text().lines().filter(l -> l.startsWith("amrbalance demo: host ")).toList();
      assertThat(errors).hasSize(1);
      assertThat(errors.get(0)).contains("host " + absent + ": the check through").contains("failed");
      assertThat(failed.text()).doesNotContain("final field");
      assertThat(net.processes(net.hosts().get(0))).as(net.describe(net.hosts().get(0))).isEmpty();
    }
  }

  record Output(int exit, String text) {}

  private static String digest(String output) {
    return output.lines().filter(l -> l.strip().startsWith("final field sha-256 ")).map(l -> l.strip().substring(20))
        .findFirst().orElseThrow(() -> new AssertionError("no final field digest in:\n" + output));
  }

  private static List<String> java(List<String> demoArgs) {
    List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dmpj.home=" + Path.of(System.getProperty("mpj.home")).toAbsolutePath().normalize(), "-cp",
        System.getProperty("java.class.path"), LaplaceDemo.class.getName()));
    c.addAll(demoArgs);
    return c;
  }

  /** The demo started on {@code host}, as a user there would start it. */
  private static Output runOn(NetworkNamespaces net, String host, Path dir, List<String> demoArgs)
      throws IOException {
    List<String> words = new ArrayList<>();
    for (String w : java(demoArgs)) {
      words.add("'" + w.replace("'", "'\\''") + "'");
    }
    return run(List.of(net.remoteShell().toString(), host, "cd '" + dir + "' && exec " + String.join(" ", words)),
        dir);
  }

  private static Output runHere(Path dir, List<String> demoArgs) throws IOException {
    return run(java(demoArgs), dir);
  }

  private static Output run(List<String> command, Path dir) throws IOException {
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      return new Output(p.waitFor(), text);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
