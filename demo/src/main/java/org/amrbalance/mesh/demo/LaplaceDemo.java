package org.amrbalance.mesh.demo;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.Machines;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLaunchException;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.amrbalance.mesh.mpi.RemoteShell;
import org.amrbalance.mesh.runtime.Checkpoint;
import org.amrbalance.mesh.runtime.CheckpointExpectation;
import org.amrbalance.mesh.runtime.RunOptions;
import picocli.CommandLine;

/**
 * The README's demo: the moving Laplace example (a hot spot travelling along the bottom edge, exact solution
 * known) on the distributed runtime, started on MPJ Express ranks by {@link MpjLauncher}. Every rank runs
 * {@link LaplaceDemoProgram}; rank 0 prints one progress line per step and a summary, and writes a PNG and a
 * VTK set.
 */
public final class LaplaceDemo {
  static final String USAGE = String.join("\n",
      "Usage: demo [--ranks P] [--balancer NAME] [--trigger NAME] [--steps N] [--device multicore|niodev]",
      "            [--problem moving|small] [--lmax L] [--output DIR] [--set KEY=VALUE]... [--checkpoint-every N]",
      "            [--restart FILE] [--device niodev [--machines FILE [--remote-shell CMD] [--job-dir DIR]] [--supervise [--loss-after SECONDS]]]",
      "            [--remap-timeout SECONDS] [--base CELLS] [--box CELLS] [--sweeps N] [--regrid N]",
      "            [--min-box CELLS] [--max-box CELLS] [--calibrate true|false]",
      "            [--trace FILE] [--write-hierarchy DIR] [--progress N] [--bench [--json] [--warmup N] [--repeat N]]",
      "            [--help]",
      "  Solves Laplace's equation on the unit square with a hot spot on the bottom edge (exact solution",
      "  known), refining by Berger-Rigoutsos clustering, then moves the spot along the edge for N steps on P",
      "  MPJ Express ranks; a balancing service on every rank remaps when the trigger says so.",
      "  --ranks P       ranks (default: 4, or the machine's cores if fewer)",
      "  --problem NAME  moving (default: 640 x 640 level 0 in boxes of 160, levels 0..2, 60 sweeps, regrid every 4",
      "                  steps, refined boxes of 16 to 128 cells: a step is mostly sweeping and remaps pay) or small",
      "                  (32 x 32 in boxes of 16, levels 0..3, 20 sweeps, regrid every 2, boxes of 2 to 32: seconds);",
      "                  the options below override its values",
      "  --balancer NAME how grids are spread over the ranks (default sfc-hilbert: a space-filling curve, as",
      "                  AMReX's default, so each rank holds a region and the moving spot carries work across",
      "                  ranks; the library's own default is knapsack)",
      "  --trigger NAME  when they are spread again (default " + BalancingModules.DEFAULT_TRIGGER + ")",
      "  --steps N       outer steps, the spot moving 0.01 per step (default 80: along the edge and back; with",
      "                  --bench 160; 0 = static only)",
      "  --device D      multicore (ranks as threads of one JVM, default) or niodev (processes over TCP)",
      "  --machines FILE with niodev: run the ranks on the hosts FILE lists (one per line, rank r on line r mod",
      "                  lines); each host is checked, gets an MPJ daemon for this job only, and is cleaned up after",
      "                  (docs/mpj-express.md: a shared folder, names that resolve, the ports and who can use them)",
      "  --remote-shell CMD  how a host is reached, called as CMD HOST COMMAND (default: ssh -o BatchMode=yes)",
      "  --job-dir DIR   where cluster job folders are made; every host must see it at the same path (default",
      "                  OUTPUT/jobs)",
      "  --supervise     with niodev: when a rank or a host is lost (no heartbeat for 3 s, or a host's daemon not",
      "                  answering), stop, and go on from the last checkpoint on the ranks and hosts that remain",
      "                  (checkpoints every 5 steps unless --checkpoint-every says otherwise)",
      "  --loss-after SECONDS  with --supervise: how long a rank may go without a heartbeat before it counts as",
      "                  lost (default 3; raise it where a JVM may pause that long)",
      "  --lmax L        deepest refinement level, ratio 2 per level",
      "  --output DIR    where laplace.png, laplace.vthb and laplace/*.vti go (default target/amr-demo)",
      "  --set KEY=VALUE a balancer, trigger or service setting, e.g. amrbalance.fixed-interval.m=5 or",
      "                  amrbalance.service.bad-step-times=skip (repeatable)",
      "  --checkpoint-every N  write DIR/run.ckpt atomically after every N-th step, the one it replaces kept",
      "                  as DIR/run.ckpt.prev (default 0: never)",
      "  --restart FILE  continue from a checkpoint, on any number of ranks, to step N; a torn checkpoint, or",
      "                  one of another problem, levels, sweeps, regrid interval or box sizes, is refused",
      "  --remap-timeout SECONDS  how long a remap waits for a rank's grid data (default: no limit); with it,",
      "                  a remap that fails or times out is undone on every rank and the run goes on",
      "  --base CELLS    level-0 cells per side; --box CELLS: largest level-0 box side",
      "  --sweeps N      red-black sweeps per level and leg of a step's V-cycle",
      "  --regrid N      regrid every N steps",
      "  --min-box CELLS, --max-box CELLS  smallest and largest box side on refined levels",
      "  --calibrate B   patch work calibrated from the measured sweeps (default true)",
      "  --progress N    a progress line every N steps (default 1; the last step always has one)",
      "  --trace FILE    writes every step's per-rank times, the regrids and the remaps with their measured cost",
      "                  to FILE (CSV step,rank,seconds; gzip if FILE ends .gz) for amrbalance.jar replay",
      "  --write-hierarchy DIR  writes the hierarchy at the start and at every regrid as an AMReX plotfile",
      "                  header series, DIR/pltNNNNN/Header and Level_L/Cell_H (boxes and ranks, no field data), for",
      "                  amrbalance.jar advise and balance",
      "  --bench         runs the moving example on 1 and 2 ranks (4 with 4 cores or more), static (balanced once,",
      "                  new grids following their data) and dynamic (the trigger), and prints each run's time per",
      "                  step, speedup, efficiency, utilization, remaps and time per phase, then per rank count the",
      "                  median and range over the repeats and the paired dynamic/static ratio; progress on stderr;",
      "                  DIR/bench.png plots the time per step of the first repeat. Without --base,",
      "                  its own problem: 640 x 640 cells on level 0 in boxes of 160, levels 0..2, 60 sweeps,",
      "                  regrid every 4 steps, refined boxes of 8 to 128 cells (--base: yours, from the options).",
      "  --json          with --bench: one JSON object per line",
      "  --warmup N      with --bench: the first N steps run but are not measured, while the JIT compiler",
      "                  compiles the solver (default half the steps); the whole run is reported beside",
      "                  them",
      "  --repeat N      with --bench: every configuration N times, interleaved (default 3)",
      "  --help          this text; --version: the version",
      "Balancers: " + String.join(", ", BalancingModules.balancerNames()),
      "Triggers:  " + String.join(", ", BalancingModules.triggerNames())
          + " (or any:A,B / all:A,B: remap when any / all of them would)");

  /** The project version, from the build ({@code demo --version}). */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      Properties p = new Properties();
      try (java.io.InputStream in = LaplaceDemo.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (java.io.IOException e) {
        // an unreadable resource leaves the version unknown, which --version then says
      }
      return new String[] {"amrbalance demo " + p.getProperty("version", "unknown")};
    }
  }

  private LaplaceDemo() {}

  /** Ranks when {@code --ranks} is not given: up to 4, no more than the machine has cores (no oversubscription). */
  static int defaultRanks() {
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }

  /**
   * A problem's size: level-0 cells and box side, deepest level, sweeps per level and leg, regrid interval, and the
   * refined boxes' smallest and largest side. {@code moving}, the default, is large enough that a step is mostly
   * sweeping and the moving spot leaves the ranks unequal between remaps, so a remap visibly removes imbalance;
   * {@code small} (a 32 x 32 level 0, four levels) runs in a few seconds, for tests and a first look.
   */
  record Problem(String label, int base, int box, int lmax, int sweeps, int regrid, int minBox, int maxBox) {
    // Boxes of at least 16 (AMReX's blocking factor of many runs): 8 made a fine level of many tiny boxes (80 steps on
    // 2 ranks: computing was 51-53% of a step with 8, 55% with 16; 43-45% at 512 x 512 over 40 steps).
    static final Problem MOVING = new Problem("moving", 640, 160, 2, 60, 4, 16, 128);
    static final Problem SMALL = new Problem("small", 32, 16, 3, 20, 2, 2, 32);

    static Problem parse(String name) {
      for (Problem p : List.of(MOVING, SMALL)) {
        if (p.label().equals(name.strip())) {
          return p;
        }
      }
      throw new IllegalArgumentException("--problem = " + name + ": must be moving (the default) or small");
    }
  }

  /** Where a cluster run's ranks go ({@code --machines}), how hosts are reached, where its job folders are made. */
  record Cluster(Machines machines, RemoteShell shell, Path jobParent) {}

  /** Parsed arguments. */
  record Args(int ranks, String balancer, String trigger, int steps, MpjDevice device, int lmax, Path output,
      List<String> settings, int checkpointEvery, @javax.annotation.Nullable Path restart,
      boolean help, int base, int box, int sweeps, boolean calibrate,
      boolean bench, boolean json, @javax.annotation.Nullable Path trace, RunOptions solverOptions, int progress,
      int warmup, @javax.annotation.Nullable Path writeHierarchy, int repeat, @javax.annotation.Nullable Cluster cluster,
      boolean supervise, Duration lossAfter) {
    /** The spot's way along the edge and back: long enough for the JIT compiler to be done halfway through. */
    static final int DEFAULT_STEPS = 80;
    /**
     * The benchmark's steps: 80 of warm-up, while the JIT compiler compiles the solver (the regrid and remap code
     * runs only every few steps, so it takes that long), then 80 measured, in which the spot goes along the edge
     * and back once.
     */
    static final int BENCH_STEPS = 160;

    /**
     * Parses and checks a command line (GNU options, {@code --name value} or {@code --name=value}, by picocli);
     * every value is checked here, before any rank starts.
     */
    static Args parse(String... args) {
      DemoCommand c = new DemoCommand();
      CommandLine line = new CommandLine(c).setOverwrittenOptionsAllowed(true);
      try {
        line.parseArgs(args);
      } catch (CommandLine.UnmatchedArgumentException e) {
        throw new IllegalArgumentException("unknown argument '" + e.getUnmatched().get(0) + "' (try --help)", e);
      } catch (CommandLine.ParameterException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      return c.args();
    }

    /** The options as picocli fills them: strings, so that every check and its message is in {@link #args}. */
    @CommandLine.Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Version.class,
        sortOptions = false)
    static final class DemoCommand {
      /**
       * A space-filling curve, as AMReX places boxes by default: each rank holds a region, so the moving spot carries
       * its refined work from one rank's region into another's, which placing once never follows.
       */
      static final String DEMO_BALANCER = "sfc-hilbert";
      @CommandLine.Option(names = "--ranks", paramLabel = "P")
      String ranks = Integer.toString(defaultRanks());
      @CommandLine.Option(names = "--balancer", paramLabel = "NAME")
      String balancer = DEMO_BALANCER;
      @CommandLine.Option(names = "--trigger", paramLabel = "NAME")
      String trigger = BalancingModules.DEFAULT_TRIGGER;
      @CommandLine.Option(names = "--steps", paramLabel = "N") String steps;
      @CommandLine.Option(names = "--device", paramLabel = "D") String device = "multicore";
      @CommandLine.Option(names = "--problem", paramLabel = "NAME") String problem = Problem.MOVING.label();
      @CommandLine.Option(names = "--lmax", paramLabel = "L") String lmax;
      @CommandLine.Option(names = "--output", paramLabel = "DIR") String output = "target/amr-demo";
      @CommandLine.Option(names = "--set", paramLabel = "KEY=VALUE") List<String> settings = new ArrayList<>();
      @CommandLine.Option(names = "--checkpoint-every", paramLabel = "N") String checkpointEvery = "0";
      @CommandLine.Option(names = "--restart", paramLabel = "FILE") String restart;
      @CommandLine.Option(names = "--remap-timeout", paramLabel = "SECONDS") String remapTimeout;
      @CommandLine.Option(names = "--base", paramLabel = "CELLS") String base;
      @CommandLine.Option(names = "--box", paramLabel = "CELLS") String box;
      @CommandLine.Option(names = "--sweeps", paramLabel = "N") String sweeps;
      @CommandLine.Option(names = "--regrid", paramLabel = "N") String regrid;
      @CommandLine.Option(names = "--min-box", paramLabel = "CELLS") String minBox;
      @CommandLine.Option(names = "--max-box", paramLabel = "CELLS") String maxBox;
      @CommandLine.Option(names = "--calibrate", paramLabel = "B") String calibrate = "true";
      @CommandLine.Option(names = "--progress", paramLabel = "N") String progress = "1";
      @CommandLine.Option(names = "--trace", paramLabel = "FILE") String trace;
      @CommandLine.Option(names = "--write-hierarchy", paramLabel = "DIR") String writeHierarchy;
      @CommandLine.Option(names = "--bench") boolean bench;
      @CommandLine.Option(names = "--json") boolean json;
      @CommandLine.Option(names = "--warmup", paramLabel = "N") String warmup;
      @CommandLine.Option(names = "--repeat", paramLabel = "N") String repeat;
      @CommandLine.Option(names = "--machines", paramLabel = "FILE") String machines;
      @CommandLine.Option(names = "--remote-shell", paramLabel = "CMD") String remoteShell;
      @CommandLine.Option(names = "--job-dir", paramLabel = "DIR") String jobDir;
      @CommandLine.Option(names = "--supervise") boolean supervise;
      @CommandLine.Option(names = "--loss-after", paramLabel = "SECONDS") String lossAfter;
      @CommandLine.Spec CommandLine.Model.CommandSpec spec;

      /** The one place where the demo's options are checked; relative paths stay relative to the caller. */
      Args args() {
        boolean help = spec.commandLine().isUsageHelpRequested() || spec.commandLine().isVersionHelpRequested();
        Problem preset = Problem.parse(problem);
        if (!bench) {
          // The preset fills what the command line leaves out; --bench keeps its own problem (DemoBenchmark).
          base = base != null ? base : Integer.toString(preset.base());
          box = box != null ? box : Integer.toString(preset.box());
          lmax = lmax != null ? lmax : Integer.toString(preset.lmax());
          sweeps = sweeps != null ? sweeps : Integer.toString(preset.sweeps());
          regrid = regrid != null ? regrid : Integer.toString(preset.regrid());
          minBox = minBox != null ? minBox : Integer.toString(preset.minBox());
          maxBox = maxBox != null ? maxBox : Integer.toString(preset.maxBox());
        } else {
          base = base != null ? base : "0";
          box = box != null ? box : "16";
          lmax = lmax != null ? lmax : "3";
          sweeps = sweeps != null ? sweeps : Integer.toString(RunOptions.defaults().sweepsPerStep());
        }
        RunOptions run = RunOptions.defaults();
        for (String[] o : new String[][] {{"--regrid", regrid}, {"--min-box", minBox}, {"--max-box", maxBox},
            {"--remap-timeout", remapTimeout}}) {
          if (o[1] != null) {
            run = RunOptions.parse(run, List.of(o[0], o[1]));
          }
        }
        int baseCells = intValue("--base", base, 0, 4096);
        if (baseCells != 0 && baseCells < 8) {
          throw new IllegalArgumentException("--base = " + baseCells + ": must be in [8, 4096]");
        }
        int boxCells = intValue("--box", box, 4, 4096);
        List<String> sets = new ArrayList<>();
        for (String s : settings) {
          sets.add(setting(s));
        }
        Path restartFile = restart == null ? null : Path.of(restart);
        Path traceFile = trace == null ? null : Path.of(trace);
        if (!help && !BalancingModules.balancerNames().contains(balancer)) {
          throw new IllegalArgumentException("--balancer = " + balancer + ": unknown balancer; known: "
              + BalancingModules.balancerNames());
        }
        if (!help && !BalancingModules.triggerNames().contains(trigger)
            && !trigger.startsWith(BalancingModules.ANY) && !trigger.startsWith(BalancingModules.ALL)) {
          throw new IllegalArgumentException("--trigger = " + trigger + ": unknown trigger; known: "
              + BalancingModules.triggerNames());
        }
        if (!help && restartFile != null && !java.nio.file.Files.isRegularFile(restartFile)) {
          throw new IllegalArgumentException("--restart = " + restartFile + ": no such file");
        }
        if (!help && java.nio.file.Files.exists(Path.of(output)) && !java.nio.file.Files.isDirectory(Path.of(output))) {
          throw new IllegalArgumentException("--output = " + output + ": is a file; give the folder to write into");
        }
        if (json && !bench) {
          throw new IllegalArgumentException("--json: only with --bench");
        }
        if (warmup != null && !bench) {
          throw new IllegalArgumentException("--warmup: only with --bench");
        }
        if (repeat != null && !bench) {
          throw new IllegalArgumentException("--repeat: only with --bench");
        }
        int stepCount = steps == null ? (bench ? BENCH_STEPS : DEFAULT_STEPS) : intValue("--steps", steps, 0, 100_000);
        int warmupSteps = !bench ? 0 : warmup == null ? stepCount / 2 : intValue("--warmup", warmup, 0, 100_000);
        if (bench && warmupSteps >= stepCount) {
          throw new IllegalArgumentException("--warmup = " + warmupSteps + ": must be less than --steps = " + stepCount
              + " (the steps after the warm-up are the ones measured)");
        }
        if (traceFile != null && bench) {
          throw new IllegalArgumentException("--trace: not with --bench");
        }
        Path hierarchyDir = writeHierarchy == null ? null : Path.of(writeHierarchy);
        if (hierarchyDir != null && bench) {
          throw new IllegalArgumentException("--write-hierarchy: not with --bench");
        }
        if (hierarchyDir != null && java.nio.file.Files.exists(hierarchyDir)
            && !java.nio.file.Files.isDirectory(hierarchyDir)) {
          throw new IllegalArgumentException("--write-hierarchy = " + hierarchyDir
              + ": is a file; give the folder to write into");
        }
        if (traceFile != null && java.nio.file.Files.isDirectory(traceFile)) {
          throw new IllegalArgumentException("--trace = " + traceFile + ": is a directory");
        }
        if (baseCells > 0 && boxCells > baseCells) {
          throw new IllegalArgumentException("--box = " + boxCells + ": must be at most --base = " + baseCells);
        }
        Cluster cluster = null;
        if (machines != null) {
          if (!"niodev".equalsIgnoreCase(device)) {
            throw new IllegalArgumentException("--machines: only with --device niodev (ranks as processes over TCP)");
          }
          if (bench) {
            throw new IllegalArgumentException("--machines: not with --bench");
          }
          cluster = new Cluster(help ? Machines.of(List.of("localhost")) : Machines.read(Path.of(machines)),
              remoteShell == null ? RemoteShell.ssh() : RemoteShell.parse(remoteShell),
              jobDir == null ? Path.of(output).resolve("jobs") : Path.of(jobDir));
        } else if (remoteShell != null || jobDir != null) {
          throw new IllegalArgumentException((remoteShell != null ? "--remote-shell" : "--job-dir")
              + ": only with --machines");
        }
        if (supervise && !"niodev".equalsIgnoreCase(device)) {
          throw new IllegalArgumentException("--supervise: only with --device niodev (multicore ranks share one JVM,"
              + " which no rank outlives)");
        }
        if (lossAfter != null && !supervise) {
          throw new IllegalArgumentException("--loss-after: only with --supervise");
        }
        if (supervise && bench) {
          throw new IllegalArgumentException("--supervise: not with --bench");
        }
        // A supervised run without checkpoints would have to start over: it gets one every 5 steps.
        String every = supervise && "0".equals(checkpointEvery) ? Integer.toString(Supervisor.DEFAULT_CHECKPOINT_EVERY)
            : checkpointEvery;
        Args a = new Args(intValue("--ranks", ranks, 1, 64), balancer, trigger, stepCount,
            MpjDevice.parse(device), intValue("--lmax", lmax, 0, 6), Path.of(output), List.copyOf(sets),
            intValue("--checkpoint-every", every, 0, 100_000), restartFile, help,
            baseCells, boxCells, intValue("--sweeps", sweeps, 1, 10_000),
            RunOptions.parse(List.of("--calibrate", calibrate)).calibrate(), bench, json, traceFile, run,
            intValue("--progress", progress, 1, 100_000), warmupSteps, hierarchyDir,
            repeat == null ? 3 : intValue("--repeat", repeat, 1, 100), cluster, supervise,
            lossAfter == null ? Supervisor.SILENCE : Duration.ofSeconds(intValue("--loss-after", lossAfter, 1, 600)));
        if (!help && !bench) {
          // Unknown components, options and values fail here, on one process, not once per rank after MPJ starts.
          BalancingModules.fromMap(a.configuration());
        }
        if (!help && restartFile != null) {
          checkRestart(restartFile, a.runOptions());
        }
        return a;
      }
    }

    /**
     * Reads the checkpoint once here, with the run's options, so that a file that is not a checkpoint, or a torn,
     * foreign or too late one, stops the demo in one line before any rank starts; the line names the previous
     * checkpoint if that one would do.
     */
    private static void checkRestart(Path file, RunOptions options) {
      CheckpointExpectation expected = CheckpointExpectation.of(options);
      try {
        Checkpoint.read(file, expected);
      } catch (java.io.IOException e) {
        String line = "--restart = " + e.getMessage();
        try {
          Checkpoint.Chosen other = Checkpoint.readNewest(file, expected);
          if (!other.file().equals(file)) {
            line += "; the previous one, " + other.file() + " (after step " + other.checkpoint().step()
                + "), would do";
          }
        } catch (java.io.IOException | IllegalArgumentException none) {
          // No usable previous checkpoint: the refusal alone says it.
        }
        throw new IllegalArgumentException(line, e);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--" + e.getMessage(), e);
      }
    }

    private static String setting(String s) {
      int eq = s.indexOf('=');
      if (eq <= 0 || !s.startsWith("amrbalance.")) {
        throw new IllegalArgumentException("--set = " + s + ": must be KEY=VALUE with a key starting amrbalance.");
      }
      return s;
    }

    /** The run these arguments describe, {@code --set} settings included (without the demo's own output options). */
    RunOptions runOptions() {
      RunOptions o = solverOptions.withSteps(steps).withLmax(lmax).withBalancer(balancer).withTrigger(trigger)
          .withSweepsPerStep(sweeps).withCalibration(calibrate);
      for (String s : settings) {
        int eq = s.indexOf('=');
        o = o.withSetting(s.substring(0, eq), s.substring(eq + 1));
      }
      return base > 0 ? o.withBaseGrid(base, box) : o;
    }

    /** How long a remap waits for a rank's grid data, if bounded ({@code --remap-timeout}). */
    Optional<Duration> remapTimeout() {
      return solverOptions.remapTimeout();
    }

    /** The arguments of {@link LaplaceDemoProgram} on every rank. */
    List<String> programArgs() {
      return programArgs(restart);
    }

    /** As {@link #programArgs()}, continuing from {@code restartFrom} (null: from the start). */
    List<String> programArgs(@javax.annotation.Nullable Path restartFrom) {
      List<String> a = new ArrayList<>(List.of("--output", output.toAbsolutePath().toString()));
      if (progress != 1) {
        a.addAll(List.of("--progress", Integer.toString(progress)));
      }
      if (checkpointEvery > 0) {
        a.addAll(List.of("--checkpoint-every", Integer.toString(checkpointEvery), "--checkpoint",
            output.resolve("run.ckpt").toAbsolutePath().toString()));
      }
      if (restartFrom != null) {
        a.addAll(List.of("--restart", restartFrom.toAbsolutePath().toString()));
      }
      if (trace != null) {
        a.addAll(List.of("--trace", trace.toAbsolutePath().toString()));
      }
      if (writeHierarchy != null) {
        a.addAll(List.of("--write-hierarchy", writeHierarchy.toAbsolutePath().toString()));
      }
      a.addAll(runOptions().toArgs());
      return a;
    }

    private static int intValue(String name, String s, int min, int max) {
      int v;
      try {
        v = Integer.parseInt(s.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(name + " = " + s + ": not a whole number", e);
      }
      if (v < min || v > max) {
        throw new IllegalArgumentException(name + " = " + v + ": must be in [" + min + ", " + max + "]");
      }
      return v;
    }

    /** The balancing configuration of the run, as every rank's service reads it. */
    Map<String, String> configuration() {
      return runOptions().configuration();
    }

    /**
     * The {@code --set} keys of components this run does not use (a trigger's option while another trigger runs,
     * say): they are read by nobody, which a user should hear about.
     */
    List<String> unusedSettings() {
      return BalancingModules.unusedKeys(configuration());
    }
  }

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    int code;
    try {
      code = run(System.out, System.err, args);
    } catch (IllegalArgumentException e) {
      System.err.println("amrbalance demo: " + e.getMessage());
      System.err.println("try: scripts/demo.sh --help");
      code = 2;
    } catch (MpjLaunchException | IllegalStateException e) {
      System.err.println("amrbalance demo: " + e.getMessage());
      code = 1;
    }
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs the demo, the ranks' output echoed to {@code out}; returns the exit code. */
  static int run(PrintStream out, String... argv) {
    return run(out, out, argv);
  }

  /** As {@link #run(PrintStream, String...)}, warnings to {@code err}. */
  static int run(PrintStream out, PrintStream err, String... argv) {
    Args args = Args.parse(argv);
    if (List.of(argv).contains("--version")) {
      out.println(new Version().getVersion()[0]);
      return 0;
    }
    if (args.help()) {
      out.println(USAGE);
      return 0;
    }
    for (String key : args.unusedSettings()) {
      err.println("amrbalance demo: warning: --set " + key + " is for a component this run does not use"
          + " (balancer " + args.balancer() + ", trigger " + args.trigger() + ")");
    }
    int cores = Runtime.getRuntime().availableProcessors();
    if (args.ranks() > cores && args.device() == MpjDevice.MULTICORE) {
      err.println("amrbalance demo: warning: " + args.ranks() + " ranks on " + cores + " cores share them: expect"
          + " each step to take longer than on " + cores + " ranks");
    }
    if (args.bench()) {
      return DemoBenchmark.run(out, args);
    }
    RunOptions o = args.runOptions();
    out.printf(Locale.ROOT, "Laplace AMR demo: %dx%d level 0, up to level %d (ratio 2), hot spot width 0.05,"
        + " %d ranks on MPJ Express (%s), balancer %s, trigger %s%n", o.baseCells(), o.baseCells(), args.lmax(),
        args.ranks(), args.device().mpjName(), args.balancer(), args.trigger());
    MpjLauncher launcher = MpjLauncher.locate().withRanks(args.ranks()).withDevice(args.device())
        .withTimeout(Duration.ofMinutes(30)).withEcho(out::println);
    if (args.cluster() != null) {
      Cluster c = args.cluster();
      launcher = launcher.withMachines(c.machines(), c.shell(), c.jobParent());
    }
    LaunchResult result = args.supervise() ? Supervisor.run(out, err, args, launcher)
        : launcher.launch(LaplaceDemoProgram.class, args.programArgs());
    if (!result.succeeded()) {
      // Once, in words: the ranks' exceptions without class names, bad input told apart from a failed run.
      err.println("amrbalance demo: " + result.userMessage());
      return result.failedOnInput() ? 2 : 1;
    }
    out.printf(Locale.ROOT, "  %d ranks (%s) finished in %.1f s%n", args.ranks(), args.device().mpjName(),
        result.elapsed().toMillis() / 1e3);
    return 0;
  }
}
