package org.amrbalance.mesh.laplace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.junit.jupiter.api.Test;

class MovingHotSpotTest {
  /** Every level-(l+1) patch, coarsened and grown by the buffer, lies in level l (or outside the domain). */
  static void assertProperlyNested(Hierarchy h, int buffer) {
    for (int l = 1; l < h.levelCount(); l++) {
      Box coarseDomain = h.domainAt(l - 1);
      for (Patch p : h.level(l)) {
        Box halo = p.box().coarsen(h.ratio(l - 1)).grow(buffer).orElseThrow().intersection(coarseDomain).orElseThrow();
        long covered = 0;
        for (Patch q : h.level(l - 1)) {
          covered += q.box().overlapVolume(halo);
        }
        assertThat(covered).as("level %d patch %s with a %d-cell buffer in level %d", l, p.box(), buffer, l - 1)
            .isEqualTo(halo.volume());
      }
    }
  }

  @Test
  void theHotSpotTravelsAlongTheEdgeAndBack() {
    MovingHotSpot path = MovingHotSpot.of(0.2, 0.8, 10, 0.05);
    assertThat(path.at(0).x0()).isEqualTo(0.2);
    assertThat(path.at(5).x0()).isCloseTo(0.5, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(path.at(10).x0()).isCloseTo(0.8, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(path.at(20).x0()).isCloseTo(0.2, org.assertj.core.api.Assertions.within(1e-12));
    assertThatThrownBy(() -> MovingHotSpot.of(0.2, 0.8, 0, 0.05)).hasMessageContaining("legSteps = 0");
  }

  @Test
  void staysProperlyNestedAfterEveryRegridAndFollowsTheSpot() {
    Random rnd = new Random(7L);
    for (int run = 0; run < 2; run++) {
      int ratio = run == 1 ? 4 : 2;
      int levels = ratio == 4 ? 2 : 3;
      double delta = 0.04 + 0.03 * rnd.nextDouble();
      MovingHotSpot path = MovingHotSpot.of(0.1 + 0.2 * rnd.nextDouble(), 0.7 + 0.2 * rnd.nextDouble(), 24, delta);
      AmrOptions amr = AmrOptions.defaults().withLevels(levels, ratio).withBaseBoxSize(16);
      LaplaceAmr s = LaplaceAmr.builder(32 / ratio * 2, 24 / ratio * 2).amr(amr)
          .laplace(LaplaceOptions.defaults().withSweepsPerStep(10).withRegridInterval(1 + rnd.nextInt(2))
              .withFlagThreshold(0.004))
          .problem(path.at(0)).build();
      s.solve();
      double staticError = s.maxError();
      assertProperlyNested(s.hierarchy(), amr.nestingBuffer());
      List<Double> finestCentres = new ArrayList<>();
      int regrids = 0;
      for (int step = 1; step <= 24; step++) {
        s.setProblem(path.at(step));
        if (s.advance()) {
          regrids++;
          finestCentres.add(centreX(s.hierarchy()));
        }
        assertProperlyNested(s.hierarchy(), amr.nestingBuffer());
        assertThat(s.hierarchy().finestLevel()).isPositive();
      }
      assertThat(regrids).isGreaterThanOrEqualTo(12);
      // The refined region follows the spot along its path.
      double spread = finestCentres.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
          - finestCentres.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      assertThat(spread).as("run %d: x-spread of the finest level's centre", run).isGreaterThan(0.3);
      // Once the spot stops, warm-started steps bring the error back to the level of the static solve.
      double moving = s.maxError();
      for (int step = 0; step < 8; step++) {
        s.advance();
        assertProperlyNested(s.hierarchy(), amr.nestingBuffer());
      }
      assertThat(s.maxError()).as("run %d: error after the spot stopped (static %.2e, moving %.2e)", run,
          staticError, moving).isLessThan(0.5 * moving).isLessThan(2 * staticError);
    }
  }

  /** x of the centre of mass of the finest level's cells, in domain units. */
  private static double centreX(Hierarchy h) {
    double sum = 0;
    double cells = 0;
    double width = h.domainAt(h.finestLevel()).length(0);
    for (Patch p : h.level(h.finestLevel())) {
      sum += p.cells() * (p.box().lo(0) + p.box().hi(0) + 1) / 2.0 / width;
      cells += p.cells();
    }
    return sum / cells;
  }

  @Test
  void workDriftsWithTheSpot() {
    MovingHotSpot path = MovingHotSpot.of(0.15, 0.85, 8, 0.05);
    LaplaceAmr s = LaplaceAmr.builder(32, 32).amr(AmrOptions.defaults().withLevels(2, 2).withBaseBoxSize(16))
        .laplace(LaplaceOptions.defaults().withSweepsPerStep(5).withRegridInterval(2))
        .problem(path.at(0)).build();
    s.solve();
    Hierarchy first = s.hierarchy();
    for (Patch p : first.patches()) {
      assertThat(p.work()).isEqualTo(p.cells() * (p.level() == 0 ? 5.0 : 10.0));
    }
    for (int step = 1; step <= 8; step++) {
      s.setProblem(path.at(step));
      s.advance();
    }
    assertThat(s.hierarchy().level(1)).isNotEqualTo(first.level(1));
  }
}
