package org.amrbalance.balancers.scatter;

import com.google.inject.Module;
import java.util.Map;
import java.util.Set;
import org.amrbalance.config.BalancerProvider;
import org.amrbalance.config.ComponentOptions;

/** Makes {@code scatter} selectable by name in configuration. */
public final class ScatterProvider implements BalancerProvider {
  @Override
  public String name() {
    return ScatterModule.NAME;
  }

  @Override
  public String description() {
    return "modular (scatter) decomposition: equal blocks dealt to processors modulo the processor grid";
  }

  @Override
  public Map<String, String> options() {
    return Map.of(
        "blocks-per-processor", "granularity k: blocks per processor coordinate and axis, in [1, 65536] (default 4)",
        "layout", "auto or strips: how ranks form a processor grid (default auto)",
        "lattice-from-hierarchy", "choose the block lattice (level) and granularity (k to 8k) from the hierarchy;"
            + " false: level-0 lattice, granularity k, as before (default true)");
  }

  @Override
  public Module module(ComponentOptions o) {
    ScatterOptions s = ScatterOptions.defaults();
    String layout = o.choice("layout", "auto", Set.of("auto", "strips"));
    return new ScatterModule(s
        .withBlocksPerProcessor(o.intValue("blocks-per-processor", s.blocksPerProcessor(), 1, 65536))
        .withLayout(layout.equals("strips") ? ProcessorLayout.STRIPS : ProcessorLayout.AUTO)
        .withLatticeFromHierarchy(o.booleanValue("lattice-from-hierarchy", s.latticeFromHierarchy())));
  }
}
