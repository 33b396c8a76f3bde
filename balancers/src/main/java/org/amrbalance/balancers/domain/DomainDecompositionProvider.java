package org.amrbalance.balancers.domain;

import com.google.inject.Module;
import java.util.Map;
import java.util.Set;
import org.amrbalance.config.BalancerProvider;
import org.amrbalance.config.ComponentOptions;

/** Makes {@code domain-decomposition} selectable by name in configuration. */
public final class DomainDecompositionProvider implements BalancerProvider {
  @Override
  public String name() {
    return DomainDecompositionModule.NAME;
  }

  @Override
  public String description() {
    return "recursive binary decomposition of the projected workload; patches cut along the cuts";
  }

  @Override
  public Map<String, String> options() {
    return Map.of(
        "cut-axis", "alternating or longest (default alternating)",
        "keep-previous-cuts", "keep the previous cuts where they still balance (default false)",
        "keep-tolerance", "how far above its average a side may be for a cut to be kept, in [0, 1] (default 0.05)",
        "mesh-aware-ranks", "split the processor mesh along with the domain (default true)",
        "cut-level", "level whose cell boundaries the cuts follow, in [0, 30], or -1: the level whose decomposition"
            + " is best balanced per level (default -1; 0 was the old default)");
  }

  @Override
  public Module module(ComponentOptions o) {
    DomainDecompositionOptions d = DomainDecompositionOptions.defaults();
    String axis = o.choice("cut-axis", "alternating", Set.of("alternating", "longest"));
    return new DomainDecompositionModule(d
        .withCutAxis(axis.equals("longest") ? CutAxisRule.LONGEST : CutAxisRule.ALTERNATING)
        .withKeepPreviousCuts(o.booleanValue("keep-previous-cuts", d.keepPreviousCuts()))
        .withKeepTolerance(o.doubleValue("keep-tolerance", d.keepTolerance(), 0, 1))
        .withMeshAwareRanks(o.booleanValue("mesh-aware-ranks", d.meshAwareRanks()))
        .withCutLevel(o.intValue("cut-level", d.cutLevel(), DomainDecompositionOptions.AUTO_CUT_LEVEL,
            DomainDecompositionOptions.MAX_CUT_LEVEL)));
  }
}
