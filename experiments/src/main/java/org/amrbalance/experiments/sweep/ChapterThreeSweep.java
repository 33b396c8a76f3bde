package org.amrbalance.experiments.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.balancers.gridindivisibility.BudgetRule;
import org.amrbalance.balancers.gridindivisibility.DecreasingFit;
import org.amrbalance.balancers.gridindivisibility.GridToken;
import org.amrbalance.balancers.gridindivisibility.HalvingPlan;
import org.amrbalance.balancers.gridindivisibility.ListScheduling;
import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import org.amrbalance.balancers.gridindivisibility.RecursiveHalvingScheduler;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.CostModel;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;

/**
 * The sweeps of seed 002 §3.6 (spec §13.4), E1 to E5, as result rows. The machine is a hypercube (the
 * thesis's N = 32 and 128 are not squares). Each generation becomes a two-level hierarchy (1-D): the
 * coarse grids with no work on their processors, and each fine grid a child of M_a cells and work M_a; it
 * is balanced by L1, L2 or L3 from the thesis's origins and t(avg) budgets t_a = floor(t(avg) M-bar / M_a),
 * and measured by {@link BalanceReport} with U_comp = 1, U_comm = COMMCOST and no boundary term (§4.4).
 * Settings the thesis leaves open: t(avg) = 2 for E2-E5, ε = 0, VAR = 6 for E5, one seeded run per point.
 */
public final class ChapterThreeSweep {
  /** The three heuristics compared. */
  public enum Algorithm { L1, L2, L3 }

  private final int generations;
  private final long seed;
  private final double epsilon;
  private final double tAvg;

  private ChapterThreeSweep(int generations, long seed, double epsilon, double tAvg) {
    this.generations = generations;
    this.seed = seed;
    this.epsilon = epsilon;
    this.tAvg = tAvg;
  }

  /** 200 generations, seed 1, ε = 0, t(avg) = 2. */
  public static ChapterThreeSweep defaults() {
    return new ChapterThreeSweep(200, 1, 0, 2);
  }

  public ChapterThreeSweep withGenerations(int value) {
    if (value < 1) {
      throw new IllegalArgumentException("generations = " + value + ": must be >= 1");
    }
    return new ChapterThreeSweep(value, seed, epsilon, tAvg);
  }

  public ChapterThreeSweep withSeed(long value) {
    return new ChapterThreeSweep(generations, value, epsilon, tAvg);
  }

  public ChapterThreeSweep withEpsilon(double value) {
    if (!(Double.isFinite(value) && value >= 0)) {
      throw new IllegalArgumentException("epsilon = " + value + ": must be finite and >= 0");
    }
    return new ChapterThreeSweep(generations, seed, value, tAvg);
  }

  /** t(avg) for E2-E5 (E1 sweeps it). */
  public ChapterThreeSweep withTAvg(double value) {
    if (!(Double.isFinite(value) && value >= 0)) {
      throw new IllegalArgumentException("tAvg = " + value + ": must be finite and >= 0");
    }
    return new ChapterThreeSweep(generations, seed, epsilon, value);
  }

  /** E1 (Figure 3.3): L1's total against t(avg) = 1..8, one curve per COMMCOST, N = 64, sizes 6..14. */
  public List<SweepRow> e1() {
    List<SweepRow> rows = new ArrayList<>();
    for (double cc : new double[] {0.1, 0.2, 0.3, 0.4, 0.5}) {
      for (int t = 1; t <= 8; t++) {
        rows.add(point("E1", "tavg", t, Algorithm.L1, 64, cc, t, 6, 14, 5));
      }
    }
    return rows;
  }

  /** E2 (Figures 3.4-3.6): COMMCOST from 0.01 to 0.5, N = 128, sizes 4..16. */
  public List<SweepRow> e2() {
    List<SweepRow> rows = new ArrayList<>();
    for (double cc : new double[] {0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5}) {
      for (Algorithm a : Algorithm.values()) {
        rows.add(point("E2", "commcost", cc, a, 128, cc, tAvg, 4, 16, 5));
      }
    }
    return rows;
  }

  /** E3 (Figures 3.7-3.9): N in {32, 64, 128, 256}, COMMCOST 0.2, sizes 4..16. */
  public List<SweepRow> e3() {
    List<SweepRow> rows = new ArrayList<>();
    for (int n : new int[] {32, 64, 128, 256}) {
      for (Algorithm a : Algorithm.values()) {
        rows.add(point("E3", "ranks", n, a, n, 0.2, tAvg, 4, 16, 5));
      }
    }
    return rows;
  }

  /** E4 (Figures 3.10-3.12): sizes 10 - VAR .. 10 + VAR, N = 128, COMMCOST 0.2. */
  public List<SweepRow> e4() {
    List<SweepRow> rows = new ArrayList<>();
    for (int var : new int[] {2, 4, 6, 8, 10}) {
      for (Algorithm a : Algorithm.values()) {
        rows.add(point("E4", "var", var, a, 128, 0.2, tAvg, 10 - var, 10 + var, 5));
      }
    }
    return rows;
  }

  /** E5 (Figures 3.13-3.15): 1..7 coarse grids per processor, N = 128, COMMCOST 0.2, VAR = 6. */
  public List<SweepRow> e5() {
    List<SweepRow> rows = new ArrayList<>();
    for (int g = 1; g <= 7; g++) {
      for (Algorithm a : Algorithm.values()) {
        rows.add(point("E5", "grids_per_processor", g, a, 128, 0.2, tAvg, 4, 16, g));
      }
    }
    return rows;
  }

  public List<SweepRow> all() {
    List<SweepRow> rows = new ArrayList<>();
    rows.addAll(e1());
    rows.addAll(e2());
    rows.addAll(e3());
    rows.addAll(e4());
    rows.addAll(e5());
    return rows;
  }

  /**
   * One point: the same generations (same seed) for every algorithm, costs summed over them.
   */
  public SweepRow point(String experiment, String xName, double x, Algorithm algorithm, int ranks,
      double commCost, double tAvgValue, int minSize, int maxSize, int gridsPerProcessor) {
    ThesisWorkload workload = ThesisWorkload.of(ranks, gridsPerProcessor, minSize, maxSize);
    Machine machine = Machine.hypercube(ranks);
    HalvingPlan plan = HalvingPlan.of(machine);
    CostModel cost = CostModel.of(1, commCost).withBoundaryInInterGrid(false);
    BudgetRule budgets = BudgetRule.averageDistance(tAvgValue);
    Random rnd = new Random(seed ^ (31L * ranks + 7L * gridsPerProcessor + 101L * minSize + 1009L * maxSize));
    double computation = 0;
    double communication = 0;
    double lowerBound = 0;
    for (int gen = 0; gen < generations; gen++) {
      List<ThesisWorkload.Child> children = workload.generation(rnd);
      List<GridToken> tokens = new ArrayList<>(children.size());
      for (int i = 0; i < children.size(); i++) {
        ThesisWorkload.Child c = children.get(i);
        // With U_comm absorbed in COMMCOST, t_a = floor(t(avg) M-bar / M_a) (spec §5.1).
        int budget = budgets.budget(c.size(), workload.meanSize(), 1);
        tokens.add(GridToken.of(i, c.size(), workload.processorOf(c.coarseGrid()), budget));
      }
      int[] rank = switch (algorithm) {
        case L1 -> RecursiveHalvingScheduler.of(epsilon, PartnerRule.TRANSLATE).schedule(tokens, plan);
        case L2 -> new ListScheduling().schedule(tokens, machine);
        case L3 -> new DecreasingFit().schedule(tokens, machine);
      };
      BalanceReport report = measure(workload, children, rank, machine, cost);
      computation += report.maxLoad();
      communication += report.maxInterGridCommunication();
      lowerBound += report.averageLoad();
    }
    return new SweepRow(experiment, xName, x, algorithm.name(), ranks, commCost, tAvgValue, minSize, maxSize,
        gridsPerProcessor, computation, communication, lowerBound);
  }

  /** The generation as a hierarchy: 1-D coarse grids of no work, each child a run of M_a fine cells inside. */
  private static BalanceReport measure(ThesisWorkload workload, List<ThesisWorkload.Child> children, int[] rank,
      Machine machine, CostModel cost) {
    int coarse = workload.coarseGrids();
    long[] used = new long[coarse];
    long width = 1;
    for (ThesisWorkload.Child c : children) {
      used[c.coarseGrid()] += c.size();
      width = Math.max(width, (used[c.coarseGrid()] + 1) / 2);
    }
    List<Patch> patches = new ArrayList<>();
    int[] ranks = new int[coarse + children.size()];
    for (int j = 0; j < coarse; j++) {
      patches.add(Patch.of(j, 0, Box.of1d((int) (j * width), (int) ((j + 1) * width - 1)), 0));
      ranks[j] = workload.processorOf(j);
    }
    long[] next = new long[coarse];
    for (int i = 0; i < children.size(); i++) {
      ThesisWorkload.Child c = children.get(i);
      int lo = (int) (2 * c.coarseGrid() * width + next[c.coarseGrid()]);
      next[c.coarseGrid()] += c.size();
      patches.add(Patch.of(coarse + i, 1, Box.of1d(lo, lo + c.size() - 1), c.size()));
      ranks[coarse + i] = rank[i];
    }
    Hierarchy h = Hierarchy.of(Box.of1d(0, (int) (coarse * width - 1)), new int[] {2}, patches);
    Assignment a = Assignment.wholeGrids(h, machine.ranks(), id -> ranks[id]);
    return BalanceReport.of(BalanceProblem.of(h, machine, cost), a);
  }

  /** Prints every sweep as CSV on standard output: {@code [generations]}. */
  public static void main(String[] args) {
    ChapterThreeSweep sweep = defaults();
    if (args.length > 0) {
      sweep = sweep.withGenerations(Integer.parseInt(args[0]));
    }
    System.out.print(SweepRow.table(sweep.all()).toCsv());
  }
}
