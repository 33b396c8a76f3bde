package org.amrbalance.experiments;

import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import picocli.AutoComplete;
import picocli.CommandLine;

/** {@code completion}: a bash (and zsh) completion script for every command and option, written by picocli. */
@CommandLine.Command(name = "completion",
    description = "print a bash/zsh completion script for the alias amrbalance (alias amrbalance=\"java -jar"
        + " /full/path/to/amrbalance.jar\"; source <(amrbalance completion))")
final class CompletionCommand implements Command {
  @Override
  public int run(Invocation call) {
    call.out().print(AutoComplete.bash("amrbalance", call.parsed().commandSpec().root().commandLine()));
    return 0;
  }
}
