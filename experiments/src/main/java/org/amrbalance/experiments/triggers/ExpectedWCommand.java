package org.amrbalance.experiments.triggers;

import javax.annotation.Nullable;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.Values;
import picocli.CommandLine;

/** {@code expected-w}: the exact E[W(n)] of seed 000's MUM model and its minimiser n-hat, as JSON. */
@CommandLine.Command(name = "expected-w", sortOptions = false,
    description = "exact expected losses E(n) and E[W(n)] of the MUM model, and the best remap interval n-hat")
public final class ExpectedWCommand implements Command {
  @CommandLine.Option(names = "--procs", paramLabel = "N", description = "processors (default 8)")
  String procs;

  @CommandLine.Option(names = "--states", paramLabel = "L", description = "states per chain, odd (default 19)")
  String states;

  @CommandLine.Option(names = "--p", paramLabel = "P", description = "move probability (default 0.5)")
  String p;

  @CommandLine.Option(names = "--cost", paramLabel = "C", description = "remap cost (default 2)")
  String cost;

  @CommandLine.Option(names = "--max-n", paramLabel = "n",
      description = "last interval length printed (default max(20, 2 n-hat))")
  String maxN;

  /**
   * The checked options.
   *
   * @param maxN the last interval printed, or null for the default, which depends on n-hat
   */
  record Options(int procs, int states, double p, double cost, @Nullable Integer maxN) {}

  Options options() {
    return new Options(Values.integer("--procs", procs, 8, 1, 1 << 20), TriggerExperiments.states(states),
        Values.number("--p", p, 0.5, 0, 1), Values.number("--cost", cost, 2, 0, 1e300),
        maxN == null ? null : Values.integer("--max-n", maxN, 0, 1, 10_000_000));
  }

  @Override
  public int run(Invocation call) {
    call.out().println(TriggerExperiments.expectedW(options()));
    return 0;
  }
}
