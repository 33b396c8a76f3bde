package org.amrbalance.mesh.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.amrbalance.balancers.baselines.RoundRobinBalancer;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.laplace.LaplaceAmr;
import org.amrbalance.mesh.laplace.LaplaceOptions;
import org.amrbalance.mesh.laplace.MovingHotSpot;
import org.amrbalance.mesh.output.Frame;
import org.amrbalance.mesh.output.PngWriter;
import org.amrbalance.mesh.output.VtkWriter;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;

/**
 * The README's demo: Laplace's equation with a hot spot on the bottom edge, solved on an AMR hierarchy by the
 * level-by-level loop, then the moving variant (the spot travels along the edge; one line per step), then a
 * summary, a PNG and a VTK set.
 */
public final class LaplaceDemo {
  static final String USAGE = String.join("\n",
      "Usage: demo [--steps N] [--lmax L] [--ranks P] [--output DIR] [--help]",
      "  Solves Laplace's equation on the unit square with a hot spot on the bottom edge (exact solution",
      "  known), refining by Berger-Rigoutsos clustering, then moves the spot along the edge for N steps.",
      "  --steps N     outer steps of the moving variant, the spot moving 0.01 per step (default 40, 0 = static only)",
      "  --lmax L      deepest refinement level, ratio 2 per level (default 3)",
      "  --ranks P     ranks the grids are balanced over, round robin; outline colours in the PNG (default 4)",
      "  --output DIR  where laplace.png, laplace.vthb and laplace/*.vti go (default target/amr-demo)",
      "  --help        this text");

  private LaplaceDemo() {}

  /** Parsed arguments. */
  record Args(int steps, int lmax, int ranks, Path output, boolean help) {
    static Args parse(String... args) {
      int steps = 40;
      int lmax = 3;
      int ranks = 4;
      Path output = Path.of("target", "amr-demo");
      boolean help = false;
      for (int k = 0; k < args.length; k++) {
        String a = args[k];
        switch (a) {
          case "--help", "-h" -> help = true;
          case "--steps" -> steps = intValue(a, args, ++k, 0, 100_000);
          case "--lmax" -> lmax = intValue(a, args, ++k, 0, 6);
          case "--ranks" -> ranks = intValue(a, args, ++k, 1, 1024);
          case "--output" -> {
            if (k + 1 >= args.length) {
              throw new IllegalArgumentException("--output: needs a directory");
            }
            output = Path.of(args[++k]);
          }
          default -> throw new IllegalArgumentException("unknown argument '" + a + "' (try --help)");
        }
      }
      return new Args(steps, lmax, ranks, output, help);
    }

    private static int intValue(String name, String[] args, int k, int min, int max) {
      if (k >= args.length) {
        throw new IllegalArgumentException(name + ": needs a number");
      }
      int v;
      try {
        v = Integer.parseInt(args[k]);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(name + " = " + args[k] + ": not a whole number", e);
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
    } catch (IOException e) {
      System.err.println("error: cannot write output: " + e.getMessage());
      code = 1;
    }
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs the demo, printing to {@code out}; returns the exit code. */
  static int run(PrintStream out, String... argv) throws IOException {
    Args args = Args.parse(argv);
    if (args.help()) {
      out.println(USAGE);
      return 0;
    }
    MovingHotSpot path = MovingHotSpot.of(0.3, 0.7, 40, 0.05);
    Machine machine = Machine.fullyConnected(args.ranks());
    LaplaceAmr amr = LaplaceAmr.builder(32, 32)
        .amr(AmrOptions.defaults().withLevels(args.lmax(), 2).withBaseBoxSize(16))
        .laplace(LaplaceOptions.defaults().withSweepsPerStep(20).withRegridInterval(2))
        .problem(path.at(0)).machine(machine).balancer(new RoundRobinBalancer()).build();
    out.printf(Locale.ROOT,
        "Laplace AMR demo: 32x32 level 0, up to level %d (ratio 2), %d ranks, hot spot width %.2f%n",
        args.lmax(), args.ranks(), 0.05);
    long start = System.nanoTime();
    amr.solve();
    out.printf(Locale.ROOT, "solve    x0=%.3f  %s  cycles %d  sweeps %d  error %.3e%n", path.at(0).x0(),
        describe(amr), amr.lastCycles(), amr.lastSweeps(), amr.maxError());
    for (int step = 1; step <= args.steps(); step++) {
      amr.setProblem(path.at(step));
      boolean regridded = amr.advance();
      BalanceReport report = BalanceReport.of(BalanceProblem.of(amr.hierarchy(), machine), amr.assignment());
      out.printf(Locale.ROOT, "step %3d/%d  x0=%.3f  %-6s  %s  imbalance %.2f  error %.3e%n", step, args.steps(),
          path.at(step).x0(), regridded ? "regrid" : "", describe(amr), report.imbalance(), amr.maxError());
    }
    double seconds = (System.nanoTime() - start) / 1e9;

    Hierarchy h = amr.hierarchy();
    long[] perLevel = amr.pointsPerLevel();
    long fine = h.domainAt(h.finestLevel()).volume();
    out.println("summary:");
    out.printf(Locale.ROOT, "  max error vs exact solution  %.3e (peak value 1)%n", amr.maxError());
    StringBuilder levels = new StringBuilder();
    for (int l = 0; l < perLevel.length; l++) {
      levels.append(String.format(Locale.ROOT, "%s%d: %d", l == 0 ? "" : ", ", l, perLevel[l]));
    }
    out.printf(Locale.ROOT, "  points per level             %s (total %d)%n", levels, amr.points());
    out.printf(Locale.ROOT, "  uniform grid at level %d      %d points (%.1fx more)%n", h.finestLevel(), fine,
        (double) fine / amr.points());
    out.printf(Locale.ROOT, "  patches                      %d on %d ranks, %.1f s%n", h.patchCount(), args.ranks(),
        seconds);

    Frame frame = Frame.gather(amr.grids(), 0, "u");
    Path png = args.output().resolve("laplace.png");
    PngWriter.write(frame, 800, png);
    Path vthb = VtkWriter.write(frame, args.output(), "laplace");
    out.println("  wrote " + png + " and " + vthb);
    return 0;
  }

  private static String describe(LaplaceAmr amr) {
    Hierarchy h = amr.hierarchy();
    StringBuilder patches = new StringBuilder();
    StringBuilder points = new StringBuilder();
    long[] per = amr.pointsPerLevel();
    for (int l = 0; l < h.levelCount(); l++) {
      patches.append(l == 0 ? "" : "/").append(h.level(l).size());
      points.append(l == 0 ? "" : "/").append(per[l]);
    }
    return "levels " + h.levelCount() + "  patches " + patches + "  points " + points;
  }
}
