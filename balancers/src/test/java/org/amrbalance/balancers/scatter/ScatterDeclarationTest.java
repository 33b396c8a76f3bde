package org.amrbalance.balancers.scatter;

import org.amrbalance.balancers.scatter.ScatterOptions.ProcessorLayout;
import java.util.Map;
import org.amrbalance.balancers.LoadBalancers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.amrbalance.spi.LoadBalancer;
import org.junit.jupiter.api.Test;

class ScatterDeclarationTest {

  @Test
  void buildsTheBalancerWithDefaultOptions() {
    LoadBalancer balancer = LoadBalancers.create("scatter");
    assertThat(balancer).isInstanceOf(ScatterBalancer.class);
    assertThat(((ScatterBalancer) balancer).options()).isEqualTo(ScatterOptions.defaults());
  }

  @Test
  void buildsTheGivenOptions() {
    ScatterOptions options = ScatterOptions.defaults().withBlocksPerProcessor(8).withLayout(ProcessorLayout.STRIPS)
        .withProcessorGrid(4, 2);
    assertThat(((ScatterBalancer) LoadBalancers.scatter(options)).options()).isEqualTo(options);
    assertThat(((ScatterBalancer) LoadBalancers.create("scatter", Map.of("blocks-per-processor", "8", "layout",
        "strips"))).options()).isEqualTo(options.withoutProcessorGrid());
    assertThat(options.withoutProcessorGrid().processorGrid()).isNull();
  }

  @Test
  void optionsRejectValuesOutOfRange() {
    assertThatThrownBy(() -> ScatterOptions.defaults().withBlocksPerProcessor(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blocks-per-processor = 0");
    assertThatThrownBy(() -> ScatterOptions.defaults().withProcessorGrid(2, 0))
        .hasMessageContaining("processorGrid = [2, 0]");
    assertThatThrownBy(() -> ScatterOptions.defaults().withProcessorGrid(1, 1, 1, 1))
        .hasMessageContaining("processorGrid = [1, 1, 1, 1]");
    assertThatThrownBy(() -> ScatterOptions.defaults().withLayout(null)).hasMessageContaining("layout = null");
  }
}
