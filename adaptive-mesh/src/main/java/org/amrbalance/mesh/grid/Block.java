package org.amrbalance.mesh.grid;

import org.amrbalance.spi.Box;

/**
 * One unit of grid data on one rank: a piece of a patch (the whole patch unless a balancer cut it). Patch ids
 * are never reused during a run, so a block names the same data across regrids and remaps.
 *
 * @param level refinement level of the patch
 * @param patchId id of the patch in the SPI {@code Hierarchy}
 * @param box the cells of this piece, in the level's index space
 */
public record Block(int level, int patchId, Box box) {
  public Block {
    if (level < 0) {
      throw new IllegalArgumentException("block level = " + level + ": must be >= 0");
    }
    if (patchId < 0) {
      throw new IllegalArgumentException("block patchId = " + patchId + ": must be >= 0");
    }
    if (box == null) {
      throw new IllegalArgumentException("block box = null: must not be null");
    }
  }
}
