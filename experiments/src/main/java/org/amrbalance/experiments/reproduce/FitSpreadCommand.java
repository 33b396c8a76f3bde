package org.amrbalance.experiments.reproduce;

import java.util.List;
import java.util.Map;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.Values;
import picocli.CommandLine;

/** {@code fit-spread}: how closely the adaptive trigger's learned growth follows the steps, against maximum likelihood. */
@CommandLine.Command(name = "fit-spread", sortOptions = false,
    description = "how well one run's steps pin the load model's growth: the adaptive trigger's learned estimate"
        + " against maximum likelihood on the same steps, drawn from the model it learned on a comparison row")
public final class FitSpreadCommand implements Command {
  @CommandLine.Option(names = "--row", paramLabel = "MODEL:NOISE",
      description = "a tuning row of reproduce trigger-comparison whose learned model is drawn from (default"
          + " random-walk:sigma=0.2)")
  String row;

  @CommandLine.Option(names = "--runs", paramLabel = "N",
      description = "tuning runs of the row whose learned models are averaged (default 100)")
  String runs;

  @CommandLine.Option(names = "--interval", paramLabel = "M",
      description = "steps between remaps, also the horizon of the growth (default 40)")
  String interval;

  @CommandLine.Option(names = "--intervals", paramLabel = "K,...",
      description = "after how many intervals both estimates are taken (default 2,5,10)")
  String intervals;

  @CommandLine.Option(names = "--ranks", paramLabel = "P", description = "ranks (default 16)")
  String ranks;

  @CommandLine.Option(names = "--replicates", paramLabel = "N", description = "replicates (default 200)")
  String replicates;

  @CommandLine.Option(names = "--seed", paramLabel = "S", description = "first replicate's seed (default 1)")
  String seed;

  @Override
  public int run(Invocation call) {
    Map<String, TriggerComparison.Row> rows = FirstRemapsCommand.rows();
    TriggerComparison.Row r = rows.get(Values.choice("--row", row, "random-walk:sigma=0.2", rows.keySet()));
    int n = Values.integer("--runs", runs, 100, 1, 100_000);
    int m = Values.integer("--interval", interval, 40, 2, 400);
    List<Integer> k = Values.integers("--intervals", intervals, List.of(2, 5, 10), 1, 1000).stream().distinct()
        .sorted().toList();
    int p = Values.integer("--ranks", ranks, 16, 2, 4096);
    int reps = Values.integer("--replicates", replicates, 200, 2, 100_000);
    long s = Values.integer("--seed", seed, 1, 0, Integer.MAX_VALUE);
    FitSpread.Model truth = FitSpread.pooled(r, n);
    call.out().print(FitSpread.markdown(r, n, truth, p, m, s, FitSpread.run(truth, p, m, k, reps, s)));
    return 0;
  }
}
