package org.amrbalance.experiments.reproduce;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.experiments.Command;
import org.amrbalance.experiments.cli.Args;
import org.amrbalance.experiments.cli.Option;
import org.amrbalance.experiments.cli.UsageException;

/** {@code reproduce NAME|all [--out DIR] [--quick]}: re-runs papers' experiments into CSV and PNG files. */
public final class ReproduceCommand implements Command {
  private final Map<String, Reproduction> reproductions = new LinkedHashMap<>();

  public ReproduceCommand(List<Reproduction> all) {
    all.forEach(r -> reproductions.put(r.name(), r));
  }

  @Override
  public String name() {
    return "reproduce";
  }

  @Override
  public String summary() {
    return "re-run a paper's experiment (or all) and write CSV and PNG files";
  }

  @Override
  public String synopsis() {
    return "[options] NAME|all";
  }

  @Override
  public List<Option> options() {
    return List.of(
        Option.value("out", "DIR", "folder for CSV and PNG files (default results)"),
        Option.flag("quick", "fewer runs or generations, for a run of minutes"),
        Option.flag("list", "list the experiments and exit"));
  }

  @Override
  public String help() {
    StringBuilder s = new StringBuilder(Command.super.help()).append("\nexperiments:\n");
    reproductions.values().forEach(r -> s.append(String.format("  %-22s %s%n", r.name(), r.description())));
    return s.toString();
  }

  @Override
  public int run(Args args, PrintStream out, PrintStream err) throws Exception {
    if (args.flag("list")) {
      reproductions.values().forEach(r -> out.printf("%-22s %s%n", r.name(), r.description()));
      return 0;
    }
    if (args.positional().size() != 1) {
      throw new UsageException("give one experiment name or 'all' (see --list)");
    }
    String which = args.positional().get(0);
    List<Reproduction> chosen = new ArrayList<>();
    if (which.equals("all")) {
      chosen.addAll(reproductions.values());
    } else if (reproductions.containsKey(which)) {
      chosen.add(reproductions.get(which));
    } else {
      throw new UsageException("unknown experiment '" + which + "' (known: " + reproductions.keySet() + ", all)");
    }
    Path dir = args.path("out", "results");
    Files.createDirectories(dir);
    boolean quick = args.flag("quick");
    for (Reproduction r : chosen) {
      long start = System.nanoTime();
      List<Path> files = r.run(dir, quick, err);
      out.printf("%s: %d files in %.1f s%n", r.name(), files.size(), (System.nanoTime() - start) * 1e-9);
      files.forEach(f -> out.println("  " + f));
    }
    return 0;
  }
}
