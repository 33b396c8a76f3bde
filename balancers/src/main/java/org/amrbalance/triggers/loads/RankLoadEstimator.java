package org.amrbalance.triggers.loads;

import java.util.Arrays;
import java.util.Optional;
import javax.annotation.Nullable;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.TriggerState;
import org.amrbalance.spi.internal.Checks;

/**
 * The idle a remap would remove now, estimated from each rank's step times rather than from T_max alone.
 *
 * <p>The relative idle (T_max − T_avg)/T_avg is a maximum over noisy ranks: with 16 ranks and 20% noise its deviation
 * is about 0.11 against a removable idle of 0.005–0.03, and no smoothing after the maximum recovers which rank stays
 * slow. Here each rank's deviation is filtered ({@link RankFilter}) under a model of how deviations grow after a
 * remap ({@link LoadModel}), fitted online by moments to a sample of ranks ({@link MomentFit}: first after
 * {@link Tuning#FIRST_FIT} steps, again every {@link Tuning#EARLY_REFIT_EVERY} steps up to step
 * {@link Tuning#EARLY_STEPS}, then every {@link Tuning#REFIT_EVERY} steps and at every
 * remap), started from what each rank did after earlier remaps ({@link RankDrift}), and the posterior is turned into
 * the expected removable idle ({@link ExpectedIdle}). When the steps say little (heavy noise), the estimate follows
 * the fitted growth; when they say much (no noise), it follows the measured idle.
 *
 * <p>Cost per step: a few passes over the ranks (shares, filter, the largest levels) and a quadrature over at most
 * 40 normals; a refit changes the model for the steps to come, the filter goes on from where it is. Memory: about
 * ten numbers per rank, five per fitted rank, and the shares of the steps before the first fit.
 */
final class RankLoadEstimator implements IdleEstimator {
  /** A model an earlier run of the same problem learned, or null: this run learns from its own steps alone. */
  @Nullable private final CarriedModel carried;
  /** Whether this run's steps showed the carried model to be another problem's (it is then left out). */
  private boolean carriedDropped;
  private int ranks;
  private int[] fitRanks;
  private MomentFit fit;
  private RankFilter filter;
  private RankDrift drift;
  private final ExpectedIdle expected = new ExpectedIdle();
  private LoadModel model;
  /** Fits averaged into the model so far (the first ones count equally, later ones by MODEL_STEP). */
  private int fits;
  /** The weight the ranks' repeated slopes kept at this interval's start (0: none learned). */
  private double slopeWeight;
  private long total;
  private int age;
  private int sinceFit;
  private double idle;
  private double idleSum;
  /** This step's and the previous step's shares (swapped every step); previous is empty at an interval's start. */
  private double[] shares;
  private double[] previous;
  private boolean hasPrevious;
  private double[] sample;
  private double[] sumY;
  private double[] sumKy;
  /** The interval's shares before the first fit, filtered once it comes (at most FIRST_FIT steps). */
  private double[][] early;
  /** Which of those followed a regrid. */
  private boolean[] earlyJumped;
  /** Whether the host regridded since the last step. */
  private boolean regridded;
  /** Steps that followed a regrid within an interval, and the sum of their mean squared share changes. */
  private long jumps;
  private double jumpSquares;

  RankLoadEstimator() {
    this(null);
  }

  /**
   * An estimate that starts from {@code carried} (null: none) instead of waiting {@link Tuning#FIRST_FIT} steps for a
   * first fit of its own; each later fit is blended with it by how many steps each was learned from.
   */
  RankLoadEstimator(@Nullable CarriedModel carried) {
    this.carried = carried;
    reset(0);
  }

  private void reset(int n) {
    ranks = n;
    int f = Math.min(n, Tuning.FIT_RANKS);
    fitRanks = new int[f];
    for (int j = 0; j < f; j++) {
      fitRanks[j] = (int) ((long) j * n / f); // spread over the ranks: neighbours often share a feature
    }
    fit = new MomentFit(f);
    filter = new RankFilter(n);
    drift = new RankDrift(n);
    model = carried == null ? null : carried.model();
    carriedDropped = false;
    slopeWeight = 0;
    fits = carried == null ? 0 : 1; // the carried model counts as a first fit
    total = 0;
    age = 0;
    sinceFit = 0;
    idle = 0;
    idleSum = 0;
    shares = new double[n];
    previous = new double[n];
    hasPrevious = false;
    sample = new double[f];
    sumY = new double[n];
    sumKy = new double[n];
    early = new double[Tuning.FIRST_FIT][];
    earlyJumped = new boolean[Tuning.FIRST_FIT];
    regridded = false;
    jumps = 0;
    jumpSquares = 0;
  }

  @Override
  public void admit(StepTimes times, boolean held) {
    Checks.notNull("times", times);
    if (times.ranks() != ranks) {
      reset(times.ranks());
    }
    double[] y = previous;
    previous = shares;
    shares = y;
    age++;
    total++;
    boolean afterRegrid = regridded;
    boolean jumped = afterRegrid && hasPrevious;
    regridded = false;
    boolean copy = held && hasPrevious;
    hasPrevious = true;
    double avg = times.average();
    // Winsorized at the model's spread: one rank's outlier the caller did not hold moves no statistic far (after a
    // regrid a jump is expected and kept).
    double bound = model != null && !afterRegrid ? Tuning.CLIP * Math.sqrt(model.spreadAt(age) + model.noise())
        : Double.POSITIVE_INFINITY;
    // Small loops of their own, each of which the compiler vectorizes; in one loop they took 0.5 ms at 65,536 ranks.
    if (copy) {
      System.arraycopy(previous, 0, y, 0, ranks);
    } else {
      shares(times, avg, y);
    }
    if (bound < Double.POSITIVE_INFINITY) {
      clip(y, bound);
    }
    if (ranks < 2) {
      return; // one rank has no idle to remove
    }
    if (jumped) {
      double squares = 0;
      for (int i = 0; i < ranks; i++) {
        squares += (y[i] - previous[i]) * (y[i] - previous[i]);
      }
      jumps++;
      jumpSquares += squares / ranks;
    }
    double k = age;
    double[] sy = sumY;
    double[] sky = sumKy;
    for (int i = 0; i < ranks; i++) {
      sy[i] += y[i];
      sky[i] += k * y[i];
    }
    for (int j = 0; j < fitRanks.length; j++) {
      sample[j] = y[fitRanks[j]];
    }
    fit.add(sample, jumped);
    if (model == null && age <= Tuning.FIRST_FIT) {
      early[age - 1] = y.clone();
      earlyJumped[age - 1] = jumped;
    }
    boolean due = model == null ? Long.bitCount(total) == 1 || total == Tuning.FIRST_FIT
        : sinceFit >= (total <= Tuning.EARLY_STEPS ? Tuning.EARLY_REFIT_EVERY : Tuning.REFIT_EVERY);
    boolean hadModel = model != null;
    if (total >= Tuning.FIRST_FIT && due) {
      refit();
    }
    sinceFit++;
    if (model == null) {
      return;
    }
    if (!hadModel) {
      filterEarlySteps();
      return;
    }
    if (age == 1) {
      startFilter();
    } else if (sinceFit == 1) {
      filter.refresh(model, startSlopeVariance(), age - 1);
    }
    if (age > 1 && jumped) {
      filter.inflate(jumpVariance());
    }
    filter.update(model, y);
    addIdle();
  }

  /** Each rank's share of the step less 1 (0 for all when the mean step is 0). */
  private static void shares(StepTimes times, double avg, double[] y) {
    if (!(avg > 0)) {
      Arrays.fill(y, 0);
      return;
    }
    double scale = 1 / avg;
    for (int i = 0; i < y.length; i++) {
      y[i] = times.time(i) * scale - 1;
    }
  }

  private static void clip(double[] y, double bound) {
    for (int i = 0; i < y.length; i++) {
      y[i] = Math.max(-bound, Math.min(bound, y[i]));
    }
  }

  /** The first model: the interval's steps so far are filtered under it (kept only for this). */
  private void filterEarlySteps() {
    startFilter();
    idleSum = 0;
    for (int k = 0; k < age && k < early.length && early[k] != null; k++) {
      if (k > 0 && earlyJumped[k]) {
        filter.inflate(jumpVariance());
      }
      filter.update(model, early[k]);
      addIdle();
    }
    Arrays.fill(early, null);
  }

  /**
   * The host regridded: the next step's shares may jump, as new grids are placed where the old ones were not. The
   * filter then widens every rank's deviation by the mean squared change measured across regrids so far, less the two
   * steps' noise (before any: the prior spread at this age), so the estimate follows the new level at once instead of
   * averaging it in over many steps.
   */
  @Override
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
  @Override
  public void remapped() {
    if (ranks >= 2) {
      drift.add(age, sumY, sumKy);
    }
    fit.closeInterval();
    age = 0;
    idle = 0;
    idleSum = 0;
    hasPrevious = false;
    Arrays.fill(early, null);
    if (ranks >= 2 && total >= Tuning.FIRST_FIT) {
      refit();
    }
  }

  private void refit() {
    sinceFit = 0;
    LoadModel m = fit.estimate();
    if (m != null && carried != null && !carriedDropped && contradicts()) {
      // Another problem's model: this run starts over from its own fit, as if nothing had been carried.
      carriedDropped = true;
      model = null;
    }
    if (m != null && carried != null && !carriedDropped) {
      // Each weighs the steps it was learned from (a carried model at most the window a fit sees), so the run's own
      // fits take over as it goes on; on 500 held-out replicates this closed LD and the random walk at 20% noise.
      double own = total;
      m = carried.model().movedTowards(m, own / (own + Math.min(carried.steps(), Tuning.HISTORY)));
    }
    if (m != null) {
      if (model != null) {
        // Four moment equations trade one variance for another from fit to fit (slope-only, then wander-only): the
        // model in force moves a share of the way, so the filter's gains do not flip with them.
        fits++;
        double w = Math.max(Tuning.MODEL_STEP, 1.0 / fits);
        model = model.movedTowards(m, w);
      } else {
        fits = 1;
        model = m;
      }
    }
  }

  /**
   * Whether this run's steps say the carried model is another problem's: the mean squared step-to-step change of the
   * shares, E[(y_k − y_(k−1))²] = 2·noise + wander + slope, off by more than {@link Tuning#CARRIED_NOISE_FACTOR}, or
   * the interval sums far from what it expects of the growth. (The fitted noise itself will not do: over one long
   * interval the fit trades it for the residue and sets it to 0.)
   */
  private boolean contradicts() {
    double expected = 2 * carried.noise() + carried.wander() + carried.slope();
    double seen = fit.meanSquaredChange();
    boolean changesOff = seen > Tuning.CARRIED_NOISE_FACTOR * expected || expected > Tuning.CARRIED_NOISE_FACTOR * seen;
    return changesOff || fit.discrepancy(carried.model()) > Tuning.CARRIED_DEVIATIONS;
  }

  /** This step's expected idle, from the filter's posterior, added to the interval's sum. */
  private void addIdle() {
    idle = expected.of(filter.levels(), ranks, filter.variance(), model.noise());
    idleSum += idle;
  }

  private void startFilter() {
    if (drift.ready()) {
      slopeWeight = drift.shrinkInto(filter.levels(), filter.slopes());
      filter.start(model, filter.levels(), filter.slopes(), startSlopeVariance());
    } else {
      slopeWeight = 0;
      filter.start(model, null, null, startSlopeVariance());
    }
  }

  /** The slope variance an interval starts with: the model's, less the share the ranks' repeated drifts explain. */
  private double startSlopeVariance() {
    return model.slope() * (1 - slopeWeight);
  }

  @Override
  public boolean ready() {
    return model != null;
  }

  @Override
  public double idle() {
    return idle;
  }

  @Override
  public double idleSum() {
    return idleSum;
  }

  /** The load model in force, or null before the first fit. */
  public LoadModel model() {
    return model;
  }

  /**
   * The model in force, to carry into a later run of the same problem, with the steps it was learned from (the
   * carried model's and this run's, once this run has fitted one of its own); empty before any model.
   */
  @Override
  public Optional<CarriedModel> learned() {
    if (model == null) {
      return Optional.empty();
    }
    boolean usesCarried = carried != null && !carriedDropped;
    boolean ownFit = fits > (usesCarried ? 1 : 0);
    long steps = (usesCarried ? carried.steps() : 0) + (ownFit ? total : 0);
    return Optional.of(CarriedModel.of(model, Math.max(1, steps)));
  }

  @Override
  public void write(TriggerState.Writer out) {
    double[] fitState = fit.toArray();
    int earlySteps = 0;
    while (earlySteps < early.length && early[earlySteps] != null) {
      earlySteps++;
    }
    double[] earlyFlat = new double[earlySteps * (ranks + 1)];
    for (int k = 0; k < earlySteps; k++) {
      earlyFlat[k * (ranks + 1)] = earlyJumped[k] ? 1 : 0;
      System.arraycopy(early[k], 0, earlyFlat, k * (ranks + 1) + 1, ranks);
    }
    out.putInt(ranks).putLong(total).putInt(age).putInt(sinceFit).putDouble(idle).putDouble(idleSum)
        .putBoolean(regridded).putLong(jumps).putDouble(jumpSquares).putBoolean(hasPrevious).putDouble(slopeWeight)
        .putInt(fits).putBoolean(carriedDropped)
        .putDoubles(model == null ? null : model.toArray()).putDoubles(shares).putDoubles(sumY).putDoubles(sumKy)
        .putDoubles(filter.toArray()).putDoubles(drift.toArray()).putDoubles(fitState).putDoubles(earlyFlat);
  }

  @Override
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
    boolean hp = in.readBoolean();
    double sw = in.readDouble();
    int nf = in.readInt();
    boolean dropped = in.readBoolean();
    double[] m = in.readDoubles();
    double[] last = in.readDoubles();
    double[] sy = in.readDoubles();
    double[] sky = in.readDoubles();
    double[] f = in.readDoubles();
    double[] d = in.readDoubles();
    double[] h = in.readDoubles();
    double[] e = in.readDoubles();
    int fitted = Math.min(n, Tuning.FIT_RANKS);
    Checks.check(n >= 0 && t >= 0 && a >= 0 && since >= 0 && nf >= 0, "state", n, "holds a negative count");
    Checks.check(last != null && last.length == n && sy != null && sy.length == n && sky != null && sky.length == n
        && f != null && f.length == 2 * n + 3 && d != null && d.length == 4 * n + 1 && h != null
        && MomentFit.accepts(h, fitted) && (m == null || m.length == 4) && e != null
        && e.length % (n + 1) == 0 && e.length / (n + 1) <= Tuning.FIRST_FIT, "state", n,
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
      hasPrevious = hp;
      slopeWeight = sw;
      fits = nf;
      carriedDropped = dropped;
      model = m == null ? null : LoadModel.of(m);
      System.arraycopy(last, 0, shares, 0, n);
      System.arraycopy(sy, 0, sumY, 0, n);
      System.arraycopy(sky, 0, sumKy, 0, n);
      filter.set(f);
      drift.set(d);
      fit.set(h);
      for (int k = 0; k < e.length / (n + 1); k++) {
        earlyJumped[k] = e[k * (n + 1)] != 0;
        early[k] = Arrays.copyOfRange(e, k * (n + 1) + 1, (k + 1) * (n + 1));
      }
    };
  }
}
