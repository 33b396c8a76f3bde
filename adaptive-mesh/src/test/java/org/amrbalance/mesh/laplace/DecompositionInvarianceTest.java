package org.amrbalance.mesh.laplace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.CollectivesExchange;
import org.amrbalance.mesh.grid.ExchangeKind;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.LocalExchange;
import org.amrbalance.mesh.grid.RecordingExchange;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.junit.jupiter.api.Test;

/**
 * The numbers do not depend on where the grids live: one process holding everything, and three ranks
 * exchanging messages with patches cut in two, give bit-identical solutions.
 */
class DecompositionInvarianceTest {
  /** Cuts every patch longer than 8 cells in two along x and deals the pieces to ranks in turn. */
  static final LoadBalancer CUT_IN_TWO = (BalanceProblem p) -> {
    List<Piece> pieces = new ArrayList<>();
    int next = 0;
    for (Patch patch : p.hierarchy().patches()) {
      Box b = patch.box();
      if (b.length(0) >= 8) {
        for (Box half : b.split(0, b.lo(0) + b.length(0) / 2 + 1)) {
          pieces.add(Piece.of(patch.id(), half, next++ % p.ranks()));
        }
      } else {
        pieces.add(Piece.of(patch.id(), b, next++ % p.ranks()));
      }
    }
    return Assignment.of(p.hierarchy(), p.ranks(), pieces);
  };

  private static Map<Block, GridData> run(LaplaceAmrBuilder builder) {
    return run(builder, AmrOptions.defaults().ghostWidth());
  }

  private static Map<Block, GridData> run(LaplaceAmrBuilder builder, int ghostWidth) {
    MovingHotSpot path = MovingHotSpot.of(0.3, 0.7, 4, 0.06);
    LaplaceAmr s = builder.amr(AmrOptions.defaults().withLevels(2, 2).withBaseBoxSize(12).withGhostWidth(ghostWidth))
        .laplace(LaplaceOptions.defaults().withSweepsPerStep(4).withRegridInterval(2).withMaxCycles(5))
        .problem(path.at(0)).build();
    s.solve();
    for (int step = 1; step <= 4; step++) {
      s.setProblem(path.at(step));
      s.advance();
    }
    return s.grids().gather(0);
  }

  /** Values of every cell of every level, keyed by level and cell, from gathered blocks. */
  private static Map<String, Double> cells(Map<Block, GridData> blocks) {
    Map<String, Double> out = new java.util.TreeMap<>();
    blocks.forEach((b, u) -> {
      for (int j = b.box().lo(1); j <= b.box().hi(1); j++) {
        for (int i = b.box().lo(0); i <= b.box().hi(0); i++) {
          out.put(b.level() + ":" + i + "," + j, u.get(i, j));
        }
      }
    });
    return out;
  }

  @Test
  void oneProcessAndThreeRanksWithCutPatchesAgreeBitForBit() {
    Map<String, Double> local = cells(run(LaplaceAmr.builder(24, 24)));
    List<Map<Block, GridData>> ranks = ThreadCollectives.run(3, comm -> run(LaplaceAmr.builder(24, 24)
        .machine(Machine.fullyConnected(3)).balancer(CUT_IN_TWO).exchange(CollectivesExchange.of(comm))));
    assertThat(ranks.get(1)).isEmpty();
    Map<String, Double> distributed = cells(ranks.get(0));
    assertThat(distributed.keySet()).isEqualTo(local.keySet());
    assertThat(local.size()).isGreaterThan(24 * 24);
    for (Map.Entry<String, Double> e : local.entrySet()) {
      assertThat(Double.doubleToLongBits(distributed.get(e.getKey())))
          .as("cell %s", e.getKey()).isEqualTo(Double.doubleToLongBits(e.getValue()));
    }
  }

  /**
   * Two ghost layers: colour 0 is also computed on the first ghost layer that siblings own, so a red-black sweep
   * makes one sibling exchange instead of two, and every cell keeps its value bit for bit (one process and three
   * ranks with cut patches).
   */
  @Test
  void twoGhostLayersHalveTheSiblingExchangesAndChangeNoValue() {
    RecordingExchange one = new RecordingExchange(LocalExchange.of(1));
    RecordingExchange two = new RecordingExchange(LocalExchange.of(1));
    Map<String, Double> oneLayer = cells(run(LaplaceAmr.builder(24, 24).exchange(one), 1));
    Map<String, Double> twoLayers = cells(run(LaplaceAmr.builder(24, 24).exchange(two), 2));
    List<Map<Block, GridData>> ranks = ThreadCollectives.run(3, comm -> run(LaplaceAmr.builder(24, 24)
        .machine(Machine.fullyConnected(3)).balancer(CUT_IN_TWO).exchange(CollectivesExchange.of(comm)), 2));
    Map<String, Double> distributed = cells(ranks.get(0));
    assertThat(twoLayers.keySet()).isEqualTo(oneLayer.keySet()).isEqualTo(distributed.keySet());
    for (Map.Entry<String, Double> e : oneLayer.entrySet()) {
      assertThat(Double.doubleToLongBits(twoLayers.get(e.getKey()))).as("cell %s", e.getKey())
          .isEqualTo(Double.doubleToLongBits(e.getValue()));
      assertThat(Double.doubleToLongBits(distributed.get(e.getKey()))).as("cell %s", e.getKey())
          .isEqualTo(Double.doubleToLongBits(e.getValue()));
    }
    long siblingExchanges = one.count(ExchangeKind.GHOST_FILL);
    assertThat(siblingExchanges).isGreaterThan(100);
    assertThat((double) two.count(ExchangeKind.GHOST_FILL) / siblingExchanges).isLessThan(0.6);
  }
}
