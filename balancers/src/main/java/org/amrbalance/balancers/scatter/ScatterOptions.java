package org.amrbalance.balancers.scatter;

import java.util.Arrays;
import java.util.Objects;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;

/**
 * Settings of {@link ScatterBalancer}.
 *
 * <ul>
 *   <li>{@code blocksPerProcessor}: the granularity k. Along an axis with q processor coordinates the
 *       domain is cut into k * q equal blocks (never more than its cells), so each processor coordinate gets k
 *       blocks per axis. k = 1 is the block (contiguous) decomposition; the paper's degree d with
 *       n = 2^d clusters on P = 2^p processors is k = 2^(d-p). Default 4.
 *   <li>{@code layout}: how the ranks form a processor grid (default {@link ProcessorLayout#AUTO}).
 *   <li>{@code processorGrid}: an explicit processor grid, one extent per domain axis, whose product must be
 *       the rank count; overrides the layout when set (default none).
 *   <li>{@code fromHierarchy}: the block lattice chosen from the hierarchy (default on): the blocks lie on the cells
 *       of the coarsest level that has as many cells as blocks along every axis, and the granularity is k, 2k, 4k
 *       or 8k, the finer only if it raises the level-synchronous efficiency by 5% (each doubling multiplies the pieces). Off: the papers'
 *       level-0 lattice with granularity k, as before.
 * </ul>
 */
@Immutable
public final class ScatterOptions {
  private static final ScatterOptions DEFAULTS = new ScatterOptions(4, ProcessorLayout.AUTO, null, true);

  private final int blocksPerProcessor;
  private final ProcessorLayout layout;
  @Nullable private final int[] processorGrid;
  private final boolean fromHierarchy;

  private ScatterOptions(int blocksPerProcessor, ProcessorLayout layout, @Nullable int[] processorGrid,
      boolean fromHierarchy) {
    this.blocksPerProcessor = blocksPerProcessor;
    this.layout = layout;
    this.processorGrid = processorGrid;
    this.fromHierarchy = fromHierarchy;
  }

  /** Whether the block lattice and granularity are chosen from the hierarchy (see the class comment). */
  public ScatterOptions withLatticeFromHierarchy(boolean on) {
    return new ScatterOptions(blocksPerProcessor, layout, processorGrid, on);
  }

  public boolean latticeFromHierarchy() {
    return fromHierarchy;
  }

  public static ScatterOptions defaults() {
    return DEFAULTS;
  }

  public ScatterOptions withBlocksPerProcessor(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("blocksPerProcessor = " + k + ": must be >= 1");
    }
    return new ScatterOptions(k, layout, processorGrid, fromHierarchy);
  }

  public ScatterOptions withLayout(ProcessorLayout newLayout) {
    if (newLayout == null) {
      throw new IllegalArgumentException("layout = null: must be one of AUTO, STRIPS");
    }
    return new ScatterOptions(blocksPerProcessor, newLayout, processorGrid, fromHierarchy);
  }

  /** An explicit processor grid (1 to 3 extents, each >= 1); checked against the rank count when balancing. */
  public ScatterOptions withProcessorGrid(int... grid) {
    if (grid == null || grid.length < 1 || grid.length > 3) {
      throw new IllegalArgumentException("processorGrid = " + Arrays.toString(grid) + ": needs 1 to 3 extents");
    }
    for (int q : grid) {
      if (q < 1) {
        throw new IllegalArgumentException("processorGrid = " + Arrays.toString(grid) + ": extents must be >= 1");
      }
    }
    return new ScatterOptions(blocksPerProcessor, layout, grid.clone(), fromHierarchy);
  }

  /** The same options without an explicit processor grid. */
  public ScatterOptions withoutProcessorGrid() {
    return new ScatterOptions(blocksPerProcessor, layout, null, fromHierarchy);
  }

  public int blocksPerProcessor() {
    return blocksPerProcessor;
  }

  public ProcessorLayout layout() {
    return layout;
  }

  /** The explicit processor grid, or null if the layout decides. */
  @Nullable
  public int[] processorGrid() {
    return processorGrid == null ? null : processorGrid.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ScatterOptions other && other.blocksPerProcessor == blocksPerProcessor
        && other.layout == layout && Arrays.equals(other.processorGrid, processorGrid)
        && other.fromHierarchy == fromHierarchy;
  }

  @Override
  public int hashCode() {
    return Objects.hash(blocksPerProcessor, layout, Arrays.hashCode(processorGrid), fromHierarchy);
  }

  @Override
  public String toString() {
    return "ScatterOptions[blocksPerProcessor=" + blocksPerProcessor + ", layout=" + layout
        + (processorGrid == null ? "" : ", processorGrid=" + Arrays.toString(processorGrid)) + ", fromHierarchy="
        + fromHierarchy + "]";
  }
}
