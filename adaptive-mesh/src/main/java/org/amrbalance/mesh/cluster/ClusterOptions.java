package org.amrbalance.mesh.cluster;

import org.amrbalance.spi.internal.Checks;

/**
 * Limits of a clustering: the efficiency a box must reach (flagged cells / cells) before it is accepted,
 * and the smallest and largest side a box may have, in cells.
 *
 * @param efficiency the fraction of flagged cells a box must reach, in (0, 1]
 * @param minBoxSize the smallest side of a box, in cells, ≥ 1
 * @param maxBoxSize the largest side of a box, in cells, ≥ 2 · {@code minBoxSize} (so that an oversized box can
 *     always be halved)
 */
public record ClusterOptions(double efficiency, int minBoxSize, int maxBoxSize) {
  public ClusterOptions {
    Checks.check(efficiency > 0 && efficiency <= 1, "efficiency", efficiency, "must be in (0, 1]");
    Checks.atLeast("minBoxSize", minBoxSize, 1);
    Checks.check(maxBoxSize >= 2 * minBoxSize, "maxBoxSize", maxBoxSize, "must be >= 2 * minBoxSize = "
        + 2 * minBoxSize + " (so that an oversized box can always be halved)");
  }

  /** Efficiency 0.7, sides from 2 to 32 cells. */
  public static ClusterOptions defaults() {
    return new ClusterOptions(0.7, 2, 32);
  }

  public static ClusterOptions of(double efficiency, int minBoxSize, int maxBoxSize) {
    return new ClusterOptions(efficiency, minBoxSize, maxBoxSize);
  }

  public ClusterOptions withEfficiency(double e) {
    return new ClusterOptions(e, minBoxSize, maxBoxSize);
  }

  public ClusterOptions withMinBoxSize(int n) {
    return new ClusterOptions(efficiency, n, maxBoxSize);
  }

  public ClusterOptions withMaxBoxSize(int n) {
    return new ClusterOptions(efficiency, minBoxSize, n);
  }
}
