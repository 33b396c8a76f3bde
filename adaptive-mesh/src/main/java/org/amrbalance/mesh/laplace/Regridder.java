package org.amrbalance.mesh.laplace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.amrbalance.mesh.cluster.BergerRigoutsos;
import org.amrbalance.mesh.cluster.Clusterer;
import org.amrbalance.mesh.cluster.FlagField;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Patch;

/**
 * Regridding: flags the cells whose estimated error is too large, clusters them into the boxes of the next finer
 * level (Berger–Rigoutsos, inside the nesting domain), has the new hierarchy placed and installs it, level by level.
 */
final class Regridder {
  private final SolverState s;
  private final ErrorEstimator estimator = new CurvatureEstimator();
  private final Clusterer clusterer;

  Regridder(SolverState s) {
    this.s = s;
    this.clusterer = BergerRigoutsos.of(s.amr.cluster());
  }

  /**
   * Rebuilds levels 1.. from the current solution, coarsest first: flags on level l (estimated on the new
   * level l), clusters inside the nesting domain of the new level l, installs, and moves on to l+1. Data
   * comes from the grids before the regrid where they overlap, else by interpolation from the new parent.
   */
  void regrid() {
    GridHierarchy.State before = s.grids().state();
    for (int l = 0; l < s.amr.maxLevel() && l < s.grids().levelCount(); l++) {
      List<Box> boxes = flagAndCluster(l);
      installLevels(l, boxes, before);
      if (boxes.isEmpty()) {
        break;
      }
    }
  }

  /** Keeps levels 0..l, makes {@code boxes} level l+1 (none: level l is the finest), has it placed and installs. */
  void installLevels(int l, List<Box> boxes, GridHierarchy.State from) {
    List<Patch> patches = new ArrayList<>();
    for (Patch p : s.hierarchy().patches()) {
      if (p.level() <= l) {
        // A recalibrated work model reaches the grids that stay too, so that every level is counted alike.
        patches.add(s.reworked(p));
      }
    }
    for (Box b : boxes) {
      patches.add(s.newPatch(l + 1, b));
    }
    // Levels 0..l are the ones the previous level's install built from the same state: they keep their data.
    s.grids().install(s.place(patches), s.problem(), from, l + 1);
  }

  /**
   * Flags level l (ghosts filled), widens the flags by the flag buffer, drops flags outside the nesting
   * domain (cells at least the nesting buffer inside level l, or at the physical boundary) and clusters; the
   * boxes are returned refined to level l+1.
   */
  List<Box> flagAndCluster(int l) {
    GridHierarchy grids = s.grids();
    grids.fillGhosts(l, s.problem());
    // One flat array of (i, j) pairs per process: a gather of one object, not of one object per flagged cell.
    int[] mine = new int[64];
    int n = 0;
    for (Block b : grids.heldBlocks(l)) {
      GridData u = grids.data(b);
      Box box = b.box();
      for (int j = box.lo(1); j <= box.hi(1); j++) {
        for (int i = box.lo(0); i <= box.hi(0); i++) {
          if (estimator.estimate(u, i, j) > s.options.flagThreshold()) {
            if (n + 2 > mine.length) {
              mine = Arrays.copyOf(mine, 2 * mine.length);
            }
            mine[n++] = i;
            mine[n++] = j;
          }
        }
      }
    }
    ArrayList<int[]> local = new ArrayList<>();
    local.add(Arrays.copyOf(mine, n));
    // Every rank's flagged cells as (i, j) pairs, in rank order: the clustering below is the same on every rank.
    List<int[]> parts = s.exchange.gatherAll(local);
    int flagged = 0;
    for (int[] part : parts) {
      flagged += part.length;
    }
    if (flagged == 0) {
      return List.of();
    }
    int[] all = new int[flagged];
    int at = 0;
    for (int[] part : parts) {
      System.arraycopy(part, 0, all, at, part.length);
      at += part.length;
    }
    Box dom = grids.domainAt(l);
    int fb = s.amr.flagBuffer();
    int nb = s.amr.nestingBuffer();
    int minI = Integer.MAX_VALUE;
    int minJ = Integer.MAX_VALUE;
    int maxI = Integer.MIN_VALUE;
    int maxJ = Integer.MIN_VALUE;
    for (int k = 0; k < all.length; k += 2) {
      minI = Math.min(minI, all[k]);
      minJ = Math.min(minJ, all[k + 1]);
      maxI = Math.max(maxI, all[k]);
      maxJ = Math.max(maxJ, all[k + 1]);
    }
    Box field = Box.of2d(minI, minJ, maxI, maxJ).grow(fb + s.amr.cluster().minBoxSize()).orElseThrow().intersection(dom)
        .orElseThrow();
    // Cells of level l inside the field (and a margin of the nesting buffer around it).
    Box margin = field.grow(nb).orElseThrow();
    FlagField inLevel = FlagField.over(margin);
    for (Block b : grids.layout().level(l)) {
      inLevel.setAll(b.box());
    }
    // Summed-area table of inLevel: the count of any window in O(1), without a Box per cell.
    int mw = margin.length(0);
    int mh = margin.length(1);
    int[] sat = new int[(mw + 1) * (mh + 1)];
    for (int j = 0; j < mh; j++) {
      for (int i = 0; i < mw; i++) {
        int in = inLevel.get(margin.lo(0) + i, margin.lo(1) + j) ? 1 : 0;
        sat[(i + 1) + (j + 1) * (mw + 1)] = in + sat[i + (j + 1) * (mw + 1)] + sat[(i + 1) + j * (mw + 1)]
            - sat[i + j * (mw + 1)];
      }
    }
    FlagField forbidden = FlagField.over(field);
    for (int j = field.lo(1); j <= field.hi(1); j++) {
      for (int i = field.lo(0); i <= field.hi(0); i++) {
        // The nesting window of (i, j) inside the domain (it lies inside the margin, which is field grown by nb).
        int x0 = Math.max(i - nb, dom.lo(0)) - margin.lo(0);
        int x1 = Math.min(i + nb, dom.hi(0)) - margin.lo(0) + 1;
        int y0 = Math.max(j - nb, dom.lo(1)) - margin.lo(1);
        int y1 = Math.min(j + nb, dom.hi(1)) - margin.lo(1) + 1;
        int count = sat[x1 + y1 * (mw + 1)] - sat[x0 + y1 * (mw + 1)] - sat[x1 + y0 * (mw + 1)]
            + sat[x0 + y0 * (mw + 1)];
        if (count != (x1 - x0) * (y1 - y0)) {
          forbidden.set(i, j);
        }
      }
    }
    FlagField flags = FlagField.over(field);
    for (int k = 0; k < all.length; k += 2) {
      // The flag widened by the flag buffer, clipped to the field (which holds every flag with its buffer).
      int i0 = Math.max(all[k] - fb, field.lo(0));
      int i1 = Math.min(all[k] + fb, field.hi(0));
      int j0 = Math.max(all[k + 1] - fb, field.lo(1));
      int j1 = Math.min(all[k + 1] + fb, field.hi(1));
      for (int j = j0; j <= j1; j++) {
        for (int i = i0; i <= i1; i++) {
          if (!forbidden.get(i, j)) {
            flags.set(i, j);
          }
        }
      }
    }
    List<Box> out = new ArrayList<>();
    if (flags.count() == 0) {
      return out;
    }
    for (Box b : clusterer.cluster(flags, forbidden)) {
      out.add(b.refine(s.amr.ratio(l)));
    }
    return out;
  }
}
