package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TopologyTest {

  @Test
  void hypercubeHopsAreHammingDistances() {
    Topology t = Topology.hypercube(3);
    assertThat(t.size()).isEqualTo(8);
    assertThat(t.hops(0, 7)).isEqualTo(3);
    assertThat(t.hops(5, 4)).isEqualTo(1);
    assertThat(t.hops(6, 6)).isZero();
    assertThat(t.diameter()).isEqualTo(3);
    assertThat(Topology.hypercubeOfSize(16)).isEqualTo(Topology.hypercube(4));
  }

  @Test
  void meshHopsAreManhattanDistancesInRowMajorOrder() {
    Topology.Mesh m = Topology.mesh(4, 2);
    assertThat(m.size()).isEqualTo(8);
    assertThat(m.x(6)).isEqualTo(2);
    assertThat(m.y(6)).isEqualTo(1);
    assertThat(m.rankAt(2, 1)).isEqualTo(6);
    assertThat(m.hops(0, 7)).isEqualTo(4);
    assertThat(m.hops(3, 4)).isEqualTo(4);
    assertThat(m.hops(1, 5)).isEqualTo(1);
    assertThat(m.diameter()).isEqualTo(4);
  }

  @Test
  void fullyConnectedIsOneHopEverywhere() {
    Topology t = Topology.fullyConnected(5);
    assertThat(t.hops(0, 4)).isEqualTo(1);
    assertThat(t.hops(2, 2)).isZero();
    assertThat(Topology.fullyConnected(1).diameter()).isZero();
  }

  @Test
  void zeroRanksAndBadShapesAreRejected() {
    assertThatThrownBy(() -> Machine.fullyConnected(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ranks = 0");
    assertThatThrownBy(() -> Machine.hypercube(6)).hasMessageContaining("ranks = 6").hasMessageContaining("power of two");
    assertThatThrownBy(() -> Machine.mesh(0, 3)).hasMessageContaining("p = 0");
    assertThatThrownBy(() -> Machine.mesh(3, -1)).hasMessageContaining("q = -1");
    assertThatThrownBy(() -> Topology.hypercube(-1)).hasMessageContaining("dimension = -1");
  }

  @Test
  void ranksOutOfRangeAreRejected() {
    assertThatThrownBy(() -> Topology.hypercube(2).hops(0, 4)).hasMessageContaining("b = 4");
    assertThatThrownBy(() -> Machine.mesh(2, 2).hops(-1, 0)).hasMessageContaining("rank = -1");
    assertThatThrownBy(() -> Topology.fullyConnected(3).hops(3, 0)).hasMessageContaining("a = 3");
  }

  @Test
  void machineDelegatesToItsTopology() {
    Machine m = Machine.mesh(2, 3);
    assertThat(m.ranks()).isEqualTo(6);
    assertThat(m.hops(0, 5)).isEqualTo(3);
    assertThat(m).isEqualTo(Machine.of(Topology.mesh(2, 3)));
  }
}
