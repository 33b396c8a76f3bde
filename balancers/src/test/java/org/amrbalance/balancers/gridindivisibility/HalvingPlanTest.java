package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import static org.assertj.core.api.Assertions.assertThat;

import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Topology;
import org.junit.jupiter.api.Test;

class HalvingPlanTest {

  @Test
  void hypercubeSegmentsAreAddressPrefixesAndPartnersFlipOneBit() {
    HalvingPlan plan = HalvingPlan.of(Machine.hypercube(16));
    assertThat(plan.depth()).isEqualTo(4);
    for (int level = 0; level < 4; level++) {
      for (int r = 0; r < 16; r++) {
        assertThat(plan.segment(level + 1, r)).isEqualTo(r >> (3 - level));
        assertThat(plan.partner(level, r)).isEqualTo(r ^ (1 << (3 - level)));
        assertThat(plan.hopCost(level, r)).isEqualTo(1);
      }
    }
    assertThat(plan.designated(0, 0)).isZero();
    assertThat(plan.designated(2, 3)).isEqualTo(12);
  }

  @Test
  void meshCutsAlternateVerticalThenHorizontalWithTranslateCosts() {
    // 4 x 4 mesh: cut 1 splits x (cost 2 hops), cut 2 splits y (2 hops), cut 3 x (1), cut 4 y (1).
    Topology.Mesh mesh = Topology.mesh(4, 4);
    HalvingPlan plan = HalvingPlan.of(Machine.of(mesh), PartnerRule.TRANSLATE);
    assertThat(plan.depth()).isEqualTo(4);
    int r = mesh.rankAt(1, 2);
    assertThat(plan.partner(0, r)).isEqualTo(mesh.rankAt(3, 2));
    assertThat(plan.hopCost(0, r)).isEqualTo(2);
    assertThat(plan.partner(1, r)).isEqualTo(mesh.rankAt(1, 0));
    assertThat(plan.hopCost(1, r)).isEqualTo(2);
    assertThat(plan.partner(2, r)).isEqualTo(mesh.rankAt(0, 2));
    assertThat(plan.partner(3, r)).isEqualTo(mesh.rankAt(1, 3));
    assertThat(plan.hopCost(3, r)).isEqualTo(1);
    // Segment sizes halve at every cut; the root's designated processor is the centre (2, 2).
    assertThat(plan.segmentSize(1, plan.segment(1, r))).isEqualTo(8);
    assertThat(plan.segmentSize(2, plan.segment(2, r))).isEqualTo(4);
    assertThat(plan.designated(0, 0)).isEqualTo(mesh.rankAt(2, 2));
  }

  @Test
  void mirrorPartnersReflectAcrossTheCut() {
    Topology.Mesh mesh = Topology.mesh(4, 4);
    HalvingPlan plan = HalvingPlan.of(Machine.of(mesh), PartnerRule.MIRROR);
    assertThat(plan.partner(0, mesh.rankAt(1, 2))).isEqualTo(mesh.rankAt(2, 2));
    assertThat(plan.hopCost(0, mesh.rankAt(1, 2))).isEqualTo(1);
    assertThat(plan.partner(0, mesh.rankAt(0, 2))).isEqualTo(mesh.rankAt(3, 2));
    assertThat(plan.hopCost(0, mesh.rankAt(0, 2))).isEqualTo(3);
    assertThat(plan.partner(0, mesh.rankAt(3, 1))).isEqualTo(mesh.rankAt(0, 1));
  }

  @Test
  void unevenMachinesAreHalvedWithinOneProcessorAndPartnersStayInTheOtherHalf() {
    for (Machine m : new Machine[] {Machine.fullyConnected(7), Machine.mesh(3, 5), Machine.mesh(1, 6),
        Machine.fullyConnected(1)}) {
      for (PartnerRule rule : PartnerRule.values()) {
        HalvingPlan plan = HalvingPlan.of(m, rule);
        if (m.topology() instanceof Topology.Mesh mesh) {
          assertThat(plan.depth()).isLessThanOrEqualTo(ceilLog2(mesh.p()) + ceilLog2(mesh.q()));
        } else {
          assertThat(plan.depth()).isEqualTo(ceilLog2(m.ranks()));
        }
        assertThat(plan.segments(plan.depth())).isEqualTo(m.ranks());
        for (int level = 0; level < plan.depth(); level++) {
          for (int seg = 0; seg < plan.segments(level); seg++) {
            if (plan.isCut(level, seg)) {
              int a = plan.segmentSize(level + 1, plan.halfA(level, seg));
              int b = plan.segmentSize(level + 1, plan.halfB(level, seg));
              assertThat(a + b).isEqualTo(plan.segmentSize(level, seg));
              assertThat(Math.max(a, b)).isLessThanOrEqualTo(2 * Math.min(a, b) + 1);
            }
          }
          for (int r = 0; r < m.ranks(); r++) {
            int p = plan.partner(level, r);
            if (plan.isCut(level, plan.segment(level, r))) {
              assertThat(plan.segment(level, p)).isEqualTo(plan.segment(level, r));
              assertThat(plan.segment(level + 1, p)).isNotEqualTo(plan.segment(level + 1, r));
              assertThat(plan.hopCost(level, r)).isEqualTo(m.hops(r, p)).isPositive();
            } else {
              assertThat(p).isEqualTo(-1);
            }
          }
        }
      }
    }
  }

  private static int ceilLog2(int n) {
    return 32 - Integer.numberOfLeadingZeros(n - 1);
  }
}
