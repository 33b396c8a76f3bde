package org.amrbalance.experiments.triggers;

import java.io.PrintStream;
import java.util.List;
import org.amrbalance.experiments.Command;
import org.amrbalance.experiments.cli.Args;
import org.amrbalance.experiments.cli.Option;

/** {@code expected-w}: the exact E[W(n)] of seed 000's MUM model and its minimiser n-hat, as JSON. */
public final class ExpectedWCommand implements Command {
  @Override
  public String name() {
    return "expected-w";
  }

  @Override
  public String summary() {
    return "exact expected losses E(n) and E[W(n)] of the MUM model, and the best remap interval n-hat";
  }

  @Override
  public List<Option> options() {
    return List.of(
        Option.value("procs", "N", "processors (default 8)"),
        Option.value("states", "L", "states per chain (default 19)"),
        Option.value("p", "P", "move probability (default 0.5)"),
        Option.value("cost", "C", "remap cost (default 2)"),
        Option.value("max-n", "n", "last interval length printed (default max(20, 2 n-hat))"));
  }

  @Override
  public int run(Args args, PrintStream out, PrintStream err) {
    out.println(TriggerExperiments.expectedW(args));
    return 0;
  }
}
