package org.amrbalance.mesh.laplace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.api.Test;

class LaplaceAmrTest {
  @Test
  void badInputGetsAClearError() {
    HotSpot p = HotSpot.of(0.5, 0.1);
    assertThatThrownBy(() -> LaplaceAmr.builder(16, 16).amr(AmrOptions.defaults().withLevels(-1, 2)).problem(p).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxLevel = -1: must be >= 0");
    assertThatThrownBy(() -> LaplaceAmr.builder(16, 16).amr(AmrOptions.defaults().withLevels(2, 3)).problem(p).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessage("ratio[0] = 3: refinement ratio must be 2 or 4");
    assertThatThrownBy(() -> LaplaceAmr.builder(1, 16).amr(AmrOptions.defaults().withGhostWidth(2)).problem(p).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cells = 1x16")
        .hasMessageContaining("ghost width 2");
    assertThatThrownBy(() -> LaplaceAmr.builder(16, 16).build()).hasMessageContaining("problem = null");
    assertThatThrownBy(() -> LaplaceAmr.builder(16, 16).problem(p).machine(Machine.fullyConnected(2))
        .exchange(org.amrbalance.mesh.grid.LocalExchange.of(3)).build()).hasMessageContaining("exchange ranks = 3");
    assertThatThrownBy(() -> HotSpot.of(0.5, 0)).hasMessageContaining("delta = 0.0");
    assertThatThrownBy(() -> LaplaceOptions.defaults().withRegridInterval(0))
        .hasMessageContaining("regridInterval = 0");
  }

  @Test
  void theLoopStopsWhenNothingIsFlaggedOrAtLmax() {
    LaplaceAmr smooth = LaplaceAmr.builder(32, 32).amr(AmrOptions.defaults().withLevels(3, 2))
        .laplace(LaplaceOptions.defaults().withFlagThreshold(0.01)).problem(HotSpot.of(0.5, 1.0)).build();
    smooth.solve();
    assertThat(smooth.hierarchy().levelCount()).isEqualTo(1);
    for (int lmax = 0; lmax <= 2; lmax++) {
      LaplaceAmr sharp = LaplaceAmr.builder(32, 32).amr(AmrOptions.defaults().withLevels(lmax, 2))
          .problem(HotSpot.of(0.5, 0.05)).build();
      sharp.solve();
      assertThat(sharp.hierarchy().finestLevel()).isEqualTo(lmax);
    }
  }

  @Test
  void theCurvatureEstimatorMeasuresTheUndividedSecondDifference() {
    org.amrbalance.mesh.grid.GridData u = org.amrbalance.mesh.grid.GridData.create(
        org.amrbalance.spi.Box.ofSize(5, 5), 1);
    for (int j = -1; j <= 5; j++) {
      for (int i = -1; i <= 5; i++) {
        u.set(i, j, 0.5 * i * i - 0.25 * j * j * j + 3 * i * j);
      }
    }
    CurvatureEstimator e = new CurvatureEstimator();
    assertThat(e.estimate(u, 2, 2)).isEqualTo(Math.max(1.0, 1.5 * 2)); // u_xx h^2 = 1, |u_yy| h^2 = 1.5 j
    assertThat(e.estimate(u, 2, 0)).isEqualTo(1.0);
  }

  @Test
  void stepTimesAreMeasuredPerOwningRank() {
    LaplaceAmr s = LaplaceAmr.builder(32, 32).amr(AmrOptions.defaults().withLevels(1, 2).withBaseBoxSize(16))
        .laplace(LaplaceOptions.defaults().withSweepsPerStep(3)).machine(Machine.fullyConnected(3))
        .balancer(p -> Assignment.wholeGrids(p.hierarchy(), p.ranks(), id -> 1))
        .problem(HotSpot.of(0.4, 0.05)).build();
    s.solve();
    assertThat(s.lastStepTimes()).isNull();
    s.advance();
    StepTimes t = LaplaceHost.of(s).measuredStepTimes();
    assertThat(t.ranks()).isEqualTo(3);
    assertThat(t.time(1)).isPositive();
    assertThat(t.time(0)).isZero();
    assertThat(t.time(2)).isZero();
  }

  @Test
  void withoutRefinementItIsAUniformSolve() {
    LaplaceAmr s = LaplaceAmr.builder(24, 16).amr(AmrOptions.defaults().withLevels(0, 2).withBaseBoxSize(8))
        .problem(HotSpot.of(0.5, 0.3)).build();
    s.solve();
    assertThat(s.hierarchy().levelCount()).isEqualTo(1);
    assertThat(s.hierarchy().level(0)).hasSize(6); // 24x16 cut into 8x8 blocks
    assertThat(s.points()).isEqualTo(24 * 16);
    assertThat(s.maxError()).isLessThan(5e-3);
  }

  @Test
  void theHostDescribesItsGridsAndCarriesOutAssignments() {
    LaplaceAmr s = LaplaceAmr.builder(32, 32).amr(AmrOptions.defaults().withLevels(2, 2).withBaseBoxSize(16))
        .laplace(LaplaceOptions.defaults().withSweepsPerStep(7)).machine(Machine.fullyConnected(4))
        .problem(HotSpot.of(0.4, 0.05)).build();
    s.solve();
    LaplaceHost host = LaplaceHost.of(s);
    assertThat(host.hierarchy().levelCount()).isEqualTo(3);
    for (Patch p : host.hierarchy().patches()) {
      assertThat(p.work()).isEqualTo((p.level() == 0 ? 7.0 : 14.0) * p.cells());
    }
    StepTimes t = host.modelledStepTimes();
    assertThat(t.sum()).isEqualTo(host.hierarchy().totalWork());
    double error = s.maxError();
    // Everything to rank 3: the data moves, the numbers stay.
    Assignment all3 = Assignment.wholeGrids(host.hierarchy(), 4, id -> 3);
    MigrationPlan plan = MigrationPlan.between(host.currentAssignment(), all3);
    assertThat(plan.isEmpty()).isFalse();
    assertThat(host.migrate(plan)).isGreaterThanOrEqualTo(0);
    assertThat(host.currentAssignment()).isEqualTo(all3);
    assertThat(host.modelledStepTimes().time(3)).isEqualTo(host.hierarchy().totalWork());
    assertThat(s.maxError()).isEqualTo(error);
    assertThatThrownBy(() -> host.migrate(MigrationPlan.between(all3, Assignment.wholeGrids(host.hierarchy(), 2,
        id -> 0)))).hasMessageContaining("assignment ranks = 2");
    assertThat(List.of(s.pointsPerLevel()[0])).containsExactly(1024L);
  }
}
