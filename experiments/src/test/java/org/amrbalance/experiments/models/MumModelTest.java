package org.amrbalance.experiments.models;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MumModelTest {

  @Test
  void transitionMatrixIsSymmetricAndDoublyStochastic() {
    double[][] m = MumModel.of(3, 19, 0.5).transitionMatrix();
    for (int i = 0; i < 19; i++) {
      double row = 0;
      double col = 0;
      for (int j = 0; j < 19; j++) {
        row += m[i][j];
        col += m[j][i];
        assertThat(m[i][j]).isEqualTo(m[j][i]);
      }
      assertThat(row).isCloseTo(1, offset(1e-15));
      assertThat(col).isCloseTo(1, offset(1e-15));
    }
    assertThat(m[0][0]).isEqualTo(0.75);
    assertThat(m[5][5]).isEqualTo(0.5);
    assertThat(m[5][6]).isEqualTo(0.25);
  }

  @Test
  void clippedMovesFollowTheTransitionMatrix() {
    MumModel model = MumModel.of(1, 3, 0.6);
    double[][] m = model.transitionMatrix();
    int runs = 200_000;
    byte[] moves = new byte[runs];
    model.drawMoves(new SplittableRandom(3), runs, moves);
    for (int from = 1; from <= 3; from++) {
      int[] counts = new int[4];
      int[] s = new int[1];
      for (int t = 0; t < runs; t++) {
        s[0] = from;
        model.apply(moves, t, s);
        counts[s[0]]++;
      }
      for (int to = 1; to <= 3; to++) {
        assertThat((double) counts[to] / runs).as("%d -> %d", from, to).isCloseTo(m[from - 1][to - 1], offset(0.005));
      }
    }
  }

  @Test
  void averageValueRemapConservesTheTotalAndLevelsTheLoads() {
    SplittableRandom rng = new SplittableRandom(11);
    for (int trial = 0; trial < 500; trial++) {
      int[] s = new int[1 + rng.nextInt(9)];
      long total = 0;
      for (int j = 0; j < s.length; j++) {
        s[j] = 1 + rng.nextInt(19);
        total += s[j];
      }
      MumModel.averageValueRemap(s);
      long after = 0;
      int min = Integer.MAX_VALUE;
      int max = 0;
      for (int v : s) {
        after += v;
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
      assertThat(after).isEqualTo(total);
      assertThat(max - min).isLessThanOrEqualTo(1);
    }
  }

  @Test
  void fastFixedIntervalPathAgreesWithThePolicyPath() {
    MumModel model = MumModel.of(8, 19, 0.5);
    MumSimulator sim = MumSimulator.of(model, 400, 8);
    byte[] path = sim.newPath();
    SplittableRandom master = new SplittableRandom(5);
    for (int r = 0; r < 20; r++) {
      model.drawMoves(master.split(), 400, path);
      for (int m : new int[] {1, 3, 7, 40, 400}) {
        RunResult fast = sim.runFixed(path, m);
        RunResult slow = sim.run(path, RemapPolicies.fixedInterval(m));
        assertThat(fast.remaps()).isEqualTo(slow.remaps());
        assertThat(fast.utilization()).isCloseTo(slow.utilization(), offset(1e-12));
      }
      RunResult never = sim.run(path, RemapPolicies.never());
      assertThat(sim.runFixed(path, 0).utilization()).isCloseTo(never.utilization(), offset(1e-12));
      assertThat(never.remaps()).isZero();
    }
    // A remap asked for after the final step is not carried out: m = 400 never remaps in 400 steps.
    assertThat(sim.runFixed(path, 400).remaps()).isZero();
    assertThat(sim.runFixed(path, 1).remaps()).isEqualTo(399);
  }

  @Test
  void rejectsBadParameters() {
    assertThatThrownBy(() -> MumModel.of(0, 19, 0.5)).hasMessageContaining("chains = 0");
    assertThatThrownBy(() -> MumModel.of(2, 18, 0.5)).hasMessageContaining("states = 18");
    assertThatThrownBy(() -> MumModel.of(2, 19, 1.5)).hasMessageContaining("p = 1.5");
    assertThatThrownBy(() -> MumSimulator.of(MumModel.of(2, 19, 0.5), 10, -1)).hasMessageContaining("cost = -1");
  }
}
