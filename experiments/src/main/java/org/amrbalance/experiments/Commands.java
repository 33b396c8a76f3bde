package org.amrbalance.experiments;

import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import java.util.List;
import org.amrbalance.experiments.advise.AdviseCommand;
import org.amrbalance.experiments.advise.PlacementCommand;
import org.amrbalance.experiments.balance.BalanceCommand;
import org.amrbalance.experiments.bench.BenchCommand;
import org.amrbalance.experiments.reproduce.BalancerComparison;
import org.amrbalance.experiments.reproduce.ChapterFivePacking;
import org.amrbalance.experiments.reproduce.ChapterThreeSweeps;
import org.amrbalance.experiments.reproduce.ExpectedWCurves;
import org.amrbalance.experiments.reproduce.FirstRemapsCommand;
import org.amrbalance.experiments.reproduce.FitSpreadCommand;
import org.amrbalance.experiments.reproduce.LoadDependencyFigure;
import org.amrbalance.experiments.reproduce.OptimumVersusStopAtRise;
import org.amrbalance.experiments.reproduce.RealHierarchies;
import org.amrbalance.experiments.reproduce.RemapFrequencyTables;
import org.amrbalance.experiments.reproduce.RepartitionTables;
import org.amrbalance.experiments.reproduce.ReproduceCommand;
import org.amrbalance.experiments.reproduce.Reproduction;
import org.amrbalance.experiments.reproduce.ScatterGranularity;
import org.amrbalance.experiments.reproduce.StopAtRiseVersusFixed;
import org.amrbalance.experiments.timing.LockstepCommand;
import org.amrbalance.experiments.triggers.ExpectedWCommand;
import org.amrbalance.experiments.triggers.ReplayCommand;
import org.amrbalance.experiments.triggers.SimulateCommand;

/** The launcher's built-in subcommands. */
final class Commands {
  private Commands() {}

  static List<Command> all() {
    return List.of(new SimulateCommand(), new ExpectedWCommand(), new ReplayCommand(), new BalanceCommand(),
        new AdviseCommand(), new PlacementCommand(), new ReproduceCommand(reproductions()), new BenchCommand(),
        new LockstepCommand(), new FirstRemapsCommand(), new FitSpreadCommand(), new CompletionCommand());
  }

  static List<Reproduction> reproductions() {
    return List.of(
        new OptimumVersusStopAtRise(),
        new StopAtRiseVersusFixed(),
        new LoadDependencyFigure(),
        new ExpectedWCurves(),
        new RepartitionTables(),
        new RemapFrequencyTables(),
        new org.amrbalance.experiments.reproduce.TriggerComparison(),
        new ScatterGranularity(),
        new ChapterThreeSweeps(),
        new ChapterFivePacking(),
        new BalancerComparison(),
        new RealHierarchies());
  }
}
