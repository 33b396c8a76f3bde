package org.amrbalance.mesh.grid;

import java.util.Arrays;
import java.util.Objects;
import org.amrbalance.mesh.cluster.ClusterOptions;
import org.amrbalance.spi.internal.Checks;

/**
 * The shape rules of a grid hierarchy: the deepest level, the refinement ratio of each level (2 or 4), the
 * ghost width, the proper-nesting buffer (coarse cells between a fine level and the edge of its parent
 * level), how far flags are widened before clustering, the interpolation from parents, the largest side of a
 * level-0 block, and the clustering limits (in cells of the level being flagged).
 *
 * <p>A record over an array: equals, hashCode and toString compare and show the ratios, and they are copied in and
 * out.
 *
 * @param ratios {@code ratios[l]} refines level l into level l+1, each 2 or 4; the length is the deepest level
 * @param ghostWidth ghost layers, 1 or 2
 * @param nestingBuffer coarse cells between a fine level and the edge of its parent level, at least what the
 *     interpolation needs
 * @param flagBuffer cells by which flags are widened before clustering, ≥ 0
 * @param interpolation the interpolation from parents (not null)
 * @param baseBoxSize the largest side of a level-0 block, ≥ max(ghostWidth, 2)
 * @param cluster the clustering limits (not null)
 */
public record AmrOptions(int[] ratios, int ghostWidth, int nestingBuffer, int flagBuffer, Interpolation interpolation,
    int baseBoxSize, ClusterOptions cluster) {
  public AmrOptions {
    ratios = Checks.notNull("ratios", ratios).clone();
    for (int l = 0; l < ratios.length; l++) {
      Checks.check(ratios[l] == 2 || ratios[l] == 4, "ratio[" + l + "]", ratios[l], "refinement ratio must be 2 or 4");
    }
    Checks.check(ghostWidth >= 1 && ghostWidth <= 2, "ghostWidth", ghostWidth, "must be 1 or 2");
    Checks.notNull("interpolation", interpolation);
    Checks.check(nestingBuffer >= interpolation.minNestingBuffer(), "nestingBuffer", nestingBuffer,
        interpolation + " needs at least " + interpolation.minNestingBuffer());
    Checks.nonNegative("flagBuffer", flagBuffer);
    Checks.atLeast("baseBoxSize", baseBoxSize, Math.max(ghostWidth, 2));
    Checks.notNull("cluster", cluster);
  }

  /**
   * Up to level 2 with ratio 2, two ghost layers (a red-black sweep then needs one exchange, not two), nesting
   * buffer 2, flag buffer 1, biquadratic, 32-cell base blocks.
   */
  public static AmrOptions defaults() {
    return new AmrOptions(new int[] {2, 2}, 2, 2, 1, Interpolation.BIQUADRATIC, 32, ClusterOptions.defaults());
  }

  /** The same ratio {@code ratio} for levels 1..{@code maxLevel}, maxLevel ≥ 0. */
  public AmrOptions withLevels(int maxLevel, int ratio) {
    int[] r = new int[Checks.nonNegative("maxLevel", maxLevel)];
    Arrays.fill(r, ratio);
    return new AmrOptions(r, ghostWidth, nestingBuffer, flagBuffer, interpolation, baseBoxSize, cluster);
  }

  /** {@code ratios[l]} refines level l into level l+1; the length is the deepest level. */
  public AmrOptions withRatios(int... r) {
    return new AmrOptions(r, ghostWidth, nestingBuffer, flagBuffer, interpolation, baseBoxSize, cluster);
  }

  public AmrOptions withGhostWidth(int g) {
    return new AmrOptions(ratios, g, nestingBuffer, flagBuffer, interpolation, baseBoxSize, cluster);
  }

  public AmrOptions withNestingBuffer(int b) {
    return new AmrOptions(ratios, ghostWidth, b, flagBuffer, interpolation, baseBoxSize, cluster);
  }

  public AmrOptions withFlagBuffer(int b) {
    return new AmrOptions(ratios, ghostWidth, nestingBuffer, b, interpolation, baseBoxSize, cluster);
  }

  /** The interpolation from parents; the nesting buffer grows to what it needs. */
  public AmrOptions withInterpolation(Interpolation i) {
    return new AmrOptions(ratios, ghostWidth, Math.max(nestingBuffer, i == null ? 0 : i.minNestingBuffer()),
        flagBuffer, i, baseBoxSize, cluster);
  }

  public AmrOptions withBaseBoxSize(int n) {
    return new AmrOptions(ratios, ghostWidth, nestingBuffer, flagBuffer, interpolation, n, cluster);
  }

  public AmrOptions withCluster(ClusterOptions c) {
    return new AmrOptions(ratios, ghostWidth, nestingBuffer, flagBuffer, interpolation, baseBoxSize, c);
  }

  /** The deepest level. */
  public int maxLevel() {
    return ratios.length;
  }

  /** A copy of the refinement ratios. */
  @Override
  public int[] ratios() {
    return ratios.clone();
  }

  public int ratio(int level) {
    return ratios[level];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AmrOptions a && Arrays.equals(a.ratios, ratios) && a.ghostWidth == ghostWidth
        && a.nestingBuffer == nestingBuffer && a.flagBuffer == flagBuffer && a.interpolation == interpolation
        && a.baseBoxSize == baseBoxSize && a.cluster.equals(cluster);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(ratios), ghostWidth, nestingBuffer, flagBuffer, interpolation, baseBoxSize,
        cluster);
  }

  @Override
  public String toString() {
    return "AmrOptions[ratios=" + Arrays.toString(ratios) + ", ghostWidth=" + ghostWidth + ", nestingBuffer="
        + nestingBuffer + ", flagBuffer=" + flagBuffer + ", interpolation=" + interpolation + ", baseBoxSize="
        + baseBoxSize + ", cluster=" + cluster + "]";
  }
}
