package org.amrbalance.balancers.scatter;

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
