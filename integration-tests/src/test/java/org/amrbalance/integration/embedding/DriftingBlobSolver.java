package org.amrbalance.integration.embedding;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.amrbalance.spi.AmrHost;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.spi.StepTimes;

/**
 * An "existing solver" as a host would have one: a 64x64 base grid in 16 tiles, refined (ratio 2) around a blob
 * that drifts across the domain, regridded every few steps. Its work per cell grows where the blob sits, so the
 * load drifts between regrids too. It implements the four hooks and nothing else of the library.
 */
final class DriftingBlobSolver implements AmrHost {
  private final Machine machine;
  private Hierarchy hierarchy;
  @Nullable private Assignment assignment;
  private int step;
  long bytesMoved;

  DriftingBlobSolver(int ranks) {
    this.machine = Machine.fullyConnected(ranks);
    this.hierarchy = gridsAround(0);
  }

  // --- the hooks -----------------------------------------------------------------------------------------
  @Override
  public Hierarchy hierarchy() {
    return hierarchy;
  }

  @Override
  public Machine machine() {
    return machine;
  }

  @Nullable
  @Override
  public Assignment currentAssignment() {
    return assignment;
  }

  @Override
  public double migrate(MigrationPlan plan) {
    bytesMoved += plan.bytes(); // a real solver packs, sends and unpacks plan.transfers() here
    assignment = plan.target();
    return 1e-6 * plan.bytes(); // seconds: a modelled network of 1 MB/s
  }

  // --- the solver's own life -----------------------------------------------------------------------------
  /** One time step; returns each rank's compute time (seconds) as the solver would measure it. */
  StepTimes advance() {
    step++;
    double[] t = new double[machine.ranks()];
    for (Piece piece : assignment.pieces()) {
      Patch p = hierarchy.patch(piece.patchId());
      double heat = 1 + 0.05 * step * (p.level() + 1); // refined cells get costlier as the blob intensifies
      t[piece.rank()] += 1e-6 * heat * p.workDensity() * piece.box().volume();
    }
    return StepTimes.of(t);
  }

  boolean timeToRegrid() {
    return step % 5 == 0;
  }

  void regrid() {
    hierarchy = gridsAround(step);
  }

  /** 16 base tiles, and an 8x8-cell refined patch on the blob, plus a 4x4 one at its core. */
  private static Hierarchy gridsAround(int step) {
    List<Patch> patches = new ArrayList<>();
    int id = 0;
    for (int x = 0; x < 64; x += 16) {
      for (int y = 0; y < 64; y += 16) {
        patches.add(Patch.of(id++, 0, Box.of2d(x, y, x + 15, y + 15)));
      }
    }
    int cx = 8 + (step * 3) % 96; // level-1 index space is 128 wide; the blob crosses it
    int cy = 40;
    patches.add(Patch.of(id++, 1, Box.of2d(cx, cy, cx + 15, cy + 15)));
    patches.add(Patch.of(id, 2, Box.of2d(2 * cx + 8, 2 * cy + 8, 2 * cx + 15, 2 * cy + 15)));
    return Hierarchy.of(Box.ofSize(64, 64), new int[] {2, 2}, patches);
  }
}
