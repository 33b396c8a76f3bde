package org.amrbalance.balancers.scatter;

import java.util.Arrays;
import java.util.Objects;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;
import org.amrbalance.spi.internal.Checks;

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
 *
 * <p>A record over an array: equals, hashCode and toString compare and show the processor grid's extents, and the
 * grid is copied in and out.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record ScatterOptions(int blocksPerProcessor, ProcessorLayout layout, @Nullable int[] processorGrid,
    boolean latticeFromHierarchy) {
  /** How {@link ScatterBalancer} arranges the ranks as a processor grid over the domain's axes. */
  public enum ProcessorLayout {
    /**
     * On a 2-D mesh machine with a 2-D domain, the mesh itself ({@code p} columns along axis 0, {@code q} rows
     * along axis 1). Otherwise the prime factors of the rank count, largest first, each multiply the extent
     * of the axis with the most domain cells per processor coordinate (the lowest axis on a tie), so the
     * processor grid follows the domain's shape.
     */
    AUTO,
    /** Hyper-strips (seed 004 §2): all ranks along the domain's longest axis (the lowest on a tie), one along the others. */
    STRIPS
  }

  public static final Option<Integer> BLOCKS_PER_PROCESSOR = Option.integer("blocks-per-processor", 4, 1, 65536,
      "granularity k: blocks per processor coordinate and axis");
  public static final Option<ProcessorLayout> LAYOUT = Option.choice("layout", ProcessorLayout.AUTO,
      "how ranks form a processor grid");
  public static final Option<Boolean> LATTICE_FROM_HIERARCHY = Option.flag("lattice-from-hierarchy", true,
      "choose the block lattice (level) and granularity (k to 8k) from the hierarchy; false: level-0 lattice,"
          + " granularity k, as before");
  private static final ScatterOptions DEFAULTS = new ScatterOptions(BLOCKS_PER_PROCESSOR.defaultValue(),
      LAYOUT.defaultValue(), null, LATTICE_FROM_HIERARCHY.defaultValue());
  private static final String EXTENTS = "needs 1 to 3 extents";

  public ScatterOptions {
    BLOCKS_PER_PROCESSOR.check(blocksPerProcessor);
    Checks.check(layout != null, "layout", null, "must be one of AUTO, STRIPS");
    if (processorGrid != null) {
      Checks.check(processorGrid.length >= 1 && processorGrid.length <= 3, "processorGrid",
          Arrays.toString(processorGrid), EXTENTS);
      Checks.check(Arrays.stream(processorGrid).allMatch(q -> q >= 1), "processorGrid",
          Arrays.toString(processorGrid), "extents must be >= 1");
      processorGrid = processorGrid.clone();
    }
  }

  public ScatterOptions withLatticeFromHierarchy(boolean on) {
    return new ScatterOptions(blocksPerProcessor, layout, processorGrid, on);
  }

  public static ScatterOptions defaults() {
    return DEFAULTS;
  }

  public ScatterOptions withBlocksPerProcessor(int k) {
    return new ScatterOptions(k, layout, processorGrid, latticeFromHierarchy);
  }

  public ScatterOptions withLayout(ProcessorLayout newLayout) {
    return new ScatterOptions(blocksPerProcessor, newLayout, processorGrid, latticeFromHierarchy);
  }

  public ScatterOptions withProcessorGrid(int... grid) {
    Checks.check(grid != null, "processorGrid", null, EXTENTS);
    return new ScatterOptions(blocksPerProcessor, layout, grid, latticeFromHierarchy);
  }

  public ScatterOptions withoutProcessorGrid() {
    return new ScatterOptions(blocksPerProcessor, layout, null, latticeFromHierarchy);
  }

  /** The explicit processor grid (a copy), or null if the layout decides. */
  @Override
  @Nullable
  public int[] processorGrid() {
    return processorGrid == null ? null : processorGrid.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ScatterOptions other && other.blocksPerProcessor == blocksPerProcessor
        && other.layout == layout && Arrays.equals(other.processorGrid, processorGrid)
        && other.latticeFromHierarchy == latticeFromHierarchy;
  }

  @Override
  public int hashCode() {
    return Objects.hash(blocksPerProcessor, layout, Arrays.hashCode(processorGrid), latticeFromHierarchy);
  }

  @Override
  public String toString() {
    return "ScatterOptions[blocksPerProcessor=" + blocksPerProcessor + ", layout=" + layout + ", processorGrid="
        + Arrays.toString(processorGrid) + ", latticeFromHierarchy=" + latticeFromHierarchy + "]";
  }
}
