package org.amrbalance.triggers.loads;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.TriggerState;
import org.amrbalance.spi.internal.Checks;

/**
 * The idle a remap would remove now, estimated from each rank's step times rather than from T_max alone.
 *
 * <p>The relative idle (T_max − T_avg)/T_avg is a maximum over noisy ranks: with 16 ranks and 20% noise its deviation
 * is about 0.11 against a removable idle of 0.005–0.03, and no smoothing after the maximum recovers which rank stays
 * slow. Here each rank's deviation is filtered ({@link RankFilter}) under a model of how deviations grow after a
 * remap ({@link LoadModel}) fitted to the recent history ({@link LoadModelFit}, first after {@link #FIRST_FIT} steps,
 * then at every remap and every {@link #REFIT_EVERY} steps), started from what each rank did after earlier remaps
 * ({@link RankDrift}), and the posterior is turned into the expected removable idle ({@link ExpectedIdle}). When the
 * steps say little (heavy noise), the estimate follows the fitted growth and a trigger that acts on it remaps at
 * about the best fixed interval; when they say much (no noise), it follows the measured idle.
 *
 * <p>Costs: O(N) per step plus the expected maximum (O(N log N + 64·200)); a fit, on at most {@link #FIT_RANKS}
 * ranks and {@link #HISTORY} steps, some hundreds of likelihood passes; after a fit the running interval is filtered
 * again (kept for up to {@link #BUFFER} steps; beyond that the filter goes on with the new model from where it is),
 * its steps keeping the idle they were given.
 */
public final class RankLoadEstimator {
  static final int FIRST_FIT = 8;
  static final int REFIT_EVERY = 32;
  static final int FIT_RANKS = 32;
  static final int HISTORY = 400;
  static final int BUFFER = 512;

  private int ranks;
  private int[] fitRanks;
  private LoadModelFit fit;
  private RankFilter filter;
  private RankDrift drift;
  private LoadModel model;
  private long total;
  private int age;
  private int sinceFit;
  private double idle;
  private double idleSum;
  private double[] previous;
  private double[] sumY;
  private double[] sumKy;
  private final List<double[]> buffer = new ArrayList<>();
  /** Which buffered steps followed a regrid. */
  private final List<Boolean> afterRegrid = new ArrayList<>();
  /** Whether the host regridded since the last step. */
  private boolean regridded;
  /** Steps that followed a regrid within an interval, and the sum of their mean squared share changes. */
  private long jumps;
  private double jumpSquares;

  public RankLoadEstimator() {
    reset(0);
  }

  private void reset(int n) {
    ranks = n;
    int f = Math.min(n, FIT_RANKS);
    fitRanks = new int[f];
    for (int j = 0; j < f; j++) {
      fitRanks[j] = (int) ((long) j * n / f); // spread over the ranks: neighbours often share a feature
    }
    fit = new LoadModelFit(f, HISTORY);
    filter = new RankFilter(n);
    drift = new RankDrift(n);
    model = null;
    total = 0;
    age = 0;
    sinceFit = 0;
    idle = 0;
    idleSum = 0;
    previous = null;
    regridded = false;
    jumps = 0;
    jumpSquares = 0;
    sumY = new double[n];
    sumKy = new double[n];
    buffer.clear();
    afterRegrid.clear();
  }

  /**
   * One step. {@code held}: the caller judged it a spike on one rank, and the step's deviations are taken as the
   * previous step's (the first step of an interval has none and is taken as it is).
   */
  public void admit(StepTimes times, boolean held) {
    Checks.notNull("times", times);
    if (times.ranks() != ranks) {
      reset(times.ranks());
    }
    double[] y = new double[ranks];
    if (held && previous != null) {
      System.arraycopy(previous, 0, y, 0, ranks);
    } else {
      double avg = times.average();
      for (int i = 0; i < ranks; i++) {
        y[i] = avg > 0 ? times.time(i) / avg - 1 : 0;
      }
    }
    age++;
    total++;
    if (ranks < 2) {
      return; // one rank has no idle to remove
    }
    boolean afterRegridStep = regridded;
    boolean jumped = afterRegridStep && previous != null;
    regridded = false;
    if (model != null && !afterRegridStep) {
      // Winsorized at the model's spread: one rank's outlier the caller did not hold moves no statistic far (after a
      // regrid a jump is expected and kept).
      double bound = RankFilter.CLIP * Math.sqrt(model.spreadAt(age) + model.noise());
      for (int i = 0; i < ranks; i++) {
        y[i] = Math.max(-bound, Math.min(bound, y[i]));
      }
    }
    if (jumped) {
      double squares = 0;
      for (int i = 0; i < ranks; i++) {
        squares += (y[i] - previous[i]) * (y[i] - previous[i]) / ranks;
      }
      jumps++;
      jumpSquares += squares;
    }
    previous = y;
    double[] kept = new double[fitRanks.length];
    for (int j = 0; j < kept.length; j++) {
      kept[j] = y[fitRanks[j]];
    }
    fit.add(kept, age);
    if (age <= BUFFER) {
      buffer.add(y);
      afterRegrid.add(jumped);
    }
    for (int i = 0; i < ranks; i++) {
      sumY[i] += y[i];
      sumKy[i] += age * y[i];
    }
    boolean due = model == null ? Long.bitCount(total) == 1 : sinceFit >= REFIT_EVERY;
    boolean hadModel = model != null;
    if (total >= FIRST_FIT && due && refit() && buffer.size() == age) {
      refilter(!hadModel);
    } else if (model != null) {
      // No refit, or an interval longer than the buffer: the filter goes on from where it is.
      if (age == 1) {
        startFilter();
      } else if (jumped) {
        filter.inflate(jumpVariance());
      }
      filter.update(model, y);
      addIdle();
    }
    sinceFit++;
  }

  /**
   * The host regridded: the next step's shares may jump, as new grids are placed where the old ones were not. The
   * filter then widens every rank's deviation by the mean squared change measured across regrids so far, less the two
   * steps' noise (before any: the prior spread at this age), so the estimate follows the new level at once instead of
   * averaging it in over many steps.
   */
  public void regridded() {
    regridded = true;
  }

  private double jumpVariance() {
    if (jumps == 0) {
      return model.spreadAt(age);
    }
    return Math.max(0, jumpSquares / jumps - 2 * model.noise());
  }

  /** The interval is over: its drift is learned, the model refitted. */
  public void remapped() {
    if (ranks >= 2) {
      drift.add(age, sumY, sumKy);
    }
    age = 0;
    idle = 0;
    idleSum = 0;
    previous = null;
    Arrays.fill(sumY, 0);
    Arrays.fill(sumKy, 0);
    buffer.clear();
    afterRegrid.clear();
    if (ranks >= 2 && total >= FIRST_FIT) {
      refit();
    }
  }

  private boolean refit() {
    LoadModel m = fit.estimate();
    sinceFit = 0;
    if (m == null) {
      return false;
    }
    model = m;
    return true;
  }

  /**
   * The running interval filtered again under the new model. The sum of its idles is recomputed only after the first
   * fit, when it holds the zeros of the steps before any model; later the steps keep the idle they were given (one
   * expected maximum per buffered step at every refit was most of the trigger's cost).
   */
  private void refilter(boolean recomputeSum) {
    startFilter();
    if (recomputeSum) {
      idleSum = 0;
    }
    for (int k = 0; k < buffer.size(); k++) {
      if (k > 0 && afterRegrid.get(k)) {
        filter.inflate(jumpVariance());
      }
      filter.update(model, buffer.get(k));
      if (recomputeSum || k == buffer.size() - 1) {
        addIdle();
      }
    }
  }

  /** This step's expected idle, from the filter's posterior, added to the interval's sum. */
  private void addIdle() {
    idle = ExpectedIdle.of(filter.levels(), filter.variances(), model.noise());
    idleSum += idle;
  }

  private void startFilter() {
    if (drift.ready()) {
      RankDrift.Shrunk slopes = drift.slopes();
      filter.start(model, drift.offsets().values(), slopes.values(), model.slope() * (1 - slopes.weight()));
    } else {
      filter.start(model, null, null, model.slope());
    }
  }

  /** Whether a model has been fitted (after {@link #FIRST_FIT} steps on two or more ranks). */
  public boolean ready() {
    return model != null;
  }

  /** The expected idle a remap removes at this step, in shares of the mean step time (0 before a model). */
  public double idle() {
    return idle;
  }

  /** The sum of {@link #idle()} over the interval's steps so far, this one included. */
  public double idleSum() {
    return idleSum;
  }

  public void write(TriggerState.Writer out) {
    out.putInt(ranks).putLong(total).putInt(age).putInt(sinceFit).putDouble(idle).putDouble(idleSum)
        .putBoolean(regridded).putLong(jumps).putDouble(jumpSquares)
        .putDoubles(model == null ? null : model.toArray()).putDoubles(previous).putDoubles(sumY).putDoubles(sumKy)
        .putDoubles(filter.toArray()).putDoubles(drift.toArray()).putDoubles(fit.toArray());
    double[] flat = new double[buffer.size() * ranks];
    for (int k = 0; k < buffer.size(); k++) {
      System.arraycopy(buffer.get(k), 0, flat, k * ranks, ranks);
    }
    out.putDoubles(flat);
    double[] flags = new double[afterRegrid.size()];
    for (int k = 0; k < flags.length; k++) {
      flags[k] = afterRegrid.get(k) ? 1 : 0;
    }
    out.putDoubles(flags);
  }

  /** Reads what {@link #write} wrote; returns the action that applies it once the whole state has been read. */
  public Runnable read(TriggerState.Reader in) {
    int n = in.readInt();
    long t = in.readLong();
    int a = in.readInt();
    int since = in.readInt();
    double i = in.readDouble();
    double s = in.readDouble();
    boolean g = in.readBoolean();
    long j = in.readLong();
    double js = in.readDouble();
    double[] m = in.readDoubles();
    double[] prev = in.readDoubles();
    double[] sy = in.readDoubles();
    double[] sky = in.readDoubles();
    double[] f = in.readDoubles();
    double[] d = in.readDoubles();
    double[] h = in.readDoubles();
    double[] flat = in.readDoubles();
    double[] flags = in.readDoubles();
    Checks.check(n >= 0 && t >= 0 && a >= 0 && since >= 0, "state", n, "holds a negative count");
    Checks.check(sy != null && sy.length == n && sky != null && sky.length == n && f != null && f.length == 2 * n + 3
        && d != null && d.length == 4 * n + 1 && h != null && flat != null && flat.length % Math.max(1, n) == 0
        && (m == null || m.length == 4) && (prev == null || prev.length == n) && flags != null
        && flags.length == flat.length / Math.max(1, n), "state", n,
        "does not hold the load estimate of " + n + " ranks");
    return () -> {
      reset(n);
      total = t;
      age = a;
      sinceFit = since;
      idle = i;
      idleSum = s;
      regridded = g;
      jumps = j;
      jumpSquares = js;
      model = m == null ? null : LoadModel.of(m);
      previous = prev;
      System.arraycopy(sy, 0, sumY, 0, n);
      System.arraycopy(sky, 0, sumKy, 0, n);
      filter.set(f);
      drift.set(d);
      fit.set(h);
      for (int k = 0; n > 0 && k < flat.length / n; k++) {
        double[] y = new double[n];
        System.arraycopy(flat, k * n, y, 0, n);
        buffer.add(y);
        afterRegrid.add(flags[k] != 0);
      }
    };
  }
}
