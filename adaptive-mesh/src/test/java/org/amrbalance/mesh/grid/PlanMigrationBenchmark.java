package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.MigrationPlan;
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
 * One migration of a whole hierarchy of {@code boxes} level-1 blocks of 4 x 4 cells (and their level-0 tiles) on 64
 * ranks held in one process, every block moving to the next rank, then back: the cost per block should stay flat
 * from 10^3 to 10^5 blocks (an index finds the old blocks a new one meets, not every pair). Run from the test class
 * path (docs/benchmarks.md gives the command).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
public class PlanMigrationBenchmark {
  private static final int RANKS = 64;

  @Param({"1000", "10000", "100000"})
  public int boxes;

  private GridHierarchy grids;
  private MigrationPlan forth;
  private MigrationPlan back;
  private boolean there;

  @Setup
  public void setUp() {
    int side = 4 * (int) Math.ceil(Math.sqrt(boxes));
    Box domain = Box.ofSize(side / 2, side / 2);
    List<Patch> patches = new ArrayList<>();
    int id = 0;
    for (int x = 0; x < side / 2; x += 16) {
      for (int y = 0; y < side / 2; y += 16) {
        patches.add(Patch.of(id++, 0, Box.of2d(x, y, Math.min(side / 2, x + 16) - 1, Math.min(side / 2, y + 16) - 1)));
      }
    }
    for (int x = 0; x < side; x += 4) {
      for (int y = 0; y < side; y += 4) {
        patches.add(Patch.of(id++, 1, Box.of2d(x, y, x + 3, y + 3)));
      }
    }
    Hierarchy h = Hierarchy.of(domain, new int[] {2}, patches);
    Assignment a = Assignment.wholeGrids(h, RANKS, p -> p % RANKS);
    Assignment b = Assignment.wholeGrids(h, RANKS, p -> (p + 1) % RANKS);
    grids = GridHierarchy.create(domain, 1.0 / side, AmrOptions.defaults().withLevels(1, 2), LocalExchange.of(RANKS),
        Layout.of(a));
    forth = MigrationPlan.between(a, b);
    back = MigrationPlan.between(b, a);
  }

  @Benchmark
  public Migrated migrate() {
    Migrated m = grids.migrate(there ? back : forth);
    there = !there;
    return m;
  }
}
