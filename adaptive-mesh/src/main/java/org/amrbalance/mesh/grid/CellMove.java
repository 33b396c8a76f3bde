package org.amrbalance.mesh.grid;

import org.amrbalance.spi.Box;

/**
 * One transfer of cell values: the values of {@code region} held by {@code source} on {@code fromRank} are
 * needed on {@code toRank}. What the receiver does with them (ghost fill, interpolation, restriction,
 * migration) is decided by the caller, so that every formula runs on the receiving side in a fixed order.
 */
public record CellMove(int fromRank, int toRank, Block source, Box region) {
  public CellMove {
    if (fromRank < 0 || toRank < 0) {
      throw new IllegalArgumentException("move ranks = " + fromRank + "->" + toRank + ": must be >= 0");
    }
    if (source == null || region == null) {
      throw new IllegalArgumentException("move source/region = null: must not be null");
    }
    if (!source.box().contains(region)) {
      throw new IllegalArgumentException("move region = " + region + ": must lie in the source block " + source.box());
    }
  }
}
