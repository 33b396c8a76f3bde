package org.amrbalance.mesh.laplace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WorkModelTest {
  @Test
  void theCellCountIsTodaysWork() {
    WorkModel m = WorkModel.fit(SweepSamples.empty());
    assertThat(m.isCellCount()).isTrue();
    assertThat(m.work(2, 100, 40)).isEqualTo(4000.0);
  }

  @Test
  void aLineThroughExactSamplesIsRecoveredPerLevel() {
    SweepSamples s = SweepSamples.empty();
    SplittableRandom rnd = new SplittableRandom(5);
    for (int k = 0; k < 200; k++) {
      long cells = 16 + rnd.nextInt(4000);
      s.add(0, cells, 3e-5 + 2e-8 * cells);
      s.add(2, cells, 1e-4 + 5e-8 * cells);
    }
    WorkModel m = WorkModel.fit(s);
    assertThat(m.overhead(0)).isCloseTo(3e-5, within(1e-12));
    assertThat(m.perCell(0)).isCloseTo(2e-8, within(1e-15));
    assertThat(m.overhead(2)).isCloseTo(1e-4, within(1e-12));
    assertThat(m.perCell(2)).isCloseTo(5e-8, within(1e-15));
    // Level 1 has no samples: it counts as the nearest coarser level.
    assertThat(m.perCell(1)).isEqualTo(m.perCell(0));
    assertThat(m.work(2, 1000, 40)).isCloseTo(40 * (1e-4 + 5e-8 * 1000), within(1e-12));
  }

  @Test
  void theFitIsTheLeastSquaresLineOfNoisySamples() {
    // Reference: the normal equations solved directly for the same samples.
    SweepSamples s = SweepSamples.empty();
    SplittableRandom rnd = new SplittableRandom(11);
    double n = 0;
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    for (int k = 0; k < 500; k++) {
      long x = 64 + rnd.nextInt(2000);
      double y = 5e-6 + 1e-8 * x * (0.8 + 0.4 * rnd.nextDouble());
      s.add(1, x, y);
      n++;
      sx += x;
      sy += y;
      sxx += (double) x * x;
      sxy += x * y;
    }
    double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    double intercept = (sy - slope * sx) / n;
    WorkModel m = WorkModel.fit(s);
    assertThat(m.perCell(1)).isCloseTo(slope, within(1e-15));
    assertThat(m.overhead(1)).isCloseTo(Math.max(0, intercept), within(1e-12));
  }

  @Test
  void oneBlockSizeOrANegativeInterceptGivesALineThroughZero() {
    SweepSamples one = SweepSamples.empty();
    one.add(0, 256, 1e-5);
    one.add(0, 256, 3e-5);
    WorkModel m = WorkModel.fit(one);
    assertThat(m.overhead(0)).isZero();
    assertThat(m.perCell(0)).isCloseTo(2e-5 / 256, within(1e-18));
    SweepSamples falling = SweepSamples.empty();
    falling.add(0, 100, 0.0);
    falling.add(0, 1000, 1e-5);
    WorkModel f = WorkModel.fit(falling);
    assertThat(f.overhead(0)).isZero();
    assertThat(f.perCell(0)).isCloseTo(1e-5 / 1100, within(1e-18));
  }

  @Test
  void samplesOfSeveralRanksAddUpInRankOrder() {
    SweepSamples a = SweepSamples.empty();
    a.add(0, 100, 1e-4);
    SweepSamples b = SweepSamples.empty();
    b.add(1, 400, 4e-4);
    b.add(0, 300, 3e-4);
    SweepSamples all = SweepSamples.sum(List.of(a.toArray(), b.toArray()));
    assertThat(all.levels()).isEqualTo(2);
    assertThat(all.count(0)).isEqualTo(2);
    assertThat(all.sumCells(0)).isEqualTo(400);
    assertThat(SweepSamples.of(all.toArray()).sumSeconds(1)).isEqualTo(4e-4);
  }

  @Test
  void badSamplesAreRefusedByName() {
    SweepSamples s = SweepSamples.empty();
    assertThatThrownBy(() -> s.add(0, 10, Double.NaN)).hasMessageContaining("sample = level 0, 10 cells, NaN s");
    assertThatThrownBy(() -> s.add(-1, 10, 1)).hasMessageContaining("level -1");
    assertThatThrownBy(() -> SweepSamples.of(new double[3])).hasMessageContaining("sums.length = 3");
  }
}
