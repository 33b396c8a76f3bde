package org.amrbalance.mesh.grid;

import java.util.Arrays;
import org.amrbalance.mesh.cluster.ClusterOptions;

/**
 * The shape rules of a grid hierarchy: the deepest level, the refinement ratio of each level (2 or 4), the
 * ghost width, the proper-nesting buffer (coarse cells between a fine level and the edge of its parent
 * level), how far flags are widened before clustering, the interpolation from parents, the largest side of a
 * level-0 block, and the clustering limits (in cells of the level being flagged).
 */
public final class AmrOptions {
  private final int[] ratios;
  private final int ghostWidth;
  private final int nestingBuffer;
  private final int flagBuffer;
  private final Interpolation interpolation;
  private final int baseBoxSize;
  private final ClusterOptions cluster;

  private AmrOptions(int[] ratios, int ghostWidth, int nestingBuffer, int flagBuffer, Interpolation interpolation,
      int baseBoxSize, ClusterOptions cluster) {
    this.ratios = ratios;
    this.ghostWidth = ghostWidth;
    this.nestingBuffer = nestingBuffer;
    this.flagBuffer = flagBuffer;
    this.interpolation = interpolation;
    this.baseBoxSize = baseBoxSize;
    this.cluster = cluster;
  }

  /**
   * Up to level 2 with ratio 2, two ghost layers (a red-black sweep then needs one exchange, not two), nesting
   * buffer 2, flag buffer 1, biquadratic, 32-cell base blocks.
   */
  public static AmrOptions defaults() {
    return new AmrOptions(new int[] {2, 2}, 2, 2, 1, Interpolation.BIQUADRATIC, 32, ClusterOptions.defaults());
  }

  private static AmrOptions checked(int[] ratios, int ghostWidth, int nestingBuffer, int flagBuffer,
      Interpolation interpolation, int baseBoxSize, ClusterOptions cluster) {
    for (int l = 0; l < ratios.length; l++) {
      if (ratios[l] != 2 && ratios[l] != 4) {
        throw new IllegalArgumentException("ratio[" + l + "] = " + ratios[l] + ": refinement ratio must be 2 or 4");
      }
    }
    if (ghostWidth < 1 || ghostWidth > 2) {
      throw new IllegalArgumentException("ghostWidth = " + ghostWidth + ": must be 1 or 2");
    }
    if (interpolation == null) {
      throw new IllegalArgumentException("interpolation = null: must not be null");
    }
    if (nestingBuffer < interpolation.minNestingBuffer()) {
      throw new IllegalArgumentException("nestingBuffer = " + nestingBuffer + ": " + interpolation + " needs at least "
          + interpolation.minNestingBuffer());
    }
    if (flagBuffer < 0) {
      throw new IllegalArgumentException("flagBuffer = " + flagBuffer + ": must be >= 0");
    }
    if (baseBoxSize < Math.max(ghostWidth, 2)) {
      throw new IllegalArgumentException("baseBoxSize = " + baseBoxSize + ": must be >= " + Math.max(ghostWidth, 2));
    }
    if (cluster == null) {
      throw new IllegalArgumentException("cluster = null: must not be null");
    }
    return new AmrOptions(ratios, ghostWidth, nestingBuffer, flagBuffer, interpolation, baseBoxSize, cluster);
  }

  /** The same ratio {@code ratio} for levels 1..{@code maxLevel}. */
  public AmrOptions withLevels(int maxLevel, int ratio) {
    if (maxLevel < 0) {
      throw new IllegalArgumentException("maxLevel = " + maxLevel + ": must be >= 0");
    }
    int[] r = new int[maxLevel];
    Arrays.fill(r, ratio);
    return checked(r, ghostWidth, nestingBuffer, flagBuffer, interpolation, baseBoxSize, cluster);
  }

  /** {@code ratios[l]} refines level l into level l+1; the length is the deepest level. */
  public AmrOptions withRatios(int... r) {
    if (r == null) {
      throw new IllegalArgumentException("ratios = null: must not be null");
    }
    return checked(r.clone(), ghostWidth, nestingBuffer, flagBuffer, interpolation, baseBoxSize, cluster);
  }

  public AmrOptions withGhostWidth(int g) {
    return checked(ratios, g, nestingBuffer, flagBuffer, interpolation, baseBoxSize, cluster);
  }

  public AmrOptions withNestingBuffer(int b) {
    return checked(ratios, ghostWidth, b, flagBuffer, interpolation, baseBoxSize, cluster);
  }

  public AmrOptions withFlagBuffer(int b) {
    return checked(ratios, ghostWidth, nestingBuffer, b, interpolation, baseBoxSize, cluster);
  }

  public AmrOptions withInterpolation(Interpolation i) {
    return checked(ratios, ghostWidth, Math.max(nestingBuffer, i == null ? 0 : i.minNestingBuffer()), flagBuffer,
        i, baseBoxSize, cluster);
  }

  public AmrOptions withBaseBoxSize(int n) {
    return checked(ratios, ghostWidth, nestingBuffer, flagBuffer, interpolation, n, cluster);
  }

  public AmrOptions withCluster(ClusterOptions c) {
    return checked(ratios, ghostWidth, nestingBuffer, flagBuffer, interpolation, baseBoxSize, c);
  }

  public int maxLevel() {
    return ratios.length;
  }

  public int[] ratios() {
    return ratios.clone();
  }

  public int ratio(int level) {
    return ratios[level];
  }

  public int ghostWidth() {
    return ghostWidth;
  }

  public int nestingBuffer() {
    return nestingBuffer;
  }

  public int flagBuffer() {
    return flagBuffer;
  }

  public Interpolation interpolation() {
    return interpolation;
  }

  public int baseBoxSize() {
    return baseBoxSize;
  }

  public ClusterOptions cluster() {
    return cluster;
  }

  @Override
  public String toString() {
    return "AmrOptions[ratios=" + Arrays.toString(ratios) + ", ghost=" + ghostWidth + ", nesting=" + nestingBuffer
        + ", flagBuffer=" + flagBuffer + ", " + interpolation + ", base=" + baseBoxSize + ", " + cluster + "]";
  }
}
