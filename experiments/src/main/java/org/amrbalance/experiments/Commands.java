package org.amrbalance.experiments;

import java.util.List;
import org.amrbalance.experiments.balance.BalanceCommand;
import org.amrbalance.experiments.reproduce.BalancerComparison;
import org.amrbalance.experiments.reproduce.ChapterFivePacking;
import org.amrbalance.experiments.reproduce.ChapterThreeSweeps;
import org.amrbalance.experiments.reproduce.ReproduceCommand;
import org.amrbalance.experiments.reproduce.Reproduction;
import org.amrbalance.experiments.triggers.ExpectedWCommand;
import org.amrbalance.experiments.triggers.SimulateCommand;

/** The launcher's built-in subcommands. */
final class Commands {
  private Commands() {}

  static List<Command> all() {
    return List.of(new SimulateCommand(), new ExpectedWCommand(), new BalanceCommand(),
        new ReproduceCommand(reproductions()));
  }

  static List<Reproduction> reproductions() {
    return List.of(
        new ChapterThreeSweeps(),
        new ChapterFivePacking(),
        new BalancerComparison());
  }
}
