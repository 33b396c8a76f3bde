package org.amrbalance.spi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.concurrent.Immutable;
import javax.annotation.Nullable;
import org.amrbalance.spi.internal.Checks;

/**
 * Metrics of an assignment, computed here and only here from the problem and the final assignment, never
 * reported by the balancer that made it. Every balancer test, benchmark and log line uses this class.
 *
 * <ul>
 *   <li><b>Load</b> of a rank: {@code U_comp} times the work of its pieces; a piece carries its patch's work
 *       in proportion to its cells.
 *   <li><b>Imbalance</b> max/avg and <b>efficiency</b> avg/max (both 1 when nothing has work).
 *   <li><b>Intra-grid communication</b>: for every two pieces of one patch that share a face,
 *       {@code U_comm} x face cells x hops between their ranks, counted once per pair.
 *   <li><b>Inter-grid communication</b> (seed 002 §3.2): a child patch a exchanges with its parent its points
 *       M_a (projection up) and, unless the cost model drops it, its boundary points B_a (interpolated values
 *       down), each over d(parent rank, child rank) hops at {@code U_comm} per point and hop. With pieces,
 *       each child cell is charged against the parent piece above it. Both the sum over patches and the
 *       maximum over patches (the thesis's objective term) are given.
 *   <li><b>Migration</b> against the problem's previous assignment: the {@link MigrationPlan}'s transfers and
 *       bytes.
 * </ul>
 */
@Immutable
public final class BalanceReport {
  private final double[] rankLoad;
  private final double[][] levelRankLoad;
  private final double maxLoad;
  private final double averageLoad;
  private final int emptyRanks;
  private final int pieces;
  private final long maxPieceFaces;
  private final double intraGridCommunication;
  private final double interGridCommunication;
  private final double maxInterGridCommunication;
  private final int migratedPieces;
  private final long migratedBytes;

  private BalanceReport(double[] rankLoad, double[][] levelRankLoad, int emptyRanks, int pieces, long maxPieceFaces, double intra, double inter, double maxInter,
      int migratedPieces, long migratedBytes) {
    this.rankLoad = rankLoad;
    this.levelRankLoad = levelRankLoad;
    double max = 0;
    double sum = 0;
    for (double l : rankLoad) {
      max = Math.max(max, l);
      sum += l;
    }
    this.maxLoad = max;
    this.averageLoad = sum / rankLoad.length;
    this.emptyRanks = emptyRanks;
    this.pieces = pieces;
    this.maxPieceFaces = maxPieceFaces;
    this.intraGridCommunication = intra;
    this.interGridCommunication = inter;
    this.maxInterGridCommunication = maxInter;
    this.migratedPieces = migratedPieces;
    this.migratedBytes = migratedBytes;
  }

  /**
   * Measures {@code assignment} as a solution of {@code problem}, migration counted from
   * {@code problem.previous()} (a plan is built for it; a caller that has the plan already passes it, see
   * {@link #of(BalanceProblem, MigrationPlan)}).
   */
  public static BalanceReport of(BalanceProblem problem, Assignment assignment) {
    Checks.notNull("problem", problem);
    Checks.notNull("assignment", assignment);
    return of(problem, assignment,
        problem.previous() == null ? null : MigrationPlan.between(problem.previous(), assignment));
  }

  /**
   * Measures {@code plan.target()} as a solution of {@code problem}, migration counted from this plan, which must
   * start from {@code problem.previous()}: the one plan that a remap builds, measures and executes.
   */
  public static BalanceReport of(BalanceProblem problem, MigrationPlan plan) {
    Checks.notNull("problem", problem);
    Checks.notNull("plan", plan);
    if (plan.source() != problem.previous()) {
      throw Checks.bad("plan.source", plan.source(), "is not the problem's previous assignment");
    }
    return of(problem, plan.target(), problem.previous() == null ? null : plan);
  }

  private static BalanceReport of(BalanceProblem problem, Assignment assignment, @Nullable MigrationPlan plan) {
    Hierarchy h = problem.hierarchy();
    if (!(assignment.hierarchy() == h || assignment.hierarchy().equals(h))) {
      throw Checks.bad("assignment.hierarchy", assignment.hierarchy(), "is not the problem's hierarchy " + h);
    }
    Machine machine = problem.machine();
    if (assignment.ranks() != machine.ranks()) {
      throw Checks.bad("assignment.ranks", assignment.ranks(), "differs from the machine's " + machine.ranks()
          + " ranks");
    }
    CostModel cost = problem.costModel();

    double[] load = new double[machine.ranks()];
    double[][] levelLoad = new double[h.levelCount()][machine.ranks()];
    boolean[] used = new boolean[machine.ranks()];
    for (Piece piece : assignment.pieces()) {
      Patch patch = h.patch(piece.patchId());
      double w = cost.computePerPoint() * patch.workDensity() * piece.box().volume();
      load[piece.rank()] += w;
      levelLoad[patch.level()][piece.rank()] += w;
      used[piece.rank()] = true;
    }
    long maxFaces = 0;
    for (Piece piece : assignment.pieces()) {
      maxFaces = Math.max(maxFaces, boundaryFaces(piece.box()));
    }
    int empty = 0;
    for (boolean u : used) {
      empty += u ? 0 : 1;
    }

    double intra = 0;
    for (Patch patch : h.patches()) {
      intra += intraGrid(assignment.piecesOf(patch.id()), machine, cost);
    }

    double inter = 0;
    double maxInter = 0;
    Map<Integer, BoxIndex> parentPieceIndex = new HashMap<>();
    for (Patch child : h.patches()) {
      if (child.level() == 0) {
        continue;
      }
      int ratio = h.ratio(child.level() - 1);
      Box interior = child.box().interior().orElse(null);
      double patchCost = 0;
      for (Piece c : assignment.piecesOf(child.id())) {
        Box shadow = c.box().coarsen(ratio);
        for (int parentId : h.parents(child.id())) {
          List<Piece> parentPieces = assignment.piecesOf(parentId);
          int[] hits;
          if (parentPieces.size() == 1) { // a whole parent: no index to build, one box to test
            hits = parentPieces.get(0).box().intersects(shadow) ? ONLY_FIRST : NONE;
          } else {
            hits = parentPieceIndex.computeIfAbsent(parentId, id -> indexOf(parentPieces)).intersecting(shadow);
          }
          for (int i : hits) {
            Piece p = parentPieces.get(i);
            int hops = machine.hops(p.rank(), c.rank());
            if (hops == 0) {
              continue;
            }
            Box region = p.box().refine(ratio).intersection(c.box()).orElse(null);
            if (region == null) {
              continue;
            }
            double points = region.volume();
            if (cost.boundaryInInterGrid()) {
              long inside = interior == null ? 0 : interior.overlapVolume(region);
              points += region.volume() - inside;
            }
            patchCost += cost.sendPerPointHop() * hops * points;
          }
        }
      }
      inter += patchCost;
      maxInter = Math.max(maxInter, patchCost);
    }

    int migratedPieces = 0;
    long migratedBytes = 0;
    if (plan != null) {
      migratedPieces = plan.transfers().size();
      migratedBytes = plan.bytes();
    }
    return new BalanceReport(load, levelLoad, empty, assignment.pieces().size(), maxFaces, intra, inter, maxInter, migratedPieces,
        migratedBytes);
  }

  private static final int[] ONLY_FIRST = {0};
  private static final int[] NONE = {};

  /** Cell faces on the boundary of a box: 2 (a + b) in 2-D, 2 (ab + bc + ca) in 3-D. */
  private static long boundaryFaces(Box b) {
    long faces = 0;
    for (int d = 0; d < b.dim(); d++) {
      faces += 2 * (b.volume() / b.length(d));
    }
    return faces;
  }

  private static BoxIndex indexOf(List<Piece> pieces) {
    List<Box> boxes = new ArrayList<>(pieces.size());
    pieces.forEach(p -> boxes.add(p.box()));
    return new BoxIndex(boxes);
  }

  private static double intraGrid(List<Piece> pieces, Machine machine, CostModel cost) {
    if (pieces.size() < 2) {
      return 0;
    }
    BoxIndex index = indexOf(pieces);
    double total = 0;
    for (int i = 0; i < pieces.size(); i++) {
      Piece a = pieces.get(i);
      // Face neighbours of a lie within one cell of it.
      for (int j : index.intersecting(a.box().grow(1).orElseThrow())) {
        if (j <= i) {
          continue;
        }
        Piece b = pieces.get(j);
        int hops = machine.hops(a.rank(), b.rank());
        if (hops > 0) {
          total += cost.sendPerPointHop() * hops * a.box().sharedFaceArea(b.box());
        }
      }
    }
    return total;
  }

  /** Load of each rank (U_comp x work). */
  public double[] rankLoads() {
    return rankLoad.clone();
  }

  public double rankLoad(int rank) {
    if (!(rank >= 0 && rank < rankLoad.length)) {
      throw Checks.bad("rank", rank, "must be in [0, " + rankLoad.length + ")");
    }
    return rankLoad[rank];
  }

  public int ranks() {
    return rankLoad.length;
  }

  public double maxLoad() {
    return maxLoad;
  }

  public double averageLoad() {
    return averageLoad;
  }

  /** max/avg load; 1 when no rank has work. */
  public double imbalance() {
    return averageLoad == 0 ? 1 : maxLoad / averageLoad;
  }

  /** avg/max load, in (0, 1]; 1 when no rank has work. */
  public double efficiency() {
    return maxLoad == 0 ? 1 : averageLoad / maxLoad;
  }

  /** Load of each rank counting only the patches of {@code level}. */
  public double[] levelRankLoads(int level) {
    if (level < 0 || level >= levelRankLoad.length) {
      throw Checks.bad("level", level, "must be in [0, " + levelRankLoad.length + ")");
    }
    return levelRankLoad[level].clone();
  }

  /**
   * Time of one pass over the levels when they compute one after another (the level-synchronous model of
   * seed 002 §3.2): the sum over levels of the level's max rank load.
   */
  public double levelSynchronousMakespan() {
    double sum = 0;
    for (double[] level : levelRankLoad) {
      double max = 0;
      for (double l : level) {
        max = Math.max(max, l);
      }
      sum += max;
    }
    return sum;
  }

  /**
   * Efficiency when levels compute one after another: (sum over levels of the average rank load) / the
   * level-synchronous makespan; 1 when nothing has work. Balancers that balance each level on its own aim at
   * this; {@link #efficiency()} is the right measure when all levels compute together.
   */
  public double levelSynchronousEfficiency() {
    return levelSynchronousEfficiency(levelRankLoad, rankLoad.length);
  }

  /**
   * {@link #levelSynchronousEfficiency()} of {@code assignment} alone, without the other measures: for a balancer
   * that chooses among candidate assignments by it (the ratio does not depend on the cost model).
   */
  public static double levelSynchronousEfficiency(Assignment assignment) {
    Checks.notNull("assignment", assignment);
    Hierarchy h = assignment.hierarchy();
    double[][] levelLoad = new double[h.levelCount()][assignment.ranks()];
    for (Piece piece : assignment.pieces()) {
      Patch patch = h.patch(piece.patchId());
      levelLoad[patch.level()][piece.rank()] += patch.workDensity() * piece.box().volume();
    }
    return levelSynchronousEfficiency(levelLoad, assignment.ranks());
  }

  private static double levelSynchronousEfficiency(double[][] levelLoad, int ranks) {
    double makespan = 0;
    double sumAvg = 0;
    for (double[] level : levelLoad) {
      double max = 0;
      for (double l : level) {
        max = Math.max(max, l);
        sumAvg += l;
      }
      makespan += max;
    }
    return makespan == 0 ? 1 : sumAvg / ranks / makespan;
  }

  /** Ranks that hold no piece. */
  public int emptyRanks() {
    return emptyRanks;
  }

  public int pieces() {
    return pieces;
  }

  /**
   * The most cell faces on the boundary of one piece: the ghost values its rank exchanges for that piece per
   * sweep (2 (a + b) for an a x b piece, the per-processor communication term of seed 002 chapter 5).
   */
  public long maxPieceFaces() {
    return maxPieceFaces;
  }

  public double intraGridCommunication() {
    return intraGridCommunication;
  }

  /** Sum over child patches of their parent traffic, in U_comm x hops x points. */
  public double interGridCommunication() {
    return interGridCommunication;
  }

  /** The largest parent traffic of one patch: the communication term of the thesis's objective. */
  public double maxInterGridCommunication() {
    return maxInterGridCommunication;
  }

  /** The objective of seed 002 §3.3: max load plus the largest parent traffic of one grid. */
  public double gridIndivisibilityObjective() {
    return maxLoad + maxInterGridCommunication;
  }

  /** Transfers of the migration from the previous assignment (0 without one). */
  public int migratedPieces() {
    return migratedPieces;
  }

  public long migratedBytes() {
    return migratedBytes;
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT,
        "BalanceReport[ranks=%d, pieces=%d, max=%.6g, avg=%.6g, imbalance=%.4f, efficiency=%.4f,"
            + " level-synchronous efficiency=%.4f, empty=%d,"
            + " intra=%.6g, inter=%.6g (max %.6g), migrated=%d pieces/%d bytes]",
        rankLoad.length, pieces, maxLoad, averageLoad, imbalance(), efficiency(), levelSynchronousEfficiency(),
        emptyRanks,
        intraGridCommunication, interGridCommunication, maxInterGridCommunication, migratedPieces, migratedBytes);
  }
}
