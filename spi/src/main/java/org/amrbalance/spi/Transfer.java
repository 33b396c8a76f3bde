package org.amrbalance.spi;

import java.util.Objects;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * One move of a {@link MigrationPlan}: the cells {@code region} of level {@code level}, held on
 * {@code fromRank} by patch {@code sourcePatchId} of the old hierarchy, are needed on {@code toRank} by patch
 * {@code targetPatchId} of the new one. Without a regrid the two ids are the same patch.
 */
@Immutable
public final class Transfer {
  private final int level;
  private final int sourcePatchId;
  private final int targetPatchId;
  private final Box region;
  private final int fromRank;
  private final int toRank;
  private final long bytes;

  private Transfer(int level, int sourcePatchId, int targetPatchId, Box region, int fromRank, int toRank,
      long bytes) {
    this.level = level;
    this.sourcePatchId = sourcePatchId;
    this.targetPatchId = targetPatchId;
    this.region = region;
    this.fromRank = fromRank;
    this.toRank = toRank;
    this.bytes = bytes;
  }

  public static Transfer of(int level, int sourcePatchId, int targetPatchId, Box region, int fromRank, int toRank,
      long bytes) {
    Checks.nonNegative("transfer.level", level);
    Checks.nonNegative("transfer.sourcePatchId", sourcePatchId);
    Checks.nonNegative("transfer.targetPatchId", targetPatchId);
    Checks.notNull("transfer.region", region);
    Checks.nonNegative("transfer.fromRank", fromRank);
    Checks.nonNegative("transfer.toRank", toRank);
    if (fromRank == toRank) {
      throw Checks.bad("transfer.toRank", toRank, "equals fromRank: nothing moves");
    }
    if (bytes < 0) {
      throw Checks.bad("transfer.bytes", bytes, "must be >= 0");
    }
    return new Transfer(level, sourcePatchId, targetPatchId, region, fromRank, toRank, bytes);
  }

  public int level() {
    return level;
  }

  public int sourcePatchId() {
    return sourcePatchId;
  }

  public int targetPatchId() {
    return targetPatchId;
  }

  public Box region() {
    return region;
  }

  public int fromRank() {
    return fromRank;
  }

  public int toRank() {
    return toRank;
  }

  public long cells() {
    return region.volume();
  }

  public long bytes() {
    return bytes;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Transfer t && t.level == level && t.sourcePatchId == sourcePatchId
        && t.targetPatchId == targetPatchId && t.region.equals(region) && t.fromRank == fromRank
        && t.toRank == toRank && t.bytes == bytes;
  }

  @Override
  public int hashCode() {
    return Objects.hash(level, sourcePatchId, targetPatchId, region, fromRank, toRank, bytes);
  }

  @Override
  public String toString() {
    return "Transfer[level " + level + ", " + region + " of patch " + sourcePatchId + " -> patch " + targetPatchId
        + ", rank " + fromRank + " -> " + toRank + ", " + bytes + " bytes]";
  }
}
