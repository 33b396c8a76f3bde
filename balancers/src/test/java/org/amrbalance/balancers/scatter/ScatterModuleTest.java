package org.amrbalance.balancers.scatter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import com.google.inject.Injector;
import org.amrbalance.spi.LoadBalancer;
import org.junit.jupiter.api.Test;

class ScatterModuleTest {

  @Test
  void bindsTheBalancerWithDefaultOptions() {
    LoadBalancer balancer = Guice.createInjector(new ScatterModule()).getInstance(LoadBalancer.class);
    assertThat(balancer).isInstanceOf(ScatterBalancer.class);
    assertThat(((ScatterBalancer) balancer).options()).isEqualTo(ScatterOptions.defaults());
    assertThat(ScatterModule.NAME).isEqualTo("scatter");
  }

  @Test
  void bindsTheGivenOptions() {
    ScatterOptions options = ScatterOptions.defaults().withBlocksPerProcessor(8).withLayout(ProcessorLayout.STRIPS)
        .withProcessorGrid(4, 2);
    Injector injector = Guice.createInjector(new ScatterModule(options));
    assertThat(((ScatterBalancer) injector.getInstance(LoadBalancer.class)).options()).isEqualTo(options);
    assertThat(options.withoutProcessorGrid().processorGrid()).isNull();
  }

  @Test
  void optionsRejectValuesOutOfRange() {
    assertThatThrownBy(() -> ScatterOptions.defaults().withBlocksPerProcessor(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blocksPerProcessor = 0");
    assertThatThrownBy(() -> ScatterOptions.defaults().withProcessorGrid(2, 0))
        .hasMessageContaining("processorGrid = [2, 0]");
    assertThatThrownBy(() -> ScatterOptions.defaults().withProcessorGrid(1, 1, 1, 1))
        .hasMessageContaining("processorGrid = [1, 1, 1, 1]");
    assertThatThrownBy(() -> ScatterOptions.defaults().withLayout(null)).hasMessageContaining("layout = null");
  }
}
