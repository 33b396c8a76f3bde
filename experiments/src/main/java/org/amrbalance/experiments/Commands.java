package org.amrbalance.experiments;

import java.util.List;
import org.amrbalance.experiments.balance.BalanceCommand;
import org.amrbalance.experiments.bench.BenchCommand;
import org.amrbalance.experiments.reproduce.ChapterThreeSweeps;
import org.amrbalance.experiments.reproduce.RealHierarchies;
import org.amrbalance.experiments.reproduce.ReproduceCommand;

/** The launcher's built-in subcommands. */
final class Commands {
  private Commands() {}

  static List<Command> all() {
    return List.of(new BalanceCommand(), new ReproduceCommand(List.of(new ChapterThreeSweeps(), new RealHierarchies())),
        new BenchCommand());
  }
}
