package org.amrbalance.balancers.domain;

import org.amrbalance.balancers.domain.DomainDecompositionOptions.CutAxisRule;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * Domain decomposition by recursive binary dissection (seed 002 chapter 4; seed 000 appendix C, after Berger
 * and Bokhari). The work of every level is projected onto the level-0 domain: a level-l patch adds its work
 * density times its cells over each level-0 cell, so each level is weighted by the cost its patches declare.
 * The domain is cut in two at the weighted median along one axis, the ranks in two groups of
 * {@code ceil(n/2)} and {@code floor(n/2)} with the lower part's target share {@code ceil(n/2)/n}, and each
 * part recursively, until every group is one rank. Every patch is cut along the region boundaries: a cut of
 * the level-0 domain at x cuts a level-l patch at {@code x * cumulativeRatio(l)}, so a rank holds whole
 * columns of the hierarchy and inter-grid communication stays on the rank (seed 002 §3.1).
 *
 * <p>Choices the papers leave open: the work counts every level, not only the newest one (seed 002 §4.3,
 * step 1, leaves the choice; the whole hierarchy is what a rank computes between regrids); cuts lie on the
 * cell boundaries of one level, and a region of one such cell with several ranks goes whole to the first of
 * them: by default the level is chosen from the hierarchy by decomposing on every level's lattice and keeping
 * the best balanced per level ({@link DomainDecompositionOptions#cutLevel()}; level 0, the papers' base domain,
 * keeps whole columns on a rank and has no inter-grid communication, a finer lattice trades some for balance); ties
 * follow {@link WeightedMedianCut}; the lower part takes the lower half of a range of consecutive ranks,
 * or, on a 2-D mesh with {@link DomainDecompositionOptions#meshAwareRanks()}, the lower half of the
 * processor rectangle split across the same axis as the domain. Everything is a deterministic function of the problem (no hashing, no
 * randomness), so every rank computes the same assignment.
 */
@Immutable
public final class DomainDecompositionBalancer implements LoadBalancer {
  /** The configuration name. */
  public static final String NAME = "domain-decomposition";

  private final DomainDecompositionOptions options;

  public DomainDecompositionBalancer() {
    this(DomainDecompositionOptions.defaults());
  }

  public DomainDecompositionBalancer(DomainDecompositionOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("options = null: must not be null");
    }
    this.options = options;
  }

  public DomainDecompositionOptions options() {
    return options;
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    Hierarchy h = problem.hierarchy();
    // The fragments are the same for every cut lattice: built once, dissected once per candidate. The stack peaks
    // near 3 patch counts (a split writes both sides in full before packing them), a little more where cuts add pieces.
    Fragments work = new Fragments(h.dim(), levelRatios(h), 4 * h.patchCount());
    for (Patch p : h.patches()) {
      work.add(p.id(), p.level(), p.box(), p.workDensity(), -1);
    }
    if (options.cutLevel() != DomainDecompositionOptions.AUTO_CUT_LEVEL) {
      int level = Math.min(options.cutLevel(), h.finestLevel());
      return dissect(problem, level, work, new PieceTable(h, problem.ranks())).assignment();
    }
    // Candidates are compared by their loads alone; only the chosen one is built as an Assignment. A losing
    // candidate's table is filled again by the next one.
    PieceTable best = null;
    PieceTable spare = new PieceTable(h, problem.ranks());
    double bestEfficiency = -1;
    for (int level = 0; level <= h.finestLevel(); level++) {
      PieceTable candidate = dissect(problem, level, work, spare);
      double e = candidate.levelSynchronousEfficiency();
      if (e > bestEfficiency + 1e-12) {
        spare = best == null ? new PieceTable(h, problem.ranks()) : best;
        best = candidate;
        bestEfficiency = e;
      } else {
        spare = candidate;
      }
      spare.clear();
    }
    return best.assignment();
  }

  private static int[] levelRatios(Hierarchy h) {
    int[] ratios = new int[h.levelCount()];
    for (int l = 0; l < ratios.length; l++) {
      ratios[l] = h.cumulativeRatio(l);
    }
    return ratios;
  }

  /**
   * The data the previous assignment left on its ranks, if its cuts are to be kept, on the levels that can guide a
   * cut on {@code lattice}; else none.
   */
  private Fragments owned(BalanceProblem problem, int lattice) {
    Assignment previous = problem.previous();
    if (!options.keepPreviousCuts() || previous == null || previous.ranks() != problem.ranks()) {
      return new Fragments(problem.hierarchy().dim(), new int[0], 0);
    }
    Hierarchy old = previous.hierarchy();
    Fragments owned = new Fragments(old.dim(), levelRatios(old), 0);
    owned.useLattice(lattice);
    for (Piece piece : previous.pieces()) {
      Patch p = old.patch(piece.patchId());
      int scale = old.cumulativeRatio(p.level());
      // Data on a level whose lattice does not nest with the cut lattice (other ratios) cannot guide a cut.
      if (scale % lattice == 0 || lattice % scale == 0) {
        owned.add(p.id(), p.level(), piece.box(), (double) p.payloadBytes() / p.cells(), piece.rank());
      }
    }
    return owned;
  }

  /** Dissects the fragments {@code work} on the lattice of {@code cutLevel} into {@code out}, empty. */
  private PieceTable dissect(BalanceProblem problem, int cutLevel, Fragments work, PieceTable out) {
    Hierarchy h = problem.hierarchy();
    int lattice = h.cumulativeRatio(cutLevel);
    work.useLattice(lattice);
    Dissection d = new Dissection(work, owned(problem, lattice), out);
    d.dissect(h.domainAt(cutLevel), 0, RankGroup.of(problem.machine(), options.meshAwareRanks()), 0, work.size(), 0,
        d.owned.size());
    return d.out;
  }

  /** The state of one dissection: its fragments, the pieces it makes and the scratch of its profiles. */
  private final class Dissection {
    private final Fragments work;
    private final Fragments owned;
    private final PieceTable out;
    private final SlabProfile profiles = new SlabProfile();

    Dissection(Fragments work, Fragments owned, PieceTable out) {
      this.work = work;
      this.owned = owned;
      this.out = out;
    }

    /**
     * Dissects {@code region} among {@code group}: the work fragments {@code [from, to)}, the owned ones
     * {@code [ownedFrom, ownedTo)}.
     */
    void dissect(Box region, int depth, RankGroup group, int from, int to, int ownedFrom, int ownedTo) {
      if (from == to) {
        return;
      }
      int axis = group.size() == 1 ? -1 : axis(region, depth);
      if (axis < 0) {
        for (int i = from; i < to; i++) {
          out.add(work, i, group.first());
        }
        return;
      }
      RankGroup[] halves = group.split(axis);
      double fraction = (double) halves[0].size() / group.size();
      double[] profile = profiles.of(work, from, to, axis, region.lo(axis), region.length(axis));
      int cut = WeightedMedianCut.choose(profile, fraction);
      if (ownedFrom < ownedTo) {
        cut = keptCut(region, axis, halves, profile, fraction, ownedFrom, ownedTo, cut);
      }
      int at = region.lo(axis) + cut;
      int workMark = work.mark();
      int ownedMark = owned.mark();
      int workUpper = work.split(from, to, axis, at);
      int ownedUpper = owned.split(ownedFrom, ownedTo, axis, at);
      int workEnd = work.size();
      int ownedEnd = owned.size();
      // A side of no lattice cells holds no fragment: a cut at the region's edge leaves every fragment whole.
      if (cut > 0) {
        Box lower = cut == region.length(axis) ? region : region.split(axis, at)[0];
        dissect(lower, depth + 1, halves[0], workMark, workUpper, ownedMark, ownedUpper);
      }
      if (cut < region.length(axis)) {
        Box upper = cut == 0 ? region : region.split(axis, at)[1];
        dissect(upper, depth + 1, halves[1], workUpper, workEnd, ownedUpper, ownedEnd);
      }
      work.release(workMark);
      owned.release(ownedMark);
    }

    /**
     * The cut that keeps the most data on its current ranks, if it balances within the tolerance; else the
     * weighted median.
     */
    private int keptCut(Box region, int axis, RankGroup[] halves, double[] profile, double fraction, int ownedFrom,
        int ownedTo, int median) {
      double[] lowerOwned = new double[profile.length];
      double[] upperOwned = new double[profile.length];
      for (int f = ownedFrom; f < ownedTo; f++) {
        if (halves[0].contains(owned.rank(f))) {
          SlabProfile.addSlabBySlab(owned, f, axis, region.lo(axis), lowerOwned);
        } else if (halves[1].contains(owned.rank(f))) {
          SlabProfile.addSlabBySlab(owned, f, axis, region.lo(axis), upperOwned);
        }
      }
      int kept = WeightedMedianCut.bestSeparating(lowerOwned, upperOwned, median);
      double[] cumulative = WeightedMedianCut.cumulative(profile);
      double total = cumulative[profile.length];
      if (total == 0) {
        return kept;
      }
      // Relative excess of the per-rank load of the worse side over the node's per-rank average.
      double perRank = total / (halves[0].size() + halves[1].size());
      double excess = Math.abs(cumulative[kept] - fraction * total)
          / (Math.min(halves[0].size(), halves[1].size()) * perRank);
      return excess <= options.keepTolerance() ? kept : median;
    }
  }

  private int axis(Box region, int depth) {
    if (options.cutAxis() == CutAxisRule.LONGEST) {
      int a = region.longestAxis();
      return region.length(a) > 1 ? a : -1;
    }
    for (int k = 0; k < region.dim(); k++) {
      int a = (depth + k) % region.dim();
      if (region.length(a) > 1) {
        return a;
      }
    }
    return -1;
  }

  @Override
  public String toString() {
    return NAME + "(" + options + ")";
  }
}
