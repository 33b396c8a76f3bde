package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Topology;

/**
 * The processors seen as a {@code columns x rows} mesh onto which a packing is scaled, and the rank of each
 * mesh position. A {@link Topology.Mesh} is used as it is (rank = y·p + x); a hypercube of 2^d ranks as a
 * 2^a x 2^b mesh embedded by reflected Gray codes, so that mesh neighbours are cube neighbours (the rank
 * of (x, y) is the code of x followed by the b-bit code of y); a fully connected machine as the most nearly
 * square {@code p x q = n} mesh in row-major order (hops do not depend on the layout there).
 */
@Immutable
final class ProcessorGrid {
  private enum Kind { MESH, HYPERCUBE, ROW_MAJOR }

  private final Kind kind;
  private final int columns;
  private final int rows;
  private final int rowBits;

  private ProcessorGrid(Kind kind, int columns, int rows, int rowBits) {
    this.kind = kind;
    this.columns = columns;
    this.rows = rows;
    this.rowBits = rowBits;
  }

  public static ProcessorGrid of(Topology.Mesh mesh) {
    return new ProcessorGrid(Kind.MESH, mesh.p(), mesh.q(), 0);
  }

  /** A 2^columnBits x 2^rowBits mesh in a hypercube of dimension columnBits + rowBits. */
  public static ProcessorGrid hypercube(int columnBits, int rowBits) {
    Checks.check(columnBits >= 0 && rowBits >= 0 && columnBits + rowBits <= 30, "columnBits + rowBits",
        columnBits + rowBits, "must be in [0, 30] with both >= 0");
    return new ProcessorGrid(Kind.HYPERCUBE, 1 << columnBits, 1 << rowBits, rowBits);
  }

  public static ProcessorGrid rowMajor(int columns, int rows) {
    Checks.check(columns >= 1, "columns", columns, "must be >= 1");
    Checks.check(rows >= 1, "rows", rows, "must be >= 1");
    return new ProcessorGrid(Kind.ROW_MAJOR, columns, rows, 0);
  }

  /**
   * The meshes a packing may be scaled onto for this topology. For a hypercube of dimension d these are the
   * shapes 2^a x 2^(d-a) for a = ceil(d/2) .. d (spec section 12; for odd d the spec is silent, and the first
   * shape is the one with the extra bit on the columns); other topologies give one mesh.
   */
  public static List<ProcessorGrid> candidates(Topology topology) {
    List<ProcessorGrid> out = new ArrayList<>();
    if (topology instanceof Topology.Mesh m) {
      out.add(of(m));
    } else if (topology instanceof Topology.Hypercube h) {
      int d = h.dimension();
      for (int a = (d + 1) / 2; a <= d; a++) {
        out.add(hypercube(a, d - a));
      }
    } else {
      int n = topology.size();
      int q = 1;
      for (int r = 1; (long) r * r <= n; r++) {
        if (n % r == 0) {
          q = r;
        }
      }
      out.add(rowMajor(n / q, q));
    }
    return out;
  }

  public int columns() {
    return columns;
  }

  public int rows() {
    return rows;
  }

  public int size() {
    return columns * rows;
  }

  /** R = columns / rows, the ratio a packing for this mesh is shaped to. */
  public double ratio() {
    return (double) columns / rows;
  }

  public int rank(int x, int y) {
    Checks.check(x >= 0 && x < columns, "x", x, "must be in [0, " + columns + ")");
    Checks.check(y >= 0 && y < rows, "y", y, "must be in [0, " + rows + ")");
    return switch (kind) {
      case MESH, ROW_MAJOR -> y * columns + x;
      case HYPERCUBE -> (GrayCode.code(x) << rowBits) | GrayCode.code(y);
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ProcessorGrid g && g.kind == kind && g.columns == columns && g.rows == rows;
  }

  @Override
  public int hashCode() {
    return (kind.hashCode() * 31 + columns) * 31 + rows;
  }

  @Override
  public String toString() {
    return kind.name().toLowerCase(java.util.Locale.ROOT) + "(" + columns + "x" + rows + ")";
  }
}
