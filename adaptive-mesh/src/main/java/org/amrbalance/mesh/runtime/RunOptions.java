package org.amrbalance.mesh.runtime;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.spi.internal.Checks;

/**
 * What a distributed run of the moving Laplace example does: steps, deepest level, balancer and trigger by
 * configuration name (with {@code amrbalance.NAME.OPTION} settings), sweeps per level and leg, regrid interval,
 * every how many steps the solution is checked (a checksum per patch, optionally a snapshot file), and how long a
 * remap's exchange waits for a rank.
 *
 * @param steps steps of the run, in [0, 100000]
 * @param lmax the deepest level, in [0, 6]
 * @param balancer a balancer name as {@link BalancingModules#balancerNames()} lists them (checked when the run
 *     starts; not blank, trimmed)
 * @param trigger a trigger name as {@link BalancingModules#triggerNames()} lists them (checked when the run starts;
 *     not blank, trimmed)
 * @param settings {@code amrbalance.*} settings (options of the balancer, the trigger or the service), kept sorted
 *     by key
 * @param sweepsPerStep sweeps per level and V-cycle leg per step, in [1, 10000]
 * @param regridInterval steps between regrids, in [1, 100000]
 * @param checkEvery checksums of every patch after every {@code checkEvery}-th step and after the static solve, in
 *     [0, 100000] (0: none)
 * @param remapTimeout how long a remap's exchange waits for another rank, positive and at most a day; empty: as long
 *     as it takes
 * @param baseCells cells per side of level 0, in [8, 4096]
 * @param baseBoxSize the largest side of a level-0 box, in [4, baseCells]
 * @param minBox the smallest side of a box on a refined level, in [1, 1024]
 * @param maxBox the largest side of a box on a refined level, in [2 · minBox, 4096]
 * @param calibrate whether patch work is calibrated from the measured sweep times instead of counted in cells
 */
@Immutable
public record RunOptions(int steps, int lmax, String balancer, String trigger, Map<String, String> settings,
    int sweepsPerStep, int regridInterval, int checkEvery, Optional<Duration> remapTimeout, int baseCells,
    int baseBoxSize, int minBox, int maxBox, boolean calibrate) {
  /** The longest remap timeout, that of the exchange (a day: no deadline at all). */
  static final Duration MAX_REMAP_TIMEOUT = Communicator.MAX_TIMEOUT;
  private static final RunOptions DEFAULTS = new RunOptions(40, 3, "knapsack", BalancingModules.DEFAULT_TRIGGER,
      Map.of(), 20, 2, 0, Optional.empty(), 32, 16, 2, 32, false);

  public RunOptions {
    check("steps", steps, 0, 100_000);
    check("lmax", lmax, 0, 6);
    balancer = name(balancer, "balancer");
    trigger = name(trigger, "trigger");
    SortedMap<String, String> sorted = new TreeMap<>(settings);
    sorted.forEach((key, value) -> {
      Checks.check(key.startsWith(BalancingModules.PREFIX), "setting", key,
          "must start with " + BalancingModules.PREFIX);
      Objects.requireNonNull(value, key);
    });
    settings = Collections.unmodifiableSortedMap(sorted);
    check("sweepsPerStep", sweepsPerStep, 1, 10_000);
    check("regridInterval", regridInterval, 1, 100_000);
    check("checkEvery", checkEvery, 0, 100_000);
    if (remapTimeout == null || remapTimeout.filter(t -> t.isNegative() || t.isZero()
        || t.compareTo(MAX_REMAP_TIMEOUT) > 0).isPresent()) {
      throw Checks.bad("remapTimeout", remapTimeout == null ? null : seconds(remapTimeout.get()) + " s",
          "must be positive and at most " + seconds(MAX_REMAP_TIMEOUT) + " s");
    }
    check("baseCells", baseCells, 8, 4096);
    check("baseBoxSize", baseBoxSize, 4, baseCells);
    check("minBox", minBox, 1, 1024);
    check("maxBox", maxBox, 2 * minBox, 4096);
  }

  /**
   * 40 steps, levels 0..3 over a 32 x 32 level 0 in boxes of 16, knapsack, the library's default trigger, 20 sweeps
   * per level and leg, regrid every 2 steps, no checks, patch work counted in cells (no calibration).
   */
  public static RunOptions defaults() {
    return DEFAULTS;
  }

  public RunOptions withSteps(int n) {
    return new RunOptions(n, lmax, balancer, trigger, settings, sweepsPerStep, regridInterval, checkEvery,
        remapTimeout, baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  public RunOptions withLmax(int l) {
    return new RunOptions(steps, l, balancer, trigger, settings, sweepsPerStep, regridInterval, checkEvery,
        remapTimeout, baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  /** A balancer name as {@link BalancingModules#balancerNames()} lists them (checked when the run starts). */
  public RunOptions withBalancer(String name) {
    return new RunOptions(steps, lmax, name, trigger, settings, sweepsPerStep, regridInterval, checkEvery,
        remapTimeout, baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  /** A trigger name as {@link BalancingModules#triggerNames()} lists them (checked when the run starts). */
  public RunOptions withTrigger(String name) {
    return new RunOptions(steps, lmax, balancer, name, settings, sweepsPerStep, regridInterval, checkEvery,
        remapTimeout, baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  /** Adds {@code amrbalance.*} settings (options of the balancer, the trigger or the service). */
  public RunOptions withSetting(String key, String value) {
    Map<String, String> s = new TreeMap<>(settings);
    s.put(key, value);
    return new RunOptions(steps, lmax, balancer, trigger, s, sweepsPerStep, regridInterval, checkEvery,
        remapTimeout, baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  public RunOptions withSweepsPerStep(int n) {
    return new RunOptions(steps, lmax, balancer, trigger, settings, n, regridInterval, checkEvery,
        remapTimeout, baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  public RunOptions withRegridInterval(int r) {
    return new RunOptions(steps, lmax, balancer, trigger, settings, sweepsPerStep, r, checkEvery,
        remapTimeout, baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  /**
   * The sides of the boxes that clustering makes on refined levels: at least {@code min}, at most {@code max} cells
   * (as AMReX's blocking factor and max_grid_size): larger boxes mean fewer ghost moves and messages per sweep.
   */
  public RunOptions withRefinedBoxes(int min, int max) {
    return new RunOptions(steps, lmax, balancer, trigger, settings, sweepsPerStep, regridInterval, checkEvery,
        remapTimeout, baseCells, baseBoxSize, min, max, calibrate);
  }

  /** Checksums of every patch after every {@code n}-th step and after the static solve; 0 for none. */
  public RunOptions withCheckEvery(int n) {
    return new RunOptions(steps, lmax, balancer, trigger, settings, sweepsPerStep, regridInterval, n,
        remapTimeout, baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  /**
   * The problem's size: level 0 is {@code cells x cells} over the unit square, cut into boxes of at most
   * {@code boxSize} cells a side (the grids the balancer places on level 0). More cells, more compute per step.
   */
  public RunOptions withBaseGrid(int cells, int boxSize) {
    return new RunOptions(steps, lmax, balancer, trigger, settings, sweepsPerStep, regridInterval, checkEvery,
        remapTimeout, cells, boxSize, minBox, maxBox, calibrate);
  }

  /**
   * Patch work calibrated from the measured sweep times (a per-patch overhead and a per-cell cost for each level,
   * {@link org.amrbalance.mesh.laplace.WorkModel}) instead of counted in cells; off by default, on in the demo.
   */
  public RunOptions withCalibration(boolean on) {
    return new RunOptions(steps, lmax, balancer, trigger, settings, sweepsPerStep, regridInterval, checkEvery,
        remapTimeout, baseCells, baseBoxSize, minBox, maxBox, on);
  }

  /**
   * The longest a remap's exchange waits for the payloads of another rank; a rank not heard from by then fails the
   * remap (undone on every rank if failed remaps are recovered, else the end of the run). No timeout by default: a
   * remap's transfer time grows with the data moved and the machine's load, which only the run knows, and a
   * deadline shorter than a legitimate remap would turn a slow remap into a failed one. Not null:
   * {@link #withoutRemapTimeout()} waits as long as it takes.
   */
  public RunOptions withRemapTimeout(Duration timeout) {
    // A null timeout becomes a null Optional, which the constructor rejects with the timeout's range.
    return new RunOptions(steps, lmax, balancer, trigger, settings, sweepsPerStep, regridInterval, checkEvery,
        timeout == null ? null : Optional.of(timeout), baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  /** A remap waits as long as it takes for every rank (the default). */
  public RunOptions withoutRemapTimeout() {
    return new RunOptions(steps, lmax, balancer, trigger, settings, sweepsPerStep, regridInterval, checkEvery,
        Optional.empty(), baseCells, baseBoxSize, minBox, maxBox, calibrate);
  }

  private static String seconds(Duration d) {
    return BigDecimal.valueOf(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9)).stripTrailingZeros()
        .toPlainString();
  }

  private static void check(String field, int v, int min, int max) {
    if (v < min || v > max) {
      throw new IllegalArgumentException(field + " = " + v + ": must be in [" + min + ", " + max + "]");
    }
  }

  private static String name(String v, String field) {
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException(field + " = " + v + ": must name a " + field);
    }
    return v.trim();
  }

  /** True if the solution is checked after {@code step} (0 is the static solve). */
  public boolean checks(int step) {
    return checkEvery > 0 && step % checkEvery == 0;
  }

  /** The configuration {@link BalancingModules#fromMap} reads: names, settings, and no per-remap log line. */
  public Map<String, String> configuration() {
    Map<String, String> c = new TreeMap<>();
    c.put("amrbalance.service.log", "false");
    c.putAll(settings);
    c.put(BalancingModules.BALANCER, balancer);
    c.put(BalancingModules.TRIGGER, trigger);
    return c;
  }

  /** As command-line words ({@link #parse} reads them back). */
  public List<String> toArgs() {
    List<String> a = new ArrayList<>(List.of("--steps", Integer.toString(steps), "--lmax", Integer.toString(lmax),
        "--balancer", balancer, "--trigger", trigger, "--sweeps", Integer.toString(sweepsPerStep),
        "--regrid", Integer.toString(regridInterval), "--check-every", Integer.toString(checkEvery),
        "--base", Integer.toString(baseCells), "--box", Integer.toString(baseBoxSize),
        "--min-box", Integer.toString(minBox), "--max-box", Integer.toString(maxBox),
        "--calibrate", Boolean.toString(calibrate)));
    if (remapTimeout.isPresent()) {
      a.addAll(List.of("--remap-timeout", seconds(remapTimeout.get())));
    }
    settings.forEach((k, v) -> a.addAll(List.of("--set", k + "=" + v)));
    return a;
  }

  /** Reads the words of {@link #toArgs}; unknown words are an error. */
  public static RunOptions parse(List<String> args) {
    return parse(defaults(), args);
  }

  /** {@code base} with the words of {@link #toArgs} applied in order. */
  public static RunOptions parse(RunOptions base, List<String> args) {
    RunOptions o = base;
    for (int k = 0; k < args.size(); k++) {
      String a = args.get(k);
      String v = k + 1 < args.size() ? args.get(k + 1) : null;
      if (v == null) {
        throw new IllegalArgumentException(a + ": needs a value");
      }
      k++;
      switch (a) {
        case "--steps" -> o = o.withSteps(intValue(a, v));
        case "--lmax" -> o = o.withLmax(intValue(a, v));
        case "--balancer" -> o = o.withBalancer(v);
        case "--trigger" -> o = o.withTrigger(v);
        case "--sweeps" -> o = o.withSweepsPerStep(intValue(a, v));
        case "--regrid" -> o = o.withRegridInterval(intValue(a, v));
        case "--check-every" -> o = o.withCheckEvery(intValue(a, v));
        case "--base" -> o = o.withBaseGrid(intValue(a, v), Math.min(o.baseBoxSize(), intValue(a, v)));
        case "--box" -> o = o.withBaseGrid(o.baseCells(), intValue(a, v));
        case "--min-box" -> o = o.withRefinedBoxes(intValue(a, v), Math.max(o.maxBox(), 2 * intValue(a, v)));
        case "--max-box" -> o = o.withRefinedBoxes(o.minBox(), intValue(a, v));
        case "--calibrate" -> o = o.withCalibration(booleanValue(a, v));
        case "--remap-timeout" -> o = v.equals("none") ? o.withoutRemapTimeout()
            : o.withRemapTimeout(secondsValue(a, v));
        case "--set" -> {
          int eq = v.indexOf('=');
          if (eq < 0) {
            throw new IllegalArgumentException("--set " + v + ": must be KEY=VALUE");
          }
          o = o.withSetting(v.substring(0, eq), v.substring(eq + 1));
        }
        default -> throw new IllegalArgumentException("unknown argument '" + a + "'");
      }
    }
    return o;
  }

  static int intValue(String name, String v) {
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " = " + v + ": not a whole number", e);
    }
  }

  static boolean booleanValue(String name, String v) {
    if (!v.equals("true") && !v.equals("false")) {
      throw new IllegalArgumentException(name + " = " + v + ": must be true or false");
    }
    return Boolean.parseBoolean(v);
  }

  /** Seconds, with up to 9 decimals. */
  static Duration secondsValue(String name, String v) {
    try {
      return Duration.ofNanos(new BigDecimal(v).movePointRight(9).longValueExact());
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(name + " = " + v + ": not a number of seconds (at most 9 decimals)", e);
    }
  }
}
