package org.amrbalance.balancers.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

/** Re-decomposition after the workload changes (seed 002 §4.1, Figure 4.2), with and without kept cuts. */
class RedecompositionTest {
  /** The papers' level-0 lattice, which these tests are about (the default chooses the lattice). */
  private static final DomainDecompositionOptions BASE = DomainDecompositionOptions.defaults().withCutLevel(0);
  private static final DomainDecompositionBalancer FRESH = new DomainDecompositionBalancer(BASE);

  private static DomainDecompositionBalancer keeping(double tolerance) {
    return new DomainDecompositionBalancer(
        BASE.withKeepPreviousCuts(true).withKeepTolerance(tolerance));
  }

  /** The same grids with the work of every third patch raised by {@code factor}: a drifted workload. */
  private static Hierarchy drifted(Hierarchy h, double factor) {
    List<Patch> patches = new ArrayList<>();
    for (Patch p : h.patches()) {
      patches.add(p.id() % 3 == 0 ? p.withWork(p.work() * factor) : p);
    }
    return Hierarchy.of(h.domain(), h.ratios(), patches);
  }

  @Test
  void keptCutsMigrateLessAndStayBalanced() {
    RandomHierarchies gen = RandomHierarchies.defaults().dim(2).baseSize(48).levels(3).maxChildren(4);
    long freshBytes = 0;
    long keptBytes = 0;
    for (long seed = 0; seed < 8; seed++) {
      for (int p : new int[] {4, 7, 16}) {
        Hierarchy before = gen.generate(seed);
        Machine machine = Machine.fullyConnected(p);
        Assignment previous = FRESH.balance(BalanceProblem.of(before, machine));
        BalanceProblem problem = BalanceProblem.of(drifted(before, 2.0), machine).withPrevious(previous);
        BalanceReport fresh = BalanceReport.of(problem, FRESH.balance(problem));
        BalanceReport kept = BalanceReport.of(problem, keeping(0.1).balance(problem));
        assertThat(kept.migratedBytes()).as("seed %d, %d ranks", seed, p).isLessThanOrEqualTo(fresh.migratedBytes());
        // Each kept cut leaves either side at most 10% above its node's per-rank average: the excesses
        // compound at most once per level of the dissection, ceil(log2 p) levels.
        int depth = 32 - Integer.numberOfLeadingZeros(p - 1);
        assertThat(kept.imbalance()).isLessThanOrEqualTo(fresh.imbalance() * Math.pow(1.1, depth));
        freshBytes += fresh.migratedBytes();
        keptBytes += kept.migratedBytes();
      }
    }
    assertThat(keptBytes).isLessThan(freshBytes);
  }

  @Test
  void cutsThatStillBalanceAreAllKept() {
    RandomHierarchies gen = RandomHierarchies.defaults().dim(2).baseSize(48).levels(3).maxChildren(4);
    for (long seed = 0; seed < 8; seed++) {
      Hierarchy before = gen.generate(seed);
      Machine machine = Machine.fullyConnected(8);
      Assignment previous = FRESH.balance(BalanceProblem.of(before, machine));
      BalanceProblem problem = BalanceProblem.of(drifted(before, 1.3), machine).withPrevious(previous);
      Assignment fresh = FRESH.balance(problem);
      Assignment loose = keeping(1.0).balance(problem);
      Assignment strict = keeping(0.0).balance(problem);
      // A 30% drift of a third of the patches moves no node's load past the loose tolerance: nothing migrates.
      assertThat(BalanceReport.of(problem, loose).migratedBytes()).isZero();
      assertThat(BalanceReport.of(problem, fresh).migratedBytes()).isPositive();
      // A zero tolerance keeps only cuts that are exact medians anyway.
      assertThat(strict).isEqualTo(fresh);
    }
  }

  /**
   * Figure 4.2: a new finest level appears and the domain is re-decomposed; the grids of the lower levels
   * move with the cuts unless the cuts that still balance are kept.
   */
  @Test
  void aNewLevelMovesLowerLevelDataLessWhenCutsAreKept() {
    RandomHierarchies gen = RandomHierarchies.defaults().dim(2).baseSize(48).levels(3).maxChildren(4);
    long freshBytes = 0;
    long keptBytes = 0;
    for (long seed = 0; seed < 8; seed++) {
      Hierarchy withNewLevel = gen.generate(seed);
      List<Patch> lower = withNewLevel.patches().stream().filter(p -> p.level() < 2).toList();
      Hierarchy before = Hierarchy.of(withNewLevel.domain(), withNewLevel.ratios(), lower);
      Machine machine = Machine.fullyConnected(8);
      Assignment previous = FRESH.balance(BalanceProblem.of(before, machine));
      BalanceProblem problem = BalanceProblem.of(withNewLevel, machine).withPrevious(previous);
      BalanceReport fresh = BalanceReport.of(problem, FRESH.balance(problem));
      BalanceReport kept = BalanceReport.of(problem, keeping(0.15).balance(problem));
      assertThat(kept.migratedBytes()).isLessThanOrEqualTo(fresh.migratedBytes());
      assertThat(kept.imbalance()).isLessThanOrEqualTo(fresh.imbalance() * Math.pow(1.15, 3));
      freshBytes += fresh.migratedBytes();
      keptBytes += kept.migratedBytes();
    }
    assertThat(freshBytes).isPositive();
    assertThat(keptBytes).isLessThan(freshBytes);
  }
}
