package org.amrbalance.experiments.cli;

/**
 * A subcommand of the launcher: a picocli command class (its {@code @Command} annotation gives the name and the
 * summary, its {@code @Option} fields the values as written), which checks every value in one place, its options
 * record, before it starts any work.
 */
public interface Command {
  /**
   * Runs with the values picocli has set; returns the exit status.
   *
   * @throws org.amrbalance.experiments.cli.UsageException for a bad option or input (exit status 2)
   */
  int run(Invocation call) throws Exception;

  /** Text for the end of {@code --help}, after the names every subcommand lists; none by default. */
  default String helpFooter() {
    return "";
  }
}
