package org.amrbalance.experiments;

import java.io.PrintStream;
import java.util.List;
import org.amrbalance.experiments.cli.Args;
import org.amrbalance.experiments.cli.Option;

/** A subcommand of the launcher. */
public interface Command {
  String name();

  /** One line for the launcher's listing. */
  String summary();

  /** What follows the command name in the usage line, e.g. {@code "[options] FIGURE"}. */
  default String synopsis() {
    return "[options]";
  }

  List<Option> options();

  /** Runs with parsed arguments; returns the exit status. Throws UsageException for a bad command line. */
  int run(Args args, PrintStream out, PrintStream err) throws Exception;

  /** The text of {@code --help}. */
  default String help() {
    StringBuilder s = new StringBuilder("usage: amrbalance ").append(name()).append(' ').append(synopsis())
        .append("\n").append(summary()).append("\n\noptions:\n");
    for (Option o : options()) {
      s.append(o.usageLine()).append('\n');
    }
    s.append(Option.flag("help", "print this help").usageLine()).append('\n');
    return s.toString();
  }
}
