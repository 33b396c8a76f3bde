package org.amrbalance.experiments.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.cli.Values;
import picocli.CommandLine;

/**
 * {@code reproduce NAME|all [--out DIR] [--quick] [--held-out N]}: re-runs papers' experiments into CSV and PNG
 * files.
 */
@CommandLine.Command(name = "reproduce", sortOptions = false,
    description = "re-run a paper's experiment (or all) and write CSV and PNG files")
public final class ReproduceCommand implements Command {
  private final Map<String, Reproduction> reproductions = new LinkedHashMap<>();

  public ReproduceCommand(List<Reproduction> all) {
    all.forEach(r -> reproductions.put(r.name(), r));
  }

  @CommandLine.Option(names = "--out", paramLabel = "DIR", description = "folder for CSV and PNG files (default results)")
  String out;

  @CommandLine.Option(names = "--quick", description = "fewer runs or generations, for a run of minutes")
  boolean quick;

  @CommandLine.Option(names = "--held-out", paramLabel = "N",
      description = "held-out replicates per row of trigger-comparison, in [2, 10000] (default 500, 20 with --quick)")
  @Nullable
  String heldOut;

  @CommandLine.Option(names = "--list", description = "list the experiments and exit")
  boolean list;

  @CommandLine.Parameters(paramLabel = "NAME|all", arity = "0..*", description = "an experiment (see --list) or all")
  @Nullable
  List<String> names;

  /** The checked options: the experiments to run and the output folder (created, so known writable). */
  record Options(List<Reproduction> chosen, Path out, boolean quick) {}

  Options options(Path workingDirectory) {
    if (names == null || names.size() != 1) {
      throw new UsageException("give one experiment name or 'all' (see --list)",
          names == null ? "NAME|all" : String.join(" ", names));
    }
    String which = names.get(0);
    List<Reproduction> chosen = new ArrayList<>();
    if (which.equals("all")) {
      chosen.addAll(reproductions.values());
    } else if (reproductions.containsKey(which)) {
      chosen.add(reproductions.get(which));
    } else {
      throw new UsageException("unknown experiment; known: " + String.join(", ", reproductions.keySet()) + ", all",
          which);
    }
    if (heldOut != null) {
      int n = Values.integer("--held-out", heldOut, 0, 2, TriggerComparison.MAX_HELD_OUT);
      chosen.replaceAll(r -> r instanceof TriggerComparison t ? t.withHeldOut(n) : r);
    }
    return new Options(chosen, Values.writableFolder("--out", out == null ? "results" : out, workingDirectory), quick);
  }

  @Override
  public String helpFooter() {
    StringBuilder s = new StringBuilder("Experiments:%n");
    reproductions.values().forEach(r -> s.append(String.format("  %-22s %s%%n", r.name(),
        r.description().replace("%", "%%"))));
    return s.toString();
  }

  @Override
  public int run(Invocation call) throws Exception {
    PrintStream out = call.out();
    if (list) {
      reproductions.values().forEach(r -> out.printf("%-22s %s%n", r.name(), r.description()));
      return 0;
    }
    Options o = options(call.workingDirectory());
    for (Reproduction r : o.chosen()) {
      long start = System.nanoTime();
      List<Path> files = r.run(o.out(), o.quick(), call.err());
      out.printf("%s: %d files in %.1f s%n", r.name(), files.size(), (System.nanoTime() - start) * 1e-9);
      files.forEach(f -> out.println("  " + f));
    }
    return 0;
  }
}
