package org.amrbalance.mesh.runtime;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.mpi.Communicator;

/**
 * What a distributed run of the moving Laplace example does: steps, deepest level, balancer and trigger by
 * configuration name (with {@code amrbalance.NAME.OPTION} settings), sweeps per level and leg, regrid interval,
 * every how many steps the solution is checked (a checksum per patch, optionally a snapshot file), and how long a
 * remap's exchange waits for a rank.
 */
@Immutable
public final class RunOptions {
  private static final RunOptions DEFAULTS = new RunOptions(new Fields());
  /** The longest remap timeout, that of the exchange (a day: no deadline at all). */
  static final Duration MAX_REMAP_TIMEOUT = Communicator.MAX_TIMEOUT;

  /** The values while a wither changes one: copied from an instance, then frozen into a new one. */
  private static final class Fields {
    int steps = 40;
    int lmax = 3;
    String balancer = "knapsack";
    String trigger = BalancingModules.DEFAULT_TRIGGER;
    Map<String, String> settings = Map.of();
    int sweepsPerStep = 20;
    int regridInterval = 2;
    int checkEvery;
    @Nullable Duration remapTimeout;
    int baseCells = 32;
    int baseBoxSize = 16;
    int minBox = 2;
    int maxBox = 32;
    boolean calibrate;
  }

  private final int steps;
  private final int lmax;
  private final String balancer;
  private final String trigger;
  private final Map<String, String> settings;
  private final int sweepsPerStep;
  private final int regridInterval;
  private final int checkEvery;
  @Nullable
  private final Duration remapTimeout;
  private final int baseCells;
  private final int baseBoxSize;
  private final int minBox;
  private final int maxBox;
  private final boolean calibrate;

  private RunOptions(Fields f) {
    this.steps = f.steps;
    this.lmax = f.lmax;
    this.balancer = f.balancer;
    this.trigger = f.trigger;
    this.settings = f.settings;
    this.sweepsPerStep = f.sweepsPerStep;
    this.regridInterval = f.regridInterval;
    this.checkEvery = f.checkEvery;
    this.remapTimeout = f.remapTimeout;
    this.baseCells = f.baseCells;
    this.baseBoxSize = f.baseBoxSize;
    this.minBox = f.minBox;
    this.maxBox = f.maxBox;
    this.calibrate = f.calibrate;
  }

  private Fields fields() {
    Fields f = new Fields();
    f.steps = steps;
    f.lmax = lmax;
    f.balancer = balancer;
    f.trigger = trigger;
    f.settings = settings;
    f.sweepsPerStep = sweepsPerStep;
    f.regridInterval = regridInterval;
    f.checkEvery = checkEvery;
    f.remapTimeout = remapTimeout;
    f.baseCells = baseCells;
    f.baseBoxSize = baseBoxSize;
    f.minBox = minBox;
    f.maxBox = maxBox;
    f.calibrate = calibrate;
    return f;
  }

  private RunOptions with(java.util.function.Consumer<Fields> change) {
    Fields f = fields();
    change.accept(f);
    return new RunOptions(f);
  }

  /**
   * 40 steps, levels 0..3 over a 32 x 32 level 0 in boxes of 16, knapsack, the library's default trigger, 20 sweeps per level and
   * leg, regrid every 2 steps, no checks, patch work counted in cells (no calibration).
   */
  public static RunOptions defaults() {
    return DEFAULTS;
  }

  public RunOptions withSteps(int n) {
    check("steps", n, 0, 100_000);
    return with(f -> f.steps = n);
  }

  public RunOptions withLmax(int l) {
    check("lmax", l, 0, 6);
    return with(f -> f.lmax = l);
  }

  /** A balancer name as {@link BalancingModules#balancerNames()} lists them (checked when the run starts). */
  public RunOptions withBalancer(String name) {
    String n = name(name, "balancer");
    return with(f -> f.balancer = n);
  }

  /** A trigger name as {@link BalancingModules#triggerNames()} lists them (checked when the run starts). */
  public RunOptions withTrigger(String name) {
    String n = name(name, "trigger");
    return with(f -> f.trigger = n);
  }

  /** Adds {@code amrbalance.*} settings (options of the balancer, the trigger or the service). */
  public RunOptions withSetting(String key, String value) {
    if (!key.startsWith(BalancingModules.PREFIX)) {
      throw new IllegalArgumentException("setting = " + key + ": must start with " + BalancingModules.PREFIX);
    }
    Map<String, String> s = new TreeMap<>(settings);
    s.put(key, value);
    return with(f -> f.settings = Map.copyOf(s));
  }

  public RunOptions withSweepsPerStep(int n) {
    check("sweepsPerStep", n, 1, 10_000);
    return with(f -> f.sweepsPerStep = n);
  }

  public RunOptions withRegridInterval(int r) {
    check("regridInterval", r, 1, 100_000);
    return with(f -> f.regridInterval = r);
  }

  /**
   * The sides of the boxes that clustering makes on refined levels: at least {@code min}, at most {@code max} cells
   * (as AMReX's blocking factor and max_grid_size): larger boxes mean fewer ghost moves and messages per sweep.
   */
  public RunOptions withRefinedBoxes(int min, int max) {
    check("minBox", min, 1, 1024);
    check("maxBox", max, 2 * min, 4096);
    return with(f -> {
      f.minBox = min;
      f.maxBox = max;
    });
  }

  /** Checksums of every patch after every {@code n}-th step and after the static solve; 0 for none. */
  public RunOptions withCheckEvery(int n) {
    check("checkEvery", n, 0, 100_000);
    return with(f -> f.checkEvery = n);
  }

  /**
   * The problem's size: level 0 is {@code cells x cells} over the unit square, cut into boxes of at most
   * {@code boxSize} cells a side (the grids the balancer places on level 0). More cells, more compute per step.
   */
  public RunOptions withBaseGrid(int cells, int boxSize) {
    check("baseCells", cells, 8, 4096);
    check("baseBoxSize", boxSize, 4, cells);
    return with(f -> {
      f.baseCells = cells;
      f.baseBoxSize = boxSize;
    });
  }

  /**
   * Patch work calibrated from the measured sweep times (a per-patch overhead and a per-cell cost for each level,
   * {@link org.amrbalance.mesh.laplace.WorkModel}) instead of counted in cells; off by default, on in the demo.
   */
  public RunOptions withCalibration(boolean on) {
    return with(f -> f.calibrate = on);
  }

  /**
   * The longest a remap's exchange waits for the payloads of another rank; a rank not heard from by then fails the
   * remap (undone on every rank if failed remaps are recovered, else the end of the run). No timeout by default: a
   * remap's transfer time grows with the data moved and the machine's load, which only the run knows, and a
   * deadline shorter than a legitimate remap would turn a slow remap into a failed one.
   */
  public RunOptions withRemapTimeout(Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero() || timeout.compareTo(MAX_REMAP_TIMEOUT) > 0) {
      throw new IllegalArgumentException("remapTimeout = " + (timeout == null ? null : seconds(timeout) + " s")
          + ": must be positive and at most " + seconds(MAX_REMAP_TIMEOUT) + " s");
    }
    return with(f -> f.remapTimeout = timeout);
  }

  /** A remap waits as long as it takes for every rank (the default). */
  public RunOptions withoutRemapTimeout() {
    return with(f -> f.remapTimeout = null);
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

  public int steps() {
    return steps;
  }

  public int lmax() {
    return lmax;
  }

  public String balancer() {
    return balancer;
  }

  public String trigger() {
    return trigger;
  }

  public Map<String, String> settings() {
    return settings;
  }

  public int sweepsPerStep() {
    return sweepsPerStep;
  }

  public int regridInterval() {
    return regridInterval;
  }

  public int checkEvery() {
    return checkEvery;
  }

  /** Cells per side of level 0. */
  public int baseCells() {
    return baseCells;
  }

  /** The largest side of a level-0 box. */
  public int baseBoxSize() {
    return baseBoxSize;
  }

  public int minBox() {
    return minBox;
  }

  public int maxBox() {
    return maxBox;
  }

  public boolean calibrate() {
    return calibrate;
  }

  /** How long a remap's exchange waits for another rank; empty: as long as it takes. */
  public Optional<Duration> remapTimeout() {
    return Optional.ofNullable(remapTimeout);
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
    if (remapTimeout != null) {
      a.addAll(List.of("--remap-timeout", seconds(remapTimeout)));
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

  @Override
  public boolean equals(Object o) {
    return o instanceof RunOptions r && r.toArgs().equals(toArgs());
  }

  @Override
  public int hashCode() {
    return toArgs().hashCode();
  }

  @Override
  public String toString() {
    return "RunOptions" + toArgs();
  }
}
