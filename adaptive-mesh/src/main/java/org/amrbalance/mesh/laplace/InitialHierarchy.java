package org.amrbalance.mesh.laplace;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Patch;

/**
 * Builds the first hierarchy: level 0 cut into base boxes, then the loop of seed 002 §3.1 (spec
 * grid-indivisibility §2.1): solve level i, project it onto the coarser levels, flag and cluster, create level i+1,
 * have it placed, interpolate its boundary and initial values, repeat until nothing is flagged or i = Lmax.
 */
final class InitialHierarchy {
  private final SolverState s;
  private final FasCycle relaxation;
  private final Regridder regridder;

  InitialHierarchy(SolverState s, FasCycle relaxation, Regridder regridder) {
    this.s = s;
    this.relaxation = relaxation;
    this.regridder = regridder;
  }

  /** Level 0 over the domain, in near-equal boxes of at most the base box size, placed and zero. */
  void levelZero() {
    List<Patch> patches = new ArrayList<>();
    int base = s.amr.baseBoxSize();
    int[] xs = cuts(s.domain.length(0), base);
    int[] ys = cuts(s.domain.length(1), base);
    for (int b = 0; b + 1 < ys.length; b++) {
      for (int a = 0; a + 1 < xs.length; a++) {
        patches.add(s.newPatch(0, Box.of2d(xs[a], ys[b], xs[a + 1] - 1, ys[b + 1] - 1)));
      }
    }
    s.grids(GridHierarchy.create(s.domain, s.h0(), s.amr, s.exchange, s.place(patches)));
  }

  /** Cut points splitting {@code n} cells into near-equal parts of at most {@code max} cells. */
  private static int[] cuts(int n, int max) {
    int parts = (n + max - 1) / max;
    int[] c = new int[parts + 1];
    for (int k = 0; k <= parts; k++) {
      c[k] = (int) ((long) n * k / parts);
    }
    return c;
  }

  /** The level-by-level loop from the current grids; returns the sweeps it made. */
  long build() {
    long sweeps = 0;
    for (int i = 0; ; i++) {
      sweeps += relaxation.solveLevel(i);
      // Spec grid-indivisibility §2.1 step 3, corrected: project only if i > 0 (the OCR reads "if 0").
      for (int k = i; k >= 1; k--) {
        s.grids().restrict(k);
      }
      if (i == s.amr.maxLevel()) {
        break;
      }
      List<Box> boxes = regridder.flagAndCluster(i);
      if (boxes.isEmpty()) {
        break;
      }
      regridder.installLevels(i, boxes, s.grids().state());
    }
    return sweeps;
  }
}
