package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;

/**
 * Packs the grids of a level and scales the packing onto a mesh (spec section 11): grid i at (x_i, y_i) of
 * oriented size w_i x h_i gets columns [floor(x_i s_x), floor((x_i + w_i) s_x)) and rows likewise. Floor is
 * monotone, so disjoint rectangles give disjoint blocks inside the mesh.
 *
 * <p>Every grid at least one processor (spec 11, "Minimum grid size"): the printed remedy (enlarge sides to
 * D/Q with D = sum of long sides) only works when m &lt;= Q, so the guard the spec asks for is used instead.
 * After scaling, if a grid got no column or no row, every side shorter than ceil(1/s) (the side that is
 * sure to cover a processor boundary) is enlarged to it, for packing only, and the level is packed again;
 * after {@code maxRepairRounds} such rounds, the last resort gives each grid one processor in row-major
 * order. Needs m &lt;= P·Q.
 */
@Immutable
final class SubMeshAllocator {
  private final Packer packer;
  private final Scaling scaling;
  private final int maxRepairRounds;

  private SubMeshAllocator(Packer packer, Scaling scaling, int maxRepairRounds) {
    this.packer = packer;
    this.scaling = scaling;
    this.maxRepairRounds = maxRepairRounds;
  }

  public static SubMeshAllocator of(Packer packer, Scaling scaling) {
    return new SubMeshAllocator(Checks.notNull("packer", packer), Checks.notNull("scaling", scaling), 16);
  }

  public SubMeshAllocator withMaxRepairRounds(int rounds) {
    Checks.check(rounds >= 0 && rounds <= 1000, "maxRepairRounds", rounds, "must be in [0, 1000]");
    return new SubMeshAllocator(packer, scaling, rounds);
  }

  public Packer packer() {
    return packer;
  }

  public Scaling scaling() {
    return scaling;
  }

  /** Blocks for every item on {@code grid}; requires at most one item per processor. */
  public SubMeshAllocation allocate(Collection<Item> items, ProcessorGrid grid) {
    Checks.notNull("items", items);
    Checks.notNull("grid", grid);
    Checks.check(items.size() <= grid.size(), "items.size", items.size(),
        "grid packing needs at most one grid per processor (" + grid.size() + " on " + grid + ")");
    Map<Integer, Item> current = new LinkedHashMap<>();
    for (Item i : items) {
      Checks.check(current.put(i.id(), i) == null, "item.id", i.id(), "appears twice");
    }
    Packing packing = null;
    for (int round = 0; round <= maxRepairRounds; round++) {
      packing = packer.pack(current.values(), grid.ratio());
      Scaled s = scale(packing, grid.columns(), grid.rows(), scaling);
      if (s.starved == 0) {
        return new SubMeshAllocation(grid, packing, s.blocks, s.rotated, round, false);
      }
      long t = Math.max(ceilDiv(s.denX, s.numX), ceilDiv(s.denY, s.numY));
      Map<Integer, Item> grown = new LinkedHashMap<>();
      for (Item i : current.values()) {
        grown.put(i.id(), Item.of(i.id(), Math.max(i.width(), t), Math.max(i.height(), t)));
      }
      current = grown;
    }
    return oneProcessorEach(items, grid, packing);
  }

  private static SubMeshAllocation oneProcessorEach(Collection<Item> items, ProcessorGrid grid,
      @Nullable Packing packing) {
    Map<Integer, Block> blocks = new LinkedHashMap<>();
    int k = 0;
    for (Item i : items) {
      blocks.put(i.id(), Block.of(k % grid.columns(), k / grid.columns(), 1, 1));
      k++;
    }
    return new SubMeshAllocation(grid, packing == null ? Packing.of(List.of()) : packing, blocks, new HashMap<>(),
        -1, true);
  }

  /** The scaled blocks; {@code starved} counts the placements that got no column or no row. */
  static final class Scaled {
    final Map<Integer, Block> blocks = new LinkedHashMap<>();
    final Map<Integer, Boolean> rotated = new HashMap<>();
    int starved;
    long numX;
    long denX;
    long numY;
    long denY;
  }

  /** Scales {@code packing} onto a {@code columns x rows} mesh with exact rational arithmetic. */
  static Scaled scale(Packing packing, int columns, int rows, Scaling scaling) {
    Scaled s = new Scaled();
    if (packing.size() == 0) {
      s.numX = s.denX = s.numY = s.denY = 1;
      return s;
    }
    s.numX = columns;
    s.denX = packing.width();
    s.numY = rows;
    s.denY = packing.height();
    if (scaling == Scaling.UNIFORM) {
      // s = min(P/W, Q/H) on both axes.
      boolean xSmaller = BigInteger.valueOf(columns).multiply(BigInteger.valueOf(packing.height()))
          .compareTo(BigInteger.valueOf(rows).multiply(BigInteger.valueOf(packing.width()))) <= 0;
      if (xSmaller) {
        s.numY = columns;
        s.denY = packing.width();
      } else {
        s.numX = rows;
        s.denX = packing.height();
      }
    }
    for (Placement p : packing.placements()) {
      int x0 = scaleFloor(p.x(), s.numX, s.denX);
      int x1 = scaleFloor(p.right(), s.numX, s.denX);
      int y0 = scaleFloor(p.y(), s.numY, s.denY);
      int y1 = scaleFloor(p.top(), s.numY, s.denY);
      if (x1 <= x0 || y1 <= y0) {
        s.starved++;
      } else {
        s.blocks.put(p.id(), Block.of(x0, y0, x1 - x0, y1 - y0));
        s.rotated.put(p.id(), p.rotated());
      }
    }
    return s;
  }

  /** floor(v · num / den) for v, num, den >= 0, den > 0, without overflow. */
  static int scaleFloor(long v, long num, long den) {
    if (Math.multiplyHigh(v, num) == 0 && v * num >= 0) {
      return Math.toIntExact(v * num / den);
    }
    return BigInteger.valueOf(v).multiply(BigInteger.valueOf(num)).divide(BigInteger.valueOf(den)).intValueExact();
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  /** For the tests: the blocks of the raw scaling of a packing (placements that got no processor left out). */
  static List<Block> blocksOf(Packing packing, int columns, int rows, Scaling scaling) {
    return new ArrayList<>(scale(packing, columns, rows, scaling).blocks.values());
  }
}
