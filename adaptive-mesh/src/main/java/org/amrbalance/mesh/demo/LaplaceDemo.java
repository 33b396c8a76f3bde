package org.amrbalance.mesh.demo;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLaunchException;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.amrbalance.mesh.runtime.RunOptions;

/**
 * The README's demo: the moving Laplace example (a hot spot travelling along the bottom edge, exact solution
 * known) on the distributed runtime, started on MPJ Express ranks by {@link MpjLauncher}. Every rank runs
 * {@link LaplaceDemoProgram}; rank 0 prints one progress line per step and a summary, and writes a PNG and a
 * VTK set.
 */
public final class LaplaceDemo {
  static final String USAGE = String.join("\n",
      "Usage: demo [--ranks P] [--balancer NAME] [--trigger NAME] [--steps N] [--device multicore|niodev]",
      "            [--lmax L] [--output DIR] [--set KEY=VALUE]... [--checkpoint-every N] [--restart FILE]",
      "            [--remap-timeout SECONDS] [--base CELLS] [--box CELLS] [--sweeps N] [--regrid N]",
      "            [--min-box CELLS] [--max-box CELLS] [--calibrate true|false]",
      "            [--trace FILE] [--progress N] [--bench [--json]] [--help]",
      "  Solves Laplace's equation on the unit square with a hot spot on the bottom edge (exact solution",
      "  known), refining by Berger-Rigoutsos clustering, then moves the spot along the edge for N steps on P",
      "  MPJ Express ranks; a balancing service on every rank remaps when the trigger says so.",
      "  --ranks P       ranks (default 4)",
      "  --balancer NAME how grids are spread over the ranks (default knapsack)",
      "  --trigger NAME  when they are spread again (default " + BalancingModules.DEFAULT_TRIGGER + ")",
      "  --steps N       outer steps, the spot moving 0.01 per step (default 40, 0 = static only)",
      "  --device D      multicore (ranks as threads of one JVM, default) or niodev (processes over TCP)",
      "  --lmax L        deepest refinement level, ratio 2 per level (default 3)",
      "  --output DIR    where laplace.png, laplace.vthb and laplace/*.vti go (default target/amr-demo)",
      "  --set KEY=VALUE a balancer, trigger or service setting, e.g. amrbalance.fixed-interval.m=5 or",
      "                  amrbalance.service.bad-step-times=skip (repeatable)",
      "  --checkpoint-every N  write DIR/run.ckpt atomically after every N-th step (default 0: never)",
      "  --restart FILE  continue from a checkpoint, on any number of ranks, to step N",
      "  --remap-timeout SECONDS  how long a remap waits for a rank's grid data (default: no limit); with it,",
      "                  a remap that fails or times out is undone on every rank and the run goes on",
      "  --base CELLS    level-0 cells per side (default 32); --box CELLS: largest level-0 box side (default 16)",
      "  --sweeps N      red-black sweeps per level and leg of a step's V-cycle (default 20)",
      "  --regrid N      regrid every N steps (default 2)",
      "  --min-box CELLS, --max-box CELLS  smallest and largest box side on refined levels (default 2, 32)",
      "  --calibrate B   patch work calibrated from the measured sweeps (default true)",
      "  --progress N    a progress line every N steps (default 1; the last step always has one)",
      "  --trace FILE    writes every step's per-rank times, the regrids and the remaps with their measured cost",
      "                  to FILE (CSV step,rank,seconds; gzip if FILE ends .gz) for amrbalance.jar replay",
      "  --bench         runs the moving example on 1 and 2 ranks (4 with 4 cores or more), static (balanced once,",
      "                  new grids following their data) and dynamic (the trigger), and prints each run's time per",
      "                  step, speedup, efficiency, utilization, remaps and time per phase; DIR/bench.png plots the",
      "                  time per step, and first the ceiling two cores allow the sweep kernel. Without --base,",
      "                  128 x 128 cells on level 0 in boxes of 32.",
      "  --json          with --bench: one JSON object per line",
      "  --help          this text");

  private LaplaceDemo() {}

  /** Parsed arguments. */
  record Args(int ranks, String balancer, String trigger, int steps, MpjDevice device, int lmax, Path output,
      List<String> settings, int checkpointEvery, @javax.annotation.Nullable Path restart,
      Optional<Duration> remapTimeout, boolean help, int base, int box, int sweeps, boolean calibrate,
      boolean bench, boolean json, @javax.annotation.Nullable Path trace, RunOptions solverOptions, int progress) {
    static Args parse(String... args) {
      int ranks = 4;
      String balancer = "knapsack";
      String trigger = BalancingModules.DEFAULT_TRIGGER;
      int steps = 40;
      MpjDevice device = MpjDevice.MULTICORE;
      int lmax = 3;
      Path output = Path.of("target", "amr-demo");
      boolean help = false;
      RunOptions run = RunOptions.defaults();
      List<String> settings = new ArrayList<>();
      int checkpointEvery = 0;
      Path restart = null;
      int base = 0;
      int box = 16;
      int sweeps = RunOptions.defaults().sweepsPerStep();
      boolean calibrate = true;
      boolean bench = false;
      boolean json = false;
      Path trace = null;
      int progress = 1;
      for (int k = 0; k < args.length; k++) {
        String a = args[k];
        switch (a) {
          case "--help", "-h" -> help = true;
          case "--ranks" -> ranks = intValue(a, args, ++k, 1, 64);
          case "--balancer" -> balancer = value(a, args, ++k);
          case "--trigger" -> trigger = value(a, args, ++k);
          case "--steps" -> steps = intValue(a, args, ++k, 0, 100_000);
          case "--device" -> device = MpjDevice.parse(value(a, args, ++k));
          case "--lmax" -> lmax = intValue(a, args, ++k, 0, 6);
          case "--output" -> output = Path.of(value(a, args, ++k));
          case "--set" -> settings.add(setting(value(a, args, ++k)));
          case "--checkpoint-every" -> checkpointEvery = intValue(a, args, ++k, 0, 100_000);
          case "--restart" -> restart = Path.of(value(a, args, ++k));
          case "--remap-timeout", "--regrid", "--min-box", "--max-box" ->
              run = RunOptions.parse(run, List.of(a, value(a, args, ++k)));
          case "--base" -> base = intValue(a, args, ++k, 8, 4096);
          case "--box" -> box = intValue(a, args, ++k, 4, 4096);
          case "--sweeps" -> sweeps = intValue(a, args, ++k, 1, 10_000);
          case "--calibrate" -> calibrate = RunOptions.parse(List.of(a, value(a, args, ++k))).calibrate();
          case "--progress" -> progress = intValue(a, args, ++k, 1, 100_000);
          case "--bench" -> bench = true;
          case "--json" -> json = true;
          case "--trace" -> trace = Path.of(value(a, args, ++k));
          default -> throw new IllegalArgumentException("unknown argument '" + a + "' (try --help)");
        }
      }
      if (!help && !BalancingModules.balancerNames().contains(balancer)) {
        throw new IllegalArgumentException("--balancer = " + balancer + ": unknown balancer; known: "
            + BalancingModules.balancerNames());
      }
      if (!help && !BalancingModules.triggerNames().contains(trigger)) {
        throw new IllegalArgumentException("--trigger = " + trigger + ": unknown trigger; known: "
            + BalancingModules.triggerNames());
      }
      if (!help && restart != null && !java.nio.file.Files.isRegularFile(restart)) {
        throw new IllegalArgumentException("--restart = " + restart + ": no such file");
      }
      if (json && !bench) {
        throw new IllegalArgumentException("--json: only with --bench");
      }
      if (trace != null && bench) {
        throw new IllegalArgumentException("--trace: not with --bench");
      }
      if (trace != null && java.nio.file.Files.isDirectory(trace)) {
        throw new IllegalArgumentException("--trace = " + trace + ": is a directory");
      }
      if (base > 0 && box > base) {
        throw new IllegalArgumentException("--box = " + box + ": must be at most --base = " + base);
      }
      return new Args(ranks, balancer, trigger, steps, device, lmax, output, List.copyOf(settings), checkpointEvery,
          restart, run.remapTimeout(), help, base, box, sweeps, calibrate, bench, json, trace, run, progress);
    }

    private static String setting(String s) {
      int eq = s.indexOf('=');
      if (eq <= 0 || !s.startsWith("amrbalance.")) {
        throw new IllegalArgumentException("--set = " + s + ": must be KEY=VALUE with a key starting amrbalance.");
      }
      return s;
    }

    /** The run these arguments describe (without the demo's own output options). */
    RunOptions runOptions() {
      RunOptions o = solverOptions.withSteps(steps).withLmax(lmax).withBalancer(balancer).withTrigger(trigger)
          .withSweepsPerStep(sweeps).withCalibration(calibrate);
      return base > 0 ? o.withBaseGrid(base, box) : o;
    }

    /** The arguments of {@link LaplaceDemoProgram} on every rank. */
    List<String> programArgs() {
      List<String> a = new ArrayList<>(List.of("--output", output.toAbsolutePath().toString()));
      if (progress != 1) {
        a.addAll(List.of("--progress", Integer.toString(progress)));
      }
      if (checkpointEvery > 0) {
        a.addAll(List.of("--checkpoint-every", Integer.toString(checkpointEvery), "--checkpoint",
            output.resolve("run.ckpt").toAbsolutePath().toString()));
      }
      if (restart != null) {
        a.addAll(List.of("--restart", restart.toAbsolutePath().toString()));
      }
      if (trace != null) {
        a.addAll(List.of("--trace", trace.toAbsolutePath().toString()));
      }
      RunOptions o = runOptions();
      if (remapTimeout.isPresent()) {
        o = o.withRemapTimeout(remapTimeout.get());
      }
      for (String s : settings) {
        int eq = s.indexOf('=');
        o = o.withSetting(s.substring(0, eq), s.substring(eq + 1));
      }
      a.addAll(o.toArgs());
      return a;
    }

    private static String value(String name, String[] args, int k) {
      if (k >= args.length) {
        throw new IllegalArgumentException(name + ": needs a value");
      }
      return args[k];
    }

    private static int intValue(String name, String[] args, int k, int min, int max) {
      String s = value(name, args, k);
      int v;
      try {
        v = Integer.parseInt(s);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(name + " = " + s + ": not a whole number", e);
      }
      if (v < min || v > max) {
        throw new IllegalArgumentException(name + " = " + v + ": must be in [" + min + ", " + max + "]");
      }
      return v;
    }
  }

  public static void main(String[] args) {
    int code;
    try {
      code = run(System.out, args);
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.err.println(USAGE);
      code = 2;
    } catch (MpjLaunchException | IllegalStateException e) {
      System.err.println("error: " + e.getMessage());
      code = 1;
    }
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs the demo, the ranks' output echoed to {@code out}; returns the exit code. */
  static int run(PrintStream out, String... argv) {
    Args args = Args.parse(argv);
    if (args.help()) {
      out.println(USAGE);
      return 0;
    }
    if (args.bench()) {
      return DemoBenchmark.run(out, args);
    }
    RunOptions o = args.runOptions();
    out.printf(Locale.ROOT, "Laplace AMR demo: %dx%d level 0, up to level %d (ratio 2), hot spot width 0.05,"
        + " %d ranks on MPJ Express (%s), balancer %s, trigger %s%n", o.baseCells(), o.baseCells(), args.lmax(),
        args.ranks(), args.device().mpjName(), args.balancer(), args.trigger());
    LaunchResult result = MpjLauncher.locate().withRanks(args.ranks()).withDevice(args.device())
        .withTimeout(Duration.ofMinutes(30)).withEcho(out::println)
        .launch(LaplaceDemoProgram.class, args.programArgs());
    result.orThrow();
    out.printf(Locale.ROOT, "  %d ranks (%s) finished in %.1f s%n", args.ranks(), args.device().mpjName(),
        result.elapsed().toMillis() / 1e3);
    return 0;
  }
}
