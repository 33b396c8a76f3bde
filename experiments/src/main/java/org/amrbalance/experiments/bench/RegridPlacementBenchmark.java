package org.amrbalance.experiments.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * The default placement of a regrid ({@code inherit}): {@code boxes} new level-1 boxes of 4 x 4 cells placed where
 * the data of the old hierarchy's 6 x 6 boxes is (each new box meets one to four old ones, on 1,024 ranks). The
 * cost per box should stay flat from 10^3 to 10^5 boxes: near-linear, not pairwise.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class RegridPlacementBenchmark {
  private static final int RANKS = 1024;

  @Param({"1000", "10000", "100000"})
  public int boxes;

  private BalanceProblem problem;
  private final InheritingPlacement placement = new InheritingPlacement();

  @Setup
  public void setUp() {
    // A level-1 region of side 4 * sqrt(boxes) cells over a level-0 domain of half that side.
    int side = 4 * (int) Math.ceil(Math.sqrt(boxes));
    Box domain = Box.ofSize(side / 2, side / 2);
    Hierarchy old = tiled(domain, side, 6);
    Hierarchy now = tiled(domain, side, 4);
    Assignment before = Assignment.wholeGrids(old, RANKS, id -> id % RANKS);
    problem = BalanceProblem.of(now, Machine.fullyConnected(RANKS)).withPrevious(before);
  }

  /** One level-0 patch over the domain and level-1 boxes of {@code edge} cells tiling the refined domain. */
  static Hierarchy tiled(Box domain, int side, int edge) {
    List<Patch> patches = new ArrayList<>();
    patches.add(Patch.of(0, 0, domain));
    int id = 1;
    for (int x = 0; x < side; x += edge) {
      for (int y = 0; y < side; y += edge) {
        patches.add(Patch.of(id++, 1, Box.of2d(x, y, Math.min(side, x + edge) - 1, Math.min(side, y + edge) - 1)));
      }
    }
    return Hierarchy.of(domain, new int[] {2}, patches);
  }

  /** Boxes of the new hierarchy (for the report: the cost per box). */
  int newBoxes() {
    return problem.hierarchy().patches().size();
  }

  @Benchmark
  public Assignment place() {
    return placement.balance(problem);
  }
}
