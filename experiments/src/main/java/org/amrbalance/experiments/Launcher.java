package org.amrbalance.experiments;

import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.readers.HierarchyFormatException;
import org.amrbalance.readers.trace.StepTraceFormatException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * {@code java -jar experiments/target/amrbalance.jar COMMAND [options]}, parsed by picocli: GNU options
 * ({@code --name value} or {@code --name=value}), {@code --help} and {@code --version} on every command. Exit status:
 * 0 on success, 2 for a bad command line or input (one line {@code amrbalance COMMAND: what (where)}), 1 when the
 * work itself failed.
 */
public final class Launcher {
  private static final String NAME = "amrbalance";

  private final List<Command> commands;
  private final Path workingDirectory;
  /**
   * Built once: picocli resets every option to the value its field had when the command line was built, so a
   * launcher that runs several times (as tests do) starts each run afresh.
   */
  private final CommandLine root;

  /**
   * The launcher with these subcommands, resolving relative paths against the process's working directory, the
   * caller's (the empty path keeps them relative, so reports show them as they were typed).
   */
  public Launcher(List<Command> commands) {
    this(commands, Path.of(""));
  }

  /** The launcher with these subcommands, resolving relative paths against {@code workingDirectory}. */
  public Launcher(List<Command> commands, Path workingDirectory) {
    this.commands = List.copyOf(commands);
    this.workingDirectory = workingDirectory;
    this.root = commandLine();
  }

  /** The launcher with every built-in subcommand. */
  public static Launcher standard() {
    return new Launcher(Commands.all());
  }

  public static void main(String[] args) {
    // Charts are drawn off screen; without this AWT would look for a display.
    System.setProperty("java.awt.headless", "true");
    System.exit(standard().run(args, System.out, System.err));
  }

  public int run(String[] argv, PrintStream out, PrintStream err) {
    if (argv.length == 0) {
      out.print(root.getUsageMessage());
      return 2;
    }
    if (argv[0].equals("help")) {
      return help(root, List.of(argv).subList(1, argv.length), out, err);
    }
    ParseResult parsed;
    try {
      parsed = root.parseArgs(argv);
    } catch (ParameterException e) {
      return usageError(e.getCommandLine().getCommandName(), describe(e), true, err);
    }
    ParseResult sub = parsed.subcommand();
    ParseResult asked = sub == null ? parsed : sub;
    if (asked.isUsageHelpRequested()) {
      out.print(asked.commandSpec().commandLine().getUsageMessage());
      return 0;
    }
    if (asked.isVersionHelpRequested()) {
      out.println(NAME + " " + version());
      return 0;
    }
    if (sub == null) {
      return usageError(NAME, "give a command (" + String.join(", ", root.getSubcommands().keySet()) + ")",
          true, err);
    }
    String name = sub.commandSpec().name();
    Command command = (Command) sub.commandSpec().userObject();
    try {
      return command.run(new Invocation(out, err, workingDirectory, sub));
    } catch (UsageException e) {
      return usageError(name, e.getMessage(), e.fromCommandLine(), err);
    } catch (HierarchyFormatException e) {
      return usageError(name, UsageException.of(e).getMessage(), false, err);
    } catch (StepTraceFormatException e) {
      return usageError(name, UsageException.of(e).getMessage(), false, err);
    } catch (FileSystemException e) {
      return usageError(name, reason(e) + " (" + e.getFile() + ")", false, err);
    } catch (IOException | UncheckedIOException e) {
      err.println(NAME + " " + name + ": cannot read or write a file: " + printable(e.getMessage()));
      return 1;
    } catch (Exception e) {
      err.println(NAME + " " + name + ": internal error: " + printable(String.valueOf(e.getMessage()))
          + " (please report it with the command line)");
      return 1;
    }
  }

  /** The root command with every subcommand, each with {@code --help}, {@code --version} and the names footer. */
  private CommandLine commandLine() {
    CommandSpec rootSpec = CommandSpec.create().name(NAME).mixinStandardHelpOptions(true)
        .versionProvider(() -> new String[] {NAME + " " + version()});
    rootSpec.usageMessage().synopsisSubcommandLabel("COMMAND")
        .description("Load balancers and remap triggers for adaptive-mesh-refinement solvers: runs, replays,"
            + " reproductions and benchmarks.")
        .footer("", "Run '" + NAME + " COMMAND --help' for a command's options.");
    CommandLine root = new CommandLine(rootSpec);
    for (Command c : commands) {
      CommandLine sub = new CommandLine(c);
      CommandSpec spec = sub.getCommandSpec();
      spec.mixinStandardHelpOptions(true);
      spec.versionProvider(() -> new String[] {NAME + " " + version()});
      spec.usageMessage().footer(footer(c.helpFooter()));
      root.addSubcommand(sub);
    }
    // GNU tools let a later value of an option win over an earlier one.
    root.setOverwrittenOptionsAllowed(true);
    root.setUsageHelpWidth(100);
    return root;
  }

  /** The usage text of the launcher, listing every command. */
  public String usage() {
    return root.getUsageMessage();
  }

  private int help(CommandLine root, List<String> rest, PrintStream out, PrintStream err) {
    if (rest.isEmpty()) {
      out.print(root.getUsageMessage());
      return 0;
    }
    CommandLine sub = root.getSubcommands().get(rest.get(0));
    if (sub == null) {
      return usageError(NAME, "unknown command; known: " + String.join(", ", root.getSubcommands().keySet())
          + " (" + rest.get(0) + ")", false, err);
    }
    out.print(sub.getUsageMessage());
    return 0;
  }

  /** Every subcommand lists the names the registries know, so that no one needs the source to find them. */
  private static String[] footer(String own) {
    String balancers = "Balancers: " + String.join(", ", BalancingModules.balancerNames()) + ".";
    String triggers = "Triggers: " + String.join(", ", BalancingModules.triggerNames())
        + "; composites any:a,b and all:a,b.";
    return own.isEmpty() ? new String[] {"", balancers, triggers} : new String[] {"", balancers, triggers, "", own};
  }

  private static int usageError(String command, String message, boolean hint, PrintStream err) {
    String who = command.equals(NAME) ? NAME : NAME + " " + command;
    err.println(who + ": " + printable(message));
    if (hint) {
      err.println("try: " + who + " --help");
    }
    return 2;
  }

  /** A picocli parse error in the launcher's words: what is wrong, then the option or argument at fault. */
  static String describe(ParameterException e) {
    if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String arg = u.getUnmatched().get(0);
      if (arg.startsWith("-")) {
        List<String> near = u.getSuggestions();
        return "unknown option" + (near.isEmpty() ? "" : ", did you mean " + String.join(" or ", near) + "?")
            + " (" + arg + ")";
      }
      if (u.getCommandLine().getParent() == null) {
        return "unknown command; known: " + String.join(", ", u.getCommandLine().getSubcommands().keySet())
            + " (" + arg + ")";
      }
      return "unexpected argument (" + arg + ")";
    }
    if (e instanceof CommandLine.MissingParameterException m && !m.getMissing().isEmpty()
        && m.getMissing().get(0) instanceof OptionSpec o) {
      return "needs a value " + o.paramLabel() + " (" + o.longestName() + ")";
    }
    if (e.getArgSpec() instanceof OptionSpec o && o.arity().max() == 0 && e.getValue() != null) {
      return "takes no value" + " (" + o.longestName() + "=" + e.getValue() + ")";
    }
    String m = String.valueOf(e.getMessage());
    return m.isEmpty() ? m : m.substring(0, 1).toLowerCase(Locale.ROOT) + m.substring(1);
  }

  private static String reason(FileSystemException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    return e.getReason() == null ? "cannot be read or written" : e.getReason();
  }

  /**
   * A message as one line of printable text: a bad input can put its own bytes into a message, and raw control
   * bytes would garble the terminal.
   */
  static String printable(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(c -> {
      if (c == '\n' || c == '\r' || c == '\t') {
        b.append(' ');
      } else if (Character.isISOControl(c) || c == 0xfffd) {
        b.append(String.format(Locale.ROOT, "\\x%02x", c & 0xff));
      } else {
        b.appendCodePoint(c);
      }
    });
    return b.toString();
  }

  /** The project version the build wrote into version.properties. */
  static String version() {
    Properties p = new Properties();
    try (InputStream in = Launcher.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // an unreadable resource leaves the version unknown, which --version says
    }
    return p.getProperty("version", "unknown");
  }
}
