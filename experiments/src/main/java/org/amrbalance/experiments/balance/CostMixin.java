package org.amrbalance.experiments.balance;

import java.nio.file.Path;
import javax.annotation.Nullable;
import picocli.CommandLine;

/** The cost options that {@code balance} and {@code advise} share, as given on the command line. */
public final class CostMixin {
  @CommandLine.Option(names = "--subcycling", paramLabel = "on|off",
      description = "work of level L x the steps it takes per level-0 step (product of the ratios above it), as"
          + " AMReX, Enzo and Chombo subcycle by default (default off: every level steps together)")
  @Nullable
  String subcycling;

  @CommandLine.Option(names = "--costs", paramLabel = "FILE",
      description = "measured per-box costs: a CSV with a header and the columns box,cost or level,index,cost, every"
          + " box once (default: the cell count)")
  @Nullable
  String costs;

  @CommandLine.Option(names = "--box-overhead", paramLabel = "W",
      description = "work added to every box, in the units of its work (cells, or the CSV's) (default 0)")
  @Nullable
  String boxOverhead;

  /** The checked options; a bad value is a usage error naming it. */
  public CostOptions options(Path workingDirectory) {
    return CostOptions.parse(subcycling, costs, boxOverhead, workingDirectory);
  }
}
