package org.amrbalance.experiments;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.experiments.cli.Args;
import org.amrbalance.experiments.cli.Option;
import org.amrbalance.experiments.cli.UsageException;

/**
 * {@code java -jar experiments/target/amrbalance.jar COMMAND [options]}. Exit status: 0 on success, 1 when the
 * work itself failed, 2 for a bad command line (the message names the bad option).
 */
public final class Launcher {
  private final Map<String, Command> commands = new LinkedHashMap<>();

  public Launcher(List<Command> commands) {
    commands.forEach(c -> this.commands.put(c.name(), c));
  }

  /** The launcher with every built-in subcommand. */
  public static Launcher standard() {
    return new Launcher(Commands.all());
  }

  public static void main(String[] args) {
    System.exit(standard().run(args, System.out, System.err));
  }

  public int run(String[] argv, PrintStream out, PrintStream err) {
    if (argv.length == 0 || argv[0].equals("--help") || argv[0].equals("-h") || argv[0].equals("help")) {
      out.print(usage());
      return argv.length == 0 ? 2 : 0;
    }
    Command command = commands.get(argv[0]);
    if (command == null) {
      err.println("amrbalance: unknown command '" + argv[0] + "' (known: " + String.join(", ", commands.keySet()) + ")");
      return 2;
    }
    String[] rest = Arrays.copyOfRange(argv, 1, argv.length);
    if (Arrays.asList(rest).contains("--help")) {
      out.print(command.help());
      return 0;
    }
    try {
      List<Option> options = new ArrayList<>(command.options());
      return command.run(Args.parse(rest, options), out, err);
    } catch (UsageException e) {
      err.println("amrbalance " + command.name() + ": " + e.getMessage());
      err.println("try: amrbalance " + command.name() + " --help");
      return 2;
    } catch (Exception e) {
      err.println("amrbalance " + command.name() + ": " + e);
      return 1;
    }
  }

  public String usage() {
    StringBuilder s = new StringBuilder("usage: amrbalance COMMAND [options]   (COMMAND --help for its options)\n\n");
    commands.values().forEach(c -> s.append(String.format("  %-14s %s%n", c.name(), c.summary())));
    return s.toString();
  }
}
