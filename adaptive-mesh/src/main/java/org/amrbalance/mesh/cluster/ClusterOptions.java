package org.amrbalance.mesh.cluster;

/**
 * Limits of a clustering: the efficiency a box must reach (flagged cells / cells) before it is accepted,
 * and the smallest and largest side a box may have, in cells.
 */
public final class ClusterOptions {
  private final double efficiency;
  private final int minBoxSize;
  private final int maxBoxSize;

  private ClusterOptions(double efficiency, int minBoxSize, int maxBoxSize) {
    this.efficiency = efficiency;
    this.minBoxSize = minBoxSize;
    this.maxBoxSize = maxBoxSize;
  }

  /** Efficiency 0.7, sides from 2 to 32 cells. */
  public static ClusterOptions defaults() {
    return new ClusterOptions(0.7, 2, 32);
  }

  public static ClusterOptions of(double efficiency, int minBoxSize, int maxBoxSize) {
    if (!(efficiency > 0 && efficiency <= 1)) {
      throw new IllegalArgumentException("efficiency = " + efficiency + ": must be in (0, 1]");
    }
    if (minBoxSize < 1) {
      throw new IllegalArgumentException("minBoxSize = " + minBoxSize + ": must be >= 1");
    }
    if (maxBoxSize < 2 * minBoxSize) {
      throw new IllegalArgumentException("maxBoxSize = " + maxBoxSize + ": must be >= 2 * minBoxSize = "
          + 2 * minBoxSize + " (so that an oversized box can always be halved)");
    }
    return new ClusterOptions(efficiency, minBoxSize, maxBoxSize);
  }

  public ClusterOptions withEfficiency(double e) {
    return of(e, minBoxSize, maxBoxSize);
  }

  public ClusterOptions withMinBoxSize(int n) {
    return of(efficiency, n, maxBoxSize);
  }

  public ClusterOptions withMaxBoxSize(int n) {
    return of(efficiency, minBoxSize, n);
  }

  public double efficiency() {
    return efficiency;
  }

  public int minBoxSize() {
    return minBoxSize;
  }

  public int maxBoxSize() {
    return maxBoxSize;
  }

  @Override
  public String toString() {
    return "ClusterOptions[efficiency=" + efficiency + ", box sides " + minBoxSize + ".." + maxBoxSize + "]";
  }
}
