package org.amrbalance.experiments.reproduce;

import java.util.LinkedHashMap;
import java.util.Map;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.Values;
import picocli.CommandLine;

/** {@code first-remaps}: how much of the adaptive trigger's loss against a fixed interval its first interval carries. */
@CommandLine.Command(name = "first-remaps", sortOptions = false,
    description = "the adaptive trigger's first remap on a trigger-comparison row: its loss against a fixed interval"
        + " by the step of the first remap, and with the first remap forced")
public final class FirstRemapsCommand implements Command {
  @CommandLine.Option(names = "--row", paramLabel = "MODEL:NOISE",
      description = "a tuning row of reproduce trigger-comparison, e.g. ld:sigma=0.2 (default)")
  String row;

  @CommandLine.Option(names = "--fixed", paramLabel = "M", description = "the fixed interval compared with (default 16)")
  String fixed;

  @CommandLine.Option(names = "--force", paramLabel = "F",
      description = "the step the first remap is forced at (default: the fixed interval)")
  String force;

  @CommandLine.Option(names = "--replicates", paramLabel = "N", description = "tuning replicates (default 1000)")
  String replicates;

  @CommandLine.Option(names = "--bin", paramLabel = "B", description = "steps per row of the table (default 4)")
  String bin;

  /** The tuning rows by their label, model:noise. */
  static Map<String, TriggerComparison.Row> rows() {
    Map<String, TriggerComparison.Row> rows = new LinkedHashMap<>();
    for (TriggerComparison.Row r : TriggerComparison.tuningRows()) {
      rows.put(r.workload().label() + ":" + r.noise().label(), r);
    }
    return rows;
  }

  @Override
  public int run(Invocation call) {
    Map<String, TriggerComparison.Row> rows = rows();
    TriggerComparison.Row r = rows.get(Values.choice("--row", row, "ld:sigma=0.2", rows.keySet()));
    int m = Values.integer("--fixed", fixed, 16, 1, 100_000);
    int f = Values.integer("--force", force, m, 1, 100_000);
    int n = Values.integer("--replicates", replicates, 1000, 2, TriggerComparison.MAX_HELD_OUT);
    int b = Values.integer("--bin", bin, 4, 1, 100_000);
    call.out().print(FirstRemaps.markdown(r, FirstRemaps.run(r, n, m, f), m, f, b));
    return 0;
  }
}
