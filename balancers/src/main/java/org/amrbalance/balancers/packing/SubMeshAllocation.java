package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;

/**
 * Processor blocks for the grids of one level: each grid id to its block and whether the grid lies turned
 * on it (its own x axis along the mesh's rows). {@code packing} is the packing that was scaled (of the
 * enlarged proxies if sides had to grow, spec section 11; null when several packings of parts of the mesh
 * were combined), {@code repairRounds} how many times sides grew (the largest over parts), {@code fallback}
 * whether the last resort of one processor per grid was taken, and {@code capViolations} how many grids
 * could not be kept within an inter-grid hop cap.
 */
@Immutable
final class SubMeshAllocation {
  private final ProcessorGrid grid;
  @Nullable private final Packing packing;
  private final Map<Integer, Block> blocks;
  private final Map<Integer, Boolean> rotated;
  private final int repairRounds;
  private final boolean fallback;
  private final int capViolations;

  SubMeshAllocation(ProcessorGrid grid, @Nullable Packing packing, Map<Integer, Block> blocks,
      Map<Integer, Boolean> rotated, int repairRounds, boolean fallback) {
    this(grid, packing, blocks, rotated, repairRounds, fallback, 0);
  }

  SubMeshAllocation(ProcessorGrid grid, @Nullable Packing packing, Map<Integer, Block> blocks,
      Map<Integer, Boolean> rotated, int repairRounds, boolean fallback, int capViolations) {
    this.capViolations = capViolations;
    this.grid = grid;
    this.packing = packing;
    this.blocks = Collections.unmodifiableMap(new LinkedHashMap<>(blocks));
    this.rotated = Collections.unmodifiableMap(new LinkedHashMap<>(rotated));
    this.repairRounds = repairRounds;
    this.fallback = fallback;
  }

  public ProcessorGrid grid() {
    return grid;
  }

  @Nullable
  public Packing packing() {
    return packing;
  }

  /** Grid id to processor block, in packing order. */
  public Map<Integer, Block> blocks() {
    return blocks;
  }

  public Block block(int id) {
    Block b = blocks.get(id);
    Checks.check(b != null, "id", id, "has no block in this allocation");
    return b;
  }

  public boolean rotated(int id) {
    return rotated.getOrDefault(id, false);
  }

  public int repairRounds() {
    return repairRounds;
  }

  public boolean fallback() {
    return fallback;
  }

  public int capViolations() {
    return capViolations;
  }

  @Override
  public String toString() {
    return "SubMeshAllocation[" + blocks.size() + " blocks on " + grid + (fallback ? ", fallback" : "") + "]";
  }
}
