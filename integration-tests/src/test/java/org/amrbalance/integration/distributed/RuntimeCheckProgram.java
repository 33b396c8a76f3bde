package org.amrbalance.integration.distributed;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.RankProgram;
import org.amrbalance.mesh.mpi.WireFilter;
import org.amrbalance.mesh.runtime.DistributedLaplace;
import org.amrbalance.mesh.runtime.RunOptions;
import org.amrbalance.mesh.runtime.Snapshot;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Piece;

/**
 * Runs on every rank. The first argument picks the check:
 * <ul>
 *   <li>{@code balancers DIR}: the moving example with every balancer (trigger every-regrid, so the balancer
 *       places the whole hierarchy at every regrid and the pieces migrate): the first balancer for
 *       {@link #LONG} steps, the others for {@link #SHORT}; snapshots of the solution on rank 0 in DIR/NAME/;</li>
 *   <li>{@code migration}: remaps that rotate every piece through every rank, checksums of every patch compared
 *       before and after;</li>
 *   <li>{@code corrupt}: a migration whose bytes to rank 1 are damaged;</li>
 *   <li>{@code triggers}: the moving example with every trigger, each remap's agreed cost printed.</li>
 * </ul>
 */
public final class RuntimeCheckProgram implements RankProgram {
  static final int LONG = 8;
  static final int SHORT = 2;
  /** Small and quick: levels 0..2, 4 sweeps per level and leg, checked every 2 steps. */
  static final RunOptions BASE = RunOptions.defaults().withLmax(2).withSweepsPerStep(4).withCheckEvery(2)
      .withTrigger("every-regrid");
  static final String MIGRATION_OK = "migration verified: ";
  static final String TRIGGER = "trigger ";

  @Override
  public void run(Communicator comm, List<String> args) throws IOException {
    Thread.currentThread().setContextClassLoader(RuntimeCheckProgram.class.getClassLoader());
    switch (args.get(0)) {
      case "balancers" -> balancers(comm, Path.of(args.get(1)));
      case "migration" -> migration(comm);
      case "corrupt" -> corrupt(comm);
      case "triggers" -> triggers(comm);
      default -> throw new IllegalArgumentException("check = " + args.get(0) + ": unknown");
    }
  }

  /** The balancer names, knapsack first (it makes the long run). */
  static List<String> balancerOrder() {
    List<String> names = new ArrayList<>(BalancingModules.balancerNames());
    names.remove("knapsack");
    names.add(0, "knapsack");
    return names;
  }

  private static void balancers(Communicator comm, Path dir) throws IOException {
    for (String name : balancerOrder()) {
      RunOptions o = BASE.withBalancer(name).withSteps(name.equals("knapsack") ? LONG : SHORT);
      DistributedLaplace run = DistributedLaplace.start(comm, o);
      save(run, dir.resolve(name), 0);
      for (int s = 1; s <= o.steps(); s++) {
        run.step();
        if (o.checks(s)) {
          save(run, dir.resolve(name), s);
        }
      }
      int remaps = run.summary().remaps().size();
      if (comm.rank() == 0) {
        System.out.println("balancer " + name + ": " + o.steps() + " steps, " + remaps + " remaps");
      }
    }
  }

  static void save(DistributedLaplace run, Path dir, int step) throws IOException {
    Snapshot s = run.snapshot(0);
    if (s != null) {
      Files.createDirectories(dir);
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(dir.resolve(fileName(step))))) {
        s.write(out);
      }
    }
  }

  static String fileName(int step) {
    return String.format(Locale.ROOT, "step-%04d.bin", step);
  }

  private static void migration(Communicator comm) {
    int n = comm.size();
    DistributedLaplace run = DistributedLaplace.start(comm, BASE.withBalancer("round-robin").withTrigger("never")
        .withSteps(2));
    run.step();
    run.step();
    Snapshot before = run.snapshot(0);
    long cells = run.solver().hierarchy().totalCells();
    long moved = 0;
    for (int shift = 1; shift < Math.max(2, n); shift++) {
      Assignment a = run.solver().assignment();
      List<Piece> rotated = new ArrayList<>();
      for (Piece p : a.pieces()) {
        rotated.add(Piece.of(p.patchId(), p.box(), (p.rank() + 1) % n));
      }
      Assignment next = Assignment.of(a.hierarchy(), n, rotated);
      moved += MigrationPlan.between(a, next).cells();
      double seconds = run.migrateTo(next);
      if (!run.solver().assignment().equals(next) || !(seconds > 0)) {
        throw new IllegalStateException("remap " + shift + " did not take effect (" + seconds + " s)");
      }
    }
    Snapshot after = run.snapshot(0);
    if (comm.rank() == 0) {
      Map<Integer, Long> b = before.checksums();
      Map<Integer, Long> a = after.checksums();
      if (!a.equals(b)) {
        throw new IllegalStateException("checksums differ after migration: before " + b + ", after " + a);
      }
      System.out.println(MIGRATION_OK + a.size() + " patches, " + moved + " cells moved, " + cells
          + " cells in the hierarchy, checksums " + a);
    }
  }

  private static void corrupt(Communicator comm) {
    AtomicBoolean damage = new AtomicBoolean();
    WireFilter flip = WireFilter.flipLastByteTo(1);
    Communicator c = comm.withWireFilter((to, frames) -> damage.get() && comm.rank() == 0
        ? flip.apply(to, frames) : frames);
    // Two steps: the ranks whose migration went through go on into the next step's collectives, which rank 1 never
    // joins (a migration has no reduction of its own).
    DistributedLaplace run = DistributedLaplace.start(c, BASE.withBalancer("round-robin").withTrigger("never")
        .withSteps(2));
    run.step();
    Assignment a = run.solver().assignment();
    List<Piece> rotated = new ArrayList<>();
    for (Piece p : a.pieces()) {
      rotated.add(Piece.of(p.patchId(), p.box(), (p.rank() + 1) % comm.size()));
    }
    damage.set(true);
    run.migrateTo(Assignment.of(a.hierarchy(), comm.size(), rotated));
    damage.set(false);
    run.step();
  }

  private static void triggers(Communicator comm) {
    for (String name : BalancingModules.triggerNames()) {
      RunOptions o = BASE.withCheckEvery(0).withBalancer("knapsack").withTrigger(name).withSteps(24)
          .withSetting("amrbalance.fixed-interval.m", "5")
          // Short batches and clusters, so that a change can be found within the run's 24 steps.
          .withSetting("amrbalance.change-detection.batch-size", "1")
          .withSetting("amrbalance.change-detection.cluster-size", "4");
      DistributedLaplace run = DistributedLaplace.start(comm, o);
      for (int s = 1; s <= o.steps(); s++) {
        run.step();
      }
      DistributedLaplace.Summary sum = run.summary();
      if (comm.rank() == 0) {
        StringBuilder costs = new StringBuilder();
        for (DistributedLaplace.Remap r : sum.remaps()) {
          costs.append(' ').append(r.step()).append(':').append(r.cost());
        }
        System.out.println(TRIGGER + name + ": " + sum.steps() + " steps, utilization " + sum.utilization()
            + ", remaps" + costs);
      }
    }
  }
}
