package org.amrbalance.balancers.domain;

import org.amrbalance.balancers.domain.DomainDecompositionOptions.CutAxisRule;
import java.util.Map;
import org.amrbalance.balancers.LoadBalancers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.amrbalance.spi.LoadBalancer;
import org.junit.jupiter.api.Test;

class DomainDecompositionDeclarationTest {

  @Test
  void buildsTheBalancerWithDefaultOptions() {
    LoadBalancer balancer = LoadBalancers.create("domain-decomposition");
    assertThat(balancer).isInstanceOf(DomainDecompositionBalancer.class);
    assertThat(((DomainDecompositionBalancer) balancer).options()).isEqualTo(DomainDecompositionOptions.defaults());
  }

  @Test
  void buildsTheGivenOptions() {
    DomainDecompositionOptions options = DomainDecompositionOptions.defaults().withCutAxis(CutAxisRule.LONGEST)
        .withKeepPreviousCuts(true).withKeepTolerance(0.2).withMeshAwareRanks(false);
    assertThat(((DomainDecompositionBalancer) LoadBalancers.create("domain-decomposition", Map.of("cut-axis",
        "longest", "keep-previous-cuts", "true", "keep-tolerance", "0.2", "mesh-aware-ranks", "false"))).options())
        .isEqualTo(options);
  }

  @Test
  void optionsRejectValuesOutOfRange() {
    assertThatThrownBy(() -> DomainDecompositionOptions.defaults().withKeepTolerance(1.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keep-tolerance = 1.5")
        .hasMessageContaining("[0, 1]");
    assertThatThrownBy(() -> DomainDecompositionOptions.defaults().withKeepTolerance(Double.NaN))
        .hasMessageContaining("keep-tolerance = NaN");
    assertThatThrownBy(() -> DomainDecompositionOptions.defaults().withCutAxis(null))
        .hasMessageContaining("cutAxis = null");
  }
}
