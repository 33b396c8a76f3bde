package org.amrbalance.integration.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
      DemoProcess.Output cluster = DemoProcess.runOn(net, net.hosts().get(0), dir, demo, DemoProcess.LineHandler.NONE);
      System.out.println(cluster.text());
      assertThat(cluster.exit()).as(cluster.text()).isZero();
      assertThat(cluster.text()).contains("cluster: host " + net.hosts().get(1) + " checked (" + net.hosts().get(1)
          + " " + NetworkNamespaces.address(1) + ")");
      assertThat(cluster.text()).contains("listens on TCP port").contains("run cluster jobs on a private network");

      List<String> single = new ArrayList<>(List.of("--device", "multicore", "--ranks", "1", "--output",
          dir.resolve("one").toString()));
      single.addAll(RUN);
      DemoProcess.Output one = DemoProcess.runHere(dir, single, DemoProcess.LineHandler.NONE);
      assertThat(one.exit()).as(one.text()).isZero();
      assertThat(cluster.digest()).isEqualTo(one.digest());

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
      DemoProcess.Output failed = DemoProcess.runOn(net, net.hosts().get(0), dir, demo,
          DemoProcess.LineHandler.NONE);
      assertThat(failed.exit()).as(failed.text()).isEqualTo(1);
      List<String> errors = failed.text().lines().filter(l -> l.startsWith("amrbalance demo: host ")).toList();
      assertThat(errors).hasSize(1);
      assertThat(errors.get(0)).contains("host " + absent + ": the check through").contains("failed");
      assertThat(failed.text()).doesNotContain("final field");
      assertThat(net.processes(net.hosts().get(0))).as(net.describe(net.hosts().get(0))).isEmpty();
    }
  }
}
