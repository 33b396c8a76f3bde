package org.amrbalance.experiments.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.amrbalance.experiments.Launcher;
import org.junit.jupiter.api.Test;

class LockstepTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return new Launcher(List.of(new LockstepCommand())).run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  /** The sweeps written out plainly, colour by the parity of i + j, as an independent check of the kernel. */
  private static void referenceSweeps(double[] v, double[] f, int n, int count) {
    for (int s = 0; s < count; s++) {
      for (int colour = 0; colour < 2; colour++) {
        for (int j = 1; j < n - 1; j++) {
          for (int i = 1; i < n - 1; i++) {
            if ((i + j) % 2 == colour) {
              int k = i + j * n;
              v[k] += 1.5 * ((v[k - 1] + v[k + 1] + v[k - n] + v[k + n] - f[k]) / 4 - v[k]);
            }
          }
        }
      }
    }
  }

  @Test
  void everyModeOfEveryRoundSweepsEveryGridTheSameNumberOfTimes() throws Exception {
    int threads = 3;
    int sweeps = 4;
    int rounds = 2;
    Lockstep lockstep = Lockstep.of(threads, 12 * 12 + 5, sweeps, 3);
    assertThat(lockstep.cellsPerThread()).isEqualTo(144);
    List<Lockstep.Round> measured = lockstep.measure(rounds);
    assertThat(measured).hasSize(rounds);
    for (Lockstep.Round r : measured) {
      assertThat(r.oneThread()).isPositive();
      assertThat(r.free()).isPositive();
      assertThat(r.lockstep()).isPositive();
      assertThat(r.waitingShare()).isBetween(0.0, 1.0);
      assertThat(r.lockstepSpeedup()).isEqualTo(r.oneThread() / r.lockstep());
      assertThat(r.meetings()).as("after sweeps 3 and 4").isEqualTo(2);
    }
    // An untimed round, then each timed round's three modes: sweeps x 3 x (rounds + 1) sweeps of every grid.
    Lockstep fresh = Lockstep.of(threads, 144, 1);
    for (int t = 0; t < threads; t++) {
      double[] expected = fresh.grid(t);
      double[] rightSide = new double[144];
      for (int k = 0; k < 144; k++) {
        rightSide[k] = 1e-3 * ((k * 31 + t * 17) % 97);
      }
      referenceSweeps(expected, rightSide, 12, sweeps * 3 * (rounds + 1));
      assertThat(lockstep.grid(t)).as("grid %d", t).containsExactly(expected);
    }
  }

  @Test
  void badSizesAreRefusedByName() {
    assertThatThrownBy(() -> Lockstep.of(1, 100, 1)).hasMessageContaining("threads");
    assertThatThrownBy(() -> Lockstep.of(2, 4, 1)).hasMessageContaining("cells per thread");
    assertThatThrownBy(() -> Lockstep.of(2, 100, 0)).hasMessageContaining("sweeps");
    assertThatThrownBy(() -> Lockstep.of(2, 100, 1, 0)).hasMessageContaining("meet every");
    assertThat(run("lockstep", "--threads", "1")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--threads");
  }

  @Test
  void theCommandPrintsEveryRoundAndTheMedians() throws Exception {
    assertThat(run("lockstep", "--cells", "400", "--sweeps", "3", "--rounds", "3", "--json"))
        .as(err.toString(StandardCharsets.UTF_8)).isZero();
    String[] lines = out.toString(StandardCharsets.UTF_8).strip().split("\n");
    assertThat(lines).hasSize(4);
    ObjectMapper mapper = new ObjectMapper();
    double[] speedups = new double[3];
    for (int r = 0; r < 3; r++) {
      JsonNode round = mapper.readTree(lines[r]);
      assertThat(round.get("round").asInt()).isEqualTo(r + 1);
      assertThat(round.get("cellsPerThread").asInt()).isEqualTo(400);
      speedups[r] = round.get("lockstepSpeedup").asDouble();
      assertThat(speedups[r]).isEqualTo(round.get("oneThreadSeconds").asDouble()
          / round.get("lockstepSeconds").asDouble(), org.assertj.core.data.Offset.offset(1e-9 * speedups[r]));
    }
    JsonNode summary = mapper.readTree(lines[3]);
    java.util.Arrays.sort(speedups);
    assertThat(summary.get("medianLockstepSpeedup").asDouble()).isEqualTo(speedups[1]);
    out.reset();
    assertThat(run("lockstep", "--cells", "400", "--sweeps", "2", "--rounds", "1")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("2 threads on", "| 1 |", "median over the rounds",
        "meeting after every sweep");
    out.reset();
    assertThat(run("lockstep", "--cells", "400", "--sweeps", "4", "--rounds", "1", "--meet-every", "2")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("meeting after every 2 sweeps");
    assertThat(Lockstep.of(2, 400, 4, 2).measure(1).get(0).meetings()).isEqualTo(2);
    assertThat(Lockstep.of(2, 400, 4, 1).measure(1).get(0).meetings()).isEqualTo(4);
  }
}
