package org.amrbalance.mesh.laplace;

import java.util.Map;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.mesh.grid.Layout;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;

/**
 * A restart from saved values: the saved hierarchy laid out as saved or, on another number of ranks, as the
 * placement puts it, each held block's valid cells taken from the saved values of its patch. Ghost cells are not
 * saved: every sweep fills them first.
 */
final class Restart {
  private Restart() {}

  /**
   * Installs {@code saved}'s hierarchy with {@code values} (by patch id, in the patch box's order, axis 0 fastest).
   */
  static void restore(SolverState s, Assignment saved, Map<Integer, double[]> values) {
    if (saved == null || !saved.hierarchy().domain().equals(s.domain)) {
      throw new IllegalArgumentException("assignment = " + saved + ": must be over this domain");
    }
    Layout layout = saved.ranks() == s.machine.ranks() ? Layout.of(saved) : s.place(saved.hierarchy());
    if (layout.assignment().ranks() != s.machine.ranks()) {
      throw new IllegalArgumentException("placed assignment ranks = " + layout.assignment().ranks()
          + ": must equal " + s.machine.ranks());
    }
    GridHierarchy g = GridHierarchy.create(s.domain, s.h0(), s.amr, s.exchange, layout);
    for (int l = 0; l < g.levelCount(); l++) {
      for (Block b : g.heldBlocks(l)) {
        Box pb = saved.hierarchy().patch(b.patchId()).box();
        double[] v = values.get(b.patchId());
        if (v == null || v.length != pb.volume()) {
          throw new IllegalArgumentException("values of patch " + b.patchId() + " = "
              + (v == null ? "null" : v.length + " values") + ": must be " + pb.volume() + " values");
        }
        GridData d = g.data(b);
        Box bb = b.box();
        for (int j = bb.lo(1); j <= bb.hi(1); j++) {
          for (int i = bb.lo(0); i <= bb.hi(0); i++) {
            d.set(i, j, v[(i - pb.lo(0)) + (j - pb.lo(1)) * pb.length(0)]);
          }
        }
      }
    }
    s.grids(g);
  }
}
