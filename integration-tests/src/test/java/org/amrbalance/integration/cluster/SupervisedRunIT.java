package org.amrbalance.integration.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --supervise}: a rank's JVM killed (SIGKILL), or a host taken off the network, in the middle of a run is
 * noticed within 10 s; the run goes on by itself from the last complete checkpoint on the ranks that remain and
 * finishes, with the same field, bit for bit, as the same checkpoint restarted by hand on as many ranks. The loss is
 * injected when the demo's progress reaches a step after a checkpoint, not after a pause.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SupervisedRunIT {
  private static final List<String> RUN = List.of("--problem", "small", "--steps", "24", "--checkpoint-every", "5",
      "--supervise");
  /** The loss comes when progress reaches this step: after the checkpoint of step 10, before the one of step 15. */
  private static final String LOSE_AT = "step  12/24";
  private static final Pattern NOTICED = Pattern.compile(".*noticed after (\\d+\\.\\d) s.*");
  private static final Pattern GOING_ON = Pattern.compile(
      "supervise: lost .*; going on from (restart-1-from-step-(\\d+)\\.ckpt) \\(after step \\2\\) on (\\d+) ranks?.*");

  @Test
  void aKilledRankIsReplacedByARestartOnTheRanksThatRemain(@TempDir Path dir) throws IOException {
    List<String> demo = new ArrayList<>(List.of("--device", "niodev", "--ranks", "3", "--output",
        dir.resolve("out").toString()));
    demo.addAll(RUN);
    long[] killed = {-1};
    DemoProcess.Output run = DemoProcess.runHere(dir, demo, (line, process) -> {
      if (killed[0] < 0 && line.startsWith(LOSE_AT)) {
        killed[0] = DemoProcess.killOneRank(process);
      }
    });
    System.out.println(run.text());
    assertThat(killed[0]).as("a rank was killed").isPositive();
    assertThat(run.exit()).as(run.text()).isZero();
    assertRecovered(run, "pid " + killed[0], 2, dir, List.of("--device", "multicore"));
  }

  @Test
  void aHostTakenOffTheNetworkIsLeftOutOfTheRestart(@TempDir Path dir) throws IOException {
    String why = NetworkNamespaces.unavailable();
    assumeTrue(why == null, () -> "skipped: " + why);
    try (NetworkNamespaces net = NetworkNamespaces.create(2, dir)) {
      String lost = net.hosts().get(1);
      // Two ranks on the first host, one on the second: losing the second leaves two.
      Path machines = Files.writeString(dir.resolve("machines"), net.hosts().get(0) + "\n" + lost + "\n"
          + net.hosts().get(0) + "\n");
      List<String> demo = new ArrayList<>(List.of("--device", "niodev", "--ranks", "3", "--machines",
          machines.toString(), "--remote-shell", net.remoteShell().toString(), "--output",
          dir.resolve("out").toString()));
      demo.addAll(RUN);
      boolean[] unplugged = {false};
      DemoProcess.Output run = DemoProcess.runOn(net, net.hosts().get(0), dir, demo, (line, process) -> {
        if (!unplugged[0] && line.startsWith(LOSE_AT)) {
          net.unplug(lost);
          unplugged[0] = true;
        }
      });
      System.out.println(run.text());
      assertThat(unplugged[0]).isTrue();
      assertThat(run.exit()).as(run.text()).isZero();
      assertRecovered(run, "host " + lost + " did not answer", 2, dir, List.of("--device", "multicore"));
      assertThat(run.text()).contains("on 2 ranks on [" + net.hosts().get(0) + "]");
      for (String host : net.hosts()) {
        assertThat(net.processes(host)).as("processes left in " + host + ": " + net.describe(host)).isEmpty();
      }
    }
  }

  /**
   * The run says what it lost and when, noticed within 10 s, went on from a checkpoint copied aside on {@code ranks}
   * ranks, and ended with the field that the same checkpoint restarted by hand on as many ranks ends with.
   */
  private static void assertRecovered(DemoProcess.Output run, String lostWhat, int ranks, Path dir,
      List<String> device) throws IOException {
    String lostLine = run.text().lines().filter(l -> l.startsWith("supervise: lost ")).findFirst()
        .orElseThrow(() -> new AssertionError("no loss reported"));
    assertThat(lostLine).contains(lostWhat);
    Matcher noticed = NOTICED.matcher(lostLine);
    assertThat(noticed.matches()).as(lostLine).isTrue();
    assertThat(Double.parseDouble(noticed.group(1))).as("seconds until the loss was noticed").isLessThanOrEqualTo(10);
    Matcher going = GOING_ON.matcher(lostLine);
    assertThat(going.matches()).as(lostLine).isTrue();
    assertThat(Integer.parseInt(going.group(3))).isEqualTo(ranks);
    int step = Integer.parseInt(going.group(2));
    assertThat(step).isBetween(10, 11);
    assertThat(lostLine).contains("steps " + (step + 1) + " to ");
    assertThat(run.text()).contains("restarted from " + going.group(1) + " after step " + step + " on " + ranks
        + " ranks").contains("supervise: finished after 1 restart");

    List<String> byHand = new ArrayList<>(device);
    byHand.addAll(List.of("--ranks", Integer.toString(ranks), "--restart",
        dir.resolve("out").resolve(going.group(1)).toString(), "--output", dir.resolve("by-hand").toString(),
        "--problem", "small", "--steps", "24"));
    DemoProcess.Output again = DemoProcess.runHere(dir, byHand, DemoProcess.LineHandler.NONE);
    assertThat(again.exit()).as(again.text()).isZero();
    assertThat(run.digest()).isEqualTo(again.digest());
  }
}
