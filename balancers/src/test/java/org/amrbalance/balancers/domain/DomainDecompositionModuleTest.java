package org.amrbalance.balancers.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import com.google.inject.Injector;
import org.amrbalance.spi.LoadBalancer;
import org.junit.jupiter.api.Test;

class DomainDecompositionModuleTest {

  @Test
  void bindsTheBalancerWithDefaultOptions() {
    LoadBalancer balancer = Guice.createInjector(new DomainDecompositionModule()).getInstance(LoadBalancer.class);
    assertThat(balancer).isInstanceOf(DomainDecompositionBalancer.class);
    assertThat(((DomainDecompositionBalancer) balancer).options()).isEqualTo(DomainDecompositionOptions.defaults());
    assertThat(DomainDecompositionModule.NAME).isEqualTo("domain-decomposition");
  }

  @Test
  void bindsTheGivenOptions() {
    DomainDecompositionOptions options = DomainDecompositionOptions.defaults().withCutAxis(CutAxisRule.LONGEST)
        .withKeepPreviousCuts(true).withKeepTolerance(0.2).withMeshAwareRanks(false);
    Injector injector = Guice.createInjector(new DomainDecompositionModule(options));
    assertThat(((DomainDecompositionBalancer) injector.getInstance(LoadBalancer.class)).options()).isEqualTo(options);
    assertThat(injector.getInstance(DomainDecompositionOptions.class)).isSameAs(options);
  }

  @Test
  void optionsRejectValuesOutOfRange() {
    assertThatThrownBy(() -> DomainDecompositionOptions.defaults().withKeepTolerance(1.5))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keepTolerance = 1.5")
        .hasMessageContaining("[0, 1]");
    assertThatThrownBy(() -> DomainDecompositionOptions.defaults().withKeepTolerance(Double.NaN))
        .hasMessageContaining("keepTolerance = NaN");
    assertThatThrownBy(() -> DomainDecompositionOptions.defaults().withCutAxis(null))
        .hasMessageContaining("cutAxis = null");
  }
}
