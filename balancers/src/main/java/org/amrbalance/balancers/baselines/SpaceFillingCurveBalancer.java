package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Patch;

/**
 * Space-filling-curve distribution (Morton or Hilbert), as AMR codes offer it: patches ordered by the curve
 * key of their centre, then the order cut into N consecutive runs of about equal work. Centres are taken
 * in the level's index space relative to the level domain's low corner, at half-cell resolution, and
 * quantized to at most 63 / dim bits per axis; equal keys are ordered by level, then id. A patch goes to
 * rank floor(N (W_before + w/2) / W) (W_before the work before it in the order, W the total), i.e. the rank
 * whose equal share of the work holds the patch's midpoint; with no work at all, patches are split by count.
 *
 * <p>Level by level (the default), the runs of a level are then handed to ranks by the work the coarser levels
 * already placed: the heaviest run to the rank with the least work below ({@code PerLevel.pairWithLoadBelow}).
 * Each level keeps its runs, and so its balance and the locality within a run; neighbouring runs need no longer
 * sit on neighbouring ranks, which is what stopped the levels from stacking their runs on the same ranks. With no
 * work below (the first level, or one placement for all levels) run k stays on rank k.
 */
public final class SpaceFillingCurveBalancer implements LoadBalancer {
  private final SpaceFillingCurve curve;
  private final SpaceFillingCurveOptions options;

  public SpaceFillingCurveBalancer(SpaceFillingCurve curve, SpaceFillingCurveOptions options) {
    this.curve = Checks.notNull("curve", curve);
    this.options = Checks.notNull("options", options);
  }

  public SpaceFillingCurve curve() {
    return curve;
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    Hierarchy h = problem.hierarchy();
    return PerLevel.balance(problem, options.levelByLevel(),
        (patches, ranks, below) -> PerLevel.pairWithLoadBelow(place(h, patches, ranks), patches, below));
  }

  private int[] place(Hierarchy h, List<Patch> patches, int ranks) {
    int dim = h.dim();
    int finest = patches.stream().mapToInt(Patch::level).max().orElse(0);
    Box domain = h.domainAt(finest);
    int need = 1; // bits for twice the finest domain's extent
    for (int d = 0; d < dim; d++) {
      need = Math.max(need, 64 - Long.numberOfLeadingZeros(2L * domain.length(d)));
    }
    int bits = Math.min(need, 63 / dim);
    int shift = need - bits;
    int m = patches.size();
    long[] key = new long[m];
    int[] level = new int[m];
    int[] id = new int[m];
    double[] work = new double[m];
    int[] c = new int[dim];
    for (int i = 0; i < m; i++) {
      Patch p = patches.get(i);
      int scale = h.cumulativeRatio(finest) / h.cumulativeRatio(p.level()); // to the finest level's index space
      for (int d = 0; d < dim; d++) {
        long twiceCentre = ((long) p.box().lo(d) + p.box().hi(d) + 1) * scale - 2L * domain.lo(d);
        c[d] = (int) (Math.max(0, twiceCentre - 1) >> shift);
      }
      key[i] = curve.key(c, bits);
      level[i] = p.level();
      id[i] = p.id();
      work[i] = p.work();
    }
    int[] order = IndexOrder.ascending(level, id) // patches in (level, id) order, as a hierarchy lists them
        ? IndexOrder.byKey(key)
        : IndexOrder.sorted(m, (a, b) -> key[a] != key[b] ? Long.compare(key[a], key[b])
            : level[a] != level[b] ? Integer.compare(level[a], level[b]) : Integer.compare(id[a], id[b]));
    double total = java.util.Arrays.stream(work).sum(); // the stream's compensated sum, as it always was
    int[] rank = new int[m];
    double before = 0;
    for (int k = 0; k < m; k++) {
      int i = order[k];
      double w = work[i];
      double mid = total > 0 ? (before + w / 2) / total : (k + 0.5) / m;
      rank[i] = (int) Math.min(ranks - 1, Math.floor(ranks * mid));
      before += w;
    }
    return rank;
  }
}
