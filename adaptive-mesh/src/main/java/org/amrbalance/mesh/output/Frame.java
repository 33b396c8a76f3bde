package org.amrbalance.mesh.output;

import java.util.Map;
import javax.annotation.Nullable;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.mesh.grid.Layout;

/**
 * Everything a picture or a file of the hierarchy needs, gathered on one process: the layout (with the rank
 * of every block), the valid values of every block, and the cell width of every level.
 */
public final class Frame {
  private final Layout layout;
  private final Map<Block, GridData> values;
  private final double[] h;
  private final String field;

  private Frame(Layout layout, Map<Block, GridData> values, double[] h, String field) {
    this.layout = layout;
    this.values = values;
    this.h = h;
    this.field = field;
  }

  /**
   * Gathers {@code grids} on the processes that hold rank {@code root}; null on the others. Every process must
   * call this (it exchanges data).
   */
  @Nullable
  public static Frame gather(GridHierarchy grids, int root, String field) {
    if (field == null || field.isBlank()) {
      throw new IllegalArgumentException("field = '" + field + "': must name the data");
    }
    Map<Block, GridData> values = grids.gather(root);
    if (!grids.exchange().holds(root)) {
      return null;
    }
    double[] h = new double[grids.levelCount()];
    for (int l = 0; l < h.length; l++) {
      h[l] = grids.h(l);
    }
    return new Frame(grids.layout(), values, h, field);
  }

  public Layout layout() {
    return layout;
  }

  /** The valid values of {@code b}. */
  public GridData values(Block b) {
    GridData g = values.get(b);
    if (g == null) {
      throw new IllegalArgumentException("block = " + b + ": not in this frame");
    }
    return g;
  }

  /** Cell width of {@code level}. */
  public double h(int level) {
    return h[level];
  }

  public int levelCount() {
    return h.length;
  }

  /** Name of the data, as files and legends show it. */
  public String field() {
    return field;
  }

  /** Physical width and height of the domain. */
  public double width() {
    return layout.hierarchy().domain().length(0) * h[0];
  }

  public double height() {
    return layout.hierarchy().domain().length(1) * h[0];
  }
}
