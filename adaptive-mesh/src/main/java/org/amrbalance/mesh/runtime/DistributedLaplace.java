package org.amrbalance.mesh.runtime;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.util.Modules;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.annotation.Nullable;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.cluster.ClusterOptions;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.laplace.LaplaceAmr;
import org.amrbalance.mesh.laplace.LaplaceAmrBuilder;
import org.amrbalance.mesh.laplace.LaplaceOptions;
import org.amrbalance.mesh.laplace.MovingHotSpot;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.Payload;
import org.amrbalance.service.BalancingListener;
import org.amrbalance.service.BalancingService;
import org.amrbalance.service.RemapEvent;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.StepTimes;

/**
 * One rank of the moving Laplace example run distributed: the solver holds the pieces its assignment gives this
 * rank and moves all grid data as checksummed payloads ({@link PayloadExchange}); a {@link BalancingService}
 * built from the configured names decides remaps from the gathered step times, and a remap migrates the pieces
 * that change rank. Every rank runs the same calls in the same order; {@link #start} and {@link #step} are
 * collective.
 *
 * <p>One path: the service (from the injector) places every hierarchy the solver builds, decides remaps and hands
 * the host the one plan of each. A step: move the hot spot; every R steps regrid (each new level placed by the
 * service's placement policy, then the service is told, and the trigger may rebalance everything at once); one
 * V-cycle, timing this rank's own sweeps; gather every rank's time; tell the service, whose trigger may remap
 * (after the last step the times are only counted).
 */
public final class DistributedLaplace {
  /** The moving example: a hot spot of width 0.05 travelling from x = 0.3 to 0.7 in 40 steps and back. */
  public static final MovingHotSpot PATH = MovingHotSpot.of(0.3, 0.7, 40, 0.05);

  private final Communicator comm;
  private final RunOptions options;
  private final LaplaceAmr solver;
  private final DistributedHost host;
  private final PayloadExchange exchange;
  private final BalancingService service;
  /** What the run measured, summed over its steps (the service counts steps and measures assignments itself). */
  private final RunStatistics stats;
  private int step;
  /** The step this process started after: 0, or the checkpoint's step on a restart. */
  private final int startStep;
  /** Drawn by rank 0 when the run starts, kept by its restarts: which run a checkpoint belongs to. */
  private final long runId;
  /** Every how many steps a checkpoint is written, and where (0 and null: none). */
  private CheckpointSchedule checkpoints = new CheckpointSchedule(0, null);
  private java.util.function.DoubleUnaryOperator stepTimeFilter = t -> t;

  private record CheckpointSchedule(int every, @Nullable Path file) {
    boolean due(int step) {
      return every > 0 && step % every == 0 && file != null;
    }
  }

  /**
   * A remap as every rank saw it: in which step (after its sweeps, or at its regrid), why, the agreed cost, the
   * cells that moved, and the max/avg load and level-synchronous efficiency before and after (NaN before the
   * first placement).
   */
  public record Remap(long step, String reason, double cost, long cellsMoved, double imbalanceBefore,
      double imbalanceAfter, double levelEfficiencyBefore, double levelEfficiencyAfter, boolean atRegrid) {}

  /**
   * What one step did (the same on every rank); {@code times} is null for a step whose times were skipped as bad
   * ({@code amrbalance.service.bad-step-times = skip}). The wall time (slowest rank) splits into
   * {@code computeSeconds} (the slowest rank's sweeps, {@code times.max()}), {@code exchangeSeconds} (this rank's
   * ghost, interpolation and restriction exchanges, waiting for its neighbours included, of which
   * {@code waitingSeconds} waiting for their data), {@code regridSeconds}
   * (flagging, clustering, placing and installing new grids) and {@code remapSeconds} (the agreed cost of the remaps
   * of the step: balancing and migration); the rest is the V-cycle's own arithmetic outside the sweeps (residuals,
   * right sides, corrections) and the gather of the step times. Phases other than compute are timed on this rank. {@code predictionError} is
   * the largest difference over the ranks between a rank's share of the modelled load and its share of the
   * measured sweep time (NaN for a skipped step).
   */
  public record StepReport(int step, double x0, boolean regridded, int remaps, @Nullable StepTimes times,
      double wallSeconds, double error, long[] pointsPerLevel, int[] patchesPerLevel, double imbalance,
      double computeSeconds, double exchangeSeconds, double waitingSeconds, double regridSeconds,
      double remapSeconds, double predictionError) {}

  private DistributedLaplace(Communicator comm, RunOptions options, Injector injector, @Nullable Checkpoint from,
      @Nullable BalancingListener probe, DistributedHost.MigrationObserver migrations) {
    this.comm = comm;
    this.options = options;
    this.exchange = PayloadExchange.of(comm);
    exchange.remapTimeout(options.remapTimeout().orElse(null));
    this.stats = new RunStatistics(comm.size());
    this.service = injector.getInstance(BalancingService.class);
    this.host = new DistributedHost(comm, exchange);
    host.observe(migrations);
    service.addListener(stats);
    if (probe != null) {
      service.addListener(probe);
    }
    // Attached before the solver exists: every hierarchy the solver builds is placed by the service.
    service.attach(host);
    LaplaceAmrBuilder builder = LaplaceAmr.builder(options.baseCells(), options.baseCells())
        .amr(AmrOptions.defaults().withLevels(options.lmax(), 2).withBaseBoxSize(options.baseBoxSize())
            .withCluster(ClusterOptions.of(ClusterOptions.defaults().efficiency(), options.minBox(), options.maxBox())))
        .laplace(LaplaceOptions.defaults().withSweepsPerStep(options.sweepsPerStep())
            .withRegridInterval(options.regridInterval()))
        .problem(PATH.at(from == null ? 0 : from.step()))
        .machine(host.machine())
        .placement(service::place)
        .exchange(exchange);
    if (from == null) {
      this.solver = builder.build();
      solver.solve();
    } else {
      // The same ranks keep the saved layout; on another number of ranks the service places the saved hierarchy.
      this.solver = builder.restore(from.assignment(), from.values(), from.step(), from.nextPatchId());
      step = from.step();
    }
    startStep = step;
    // Rank 0's choice for all: the checkpoint's run id, or a fresh one (a new run, or a checkpoint without identity).
    Long id = null;
    if (comm.rank() == 0) {
      id = from != null && from.identity().isPresent() ? from.identity().get().runId() : new SecureRandom().nextLong();
    }
    this.runId = comm.broadcast(id, 0);
    stats.placedOnce.start(solver.assignment());
    host.bind(solver);
    byte[] state = from == null ? new byte[0] : from.balancingState();
    if (state.length > 0) {
      // The grids are placed already: the trigger goes on from where it was, not from a regrid it never saw.
      service.restoreState(state);
    } else {
      service.regridded();
    }
  }

  /**
   * The run's numbers, from the service's events (good step times, remaps, remaps that did not happen) and from the
   * steps' own timing.
   */
  private final class RunStatistics implements BalancingListener {
    private final List<String> failedRemaps = new ArrayList<>();
    private final List<Remap> remaps = new ArrayList<>();
    private final double[] computeSeconds;
    /** Summed over the steps: compute, exchange, regrid and remap seconds (see {@link StepReport}). */
    private final double[] phaseSeconds = new double[5];
    @Nullable private StepTimes stepTimes;
    private int remapsSkipped;
    private double sumAverage;
    private double sumMax;
    private double wallSeconds;
    private double sumPredictionError;
    private int predictedSteps;
    /** True while the service decides on a step's times (a remap then is not the regrid's). */
    private boolean stepping;
    private final PlacedOnce placedOnce = new PlacedOnce();

    RunStatistics(int ranks) {
      this.computeSeconds = new double[ranks];
    }

    @Override
    public void onStep(long admitted, StepTimes times) {
      stepTimes = times;
      for (int r = 0; r < computeSeconds.length; r++) {
        computeSeconds[r] += times.time(r);
      }
      sumAverage += times.average();
      sumMax += times.max();
    }

    @Override
    public void onRemap(RemapEvent e) {
      // The run's step, not the service's count.
      remaps.add(new Remap(step, e.reason(), e.cost(), e.plan().cells(),
          e.imbalanceBefore(), e.imbalanceAfter(), e.levelEfficiencyBefore(), e.levelEfficiencyAfter(),
          !stepping));
    }

    @Override
    public void onRemapSkipped(long skippedAt, String why) {
      remapsSkipped++;
    }
  }

  /**
   * Builds the solver on this rank, solves the static problem (levels placed by the configured balancer) and
   * attaches the balancing service. An unknown balancer or trigger name is an {@link IllegalArgumentException}
   * listing the known ones.
   */
  public static DistributedLaplace start(Communicator comm, RunOptions options) {
    if (comm == null || options == null) {
      throw new IllegalArgumentException("comm, options = null: must not be null");
    }
    return new DistributedLaplace(comm, options, injector(comm, options, null), null, null, (plan, moved) -> {});
  }

  /**
   * As {@link #start(Communicator, RunOptions)}, with {@code bindings} overriding the configured ones, {@code probe}
   * hearing the service's events and {@code migrations} every migration this rank executes; for tests that count.
   */
  static DistributedLaplace start(Communicator comm, RunOptions options, @Nullable Module bindings,
      @Nullable BalancingListener probe, DistributedHost.MigrationObserver migrations) {
    return new DistributedLaplace(comm, options, injector(comm, options, bindings), null, probe, migrations);
  }

  private static Injector injector(Communicator comm, RunOptions options, @Nullable Module bindings) {
    Map<String, String> configuration = new java.util.TreeMap<>(options.configuration());
    if (comm.rank() != 0) {
      // Every rank decides alike: rank 0's remap log line says it for all of them.
      configuration.put("amrbalance.service.log", "false");
    }
    Module configured = BalancingModules.fromMap(configuration, DistributedLaplace.class.getClassLoader());
    return Guice.createInjector(bindings == null ? configured : Modules.override(configured).with(bindings));
  }

  /**
   * Continues a run from a checkpoint file written by {@link #checkpoint} on any number of ranks: rank 0 reads
   * the file and sends its bytes to every rank (no shared file system needed); on the number of ranks it was
   * written on, the saved assignment is kept, on any other the configured balancer places the saved hierarchy.
   * The solution then goes on exactly as in the uninterrupted run (it does not depend on the layout). The
   * trigger continues from its saved state: on the same number of ranks it decides as the uninterrupted run's
   * would on the same step times; on another it is told a remap (the grids were placed anew) and its statistics
   * of the old ranks start afresh. A checkpoint without a saved state starts the trigger afresh. Collective.
   *
   * <p>The checkpoint must be of a run with the fingerprint of {@code options} ({@link RunIdentity}) and not after
   * their last step ({@link CheckpointExpectation#of}). The restarted run keeps the checkpoint's run id.
   *
   * @throws IOException if the file is missing, not a checkpoint, torn or damaged, or foreign (on every rank; one
   *     line naming the file)
   * @throws IllegalArgumentException if the checkpoint is after the last step of {@code options}
   */
  public static DistributedLaplace restart(Communicator comm, RunOptions options, Path file) throws IOException {
    if (options == null) {
      throw new IllegalArgumentException("options = null: must not be null");
    }
    return restart(comm, CheckpointExpectation.of(options), file);
  }

  /**
   * As {@link #restart(Communicator, RunOptions, Path)} with the options of {@code expected}, refusing also a
   * checkpoint of another run id or older than the least step, if {@code expected} states them. To fall back to the
   * checkpoint before a torn one, pass the file {@link Checkpoint#readNewest} chose.
   *
   * @throws IOException if the file is missing, not a checkpoint, torn or damaged, foreign or stale (on every rank;
   *     one line naming the file)
   * @throws IllegalArgumentException if the checkpoint is after the last step of the options (on every rank)
   */
  public static DistributedLaplace restart(Communicator comm, CheckpointExpectation expected, Path file)
      throws IOException {
    if (comm == null || expected == null || file == null) {
      throw new IllegalArgumentException("comm, expected, file = null: must not be null");
    }
    RunOptions options = expected.options();
    byte[] mine = new byte[0];
    Checkpoint parsed = null;
    String problem = "";
    boolean badOptions = false;
    if (comm.rank() == 0) {
      try {
        // The bytes checked are the bytes sent: the file is read and decoded once.
        mine = Checkpoint.readBytes(file);
        parsed = Checkpoint.fromBytes(file, mine);
        expected.check(file, parsed);
      } catch (IOException | IllegalArgumentException e) {
        mine = new byte[0];
        problem = Checkpoint.oneLine(e.getMessage());
        badOptions = e instanceof IllegalArgumentException;
      }
    }
    if (comm.broadcast(badOptions, 0)) {
      throw new IllegalArgumentException(comm.broadcast(problem, 0));
    }
    String why = comm.broadcast(problem, 0);
    if (!why.isEmpty()) {
      throw new IOException("restart failed on rank 0: " + why);
    }
    // Point to point, checksummed, as grid data travels (a broadcast of a large array is not what MPJ does best).
    List<Payload> out = new ArrayList<>();
    if (comm.rank() == 0) {
      for (int r = 1; r < comm.size(); r++) {
        out.add(Payload.of(0, r, 0, mine));
      }
    }
    List<Payload> in = comm.exchange(out);
    // Checked on rank 0 as read; the bytes came checksummed, so every rank reads the same checkpoint.
    Checkpoint c = comm.rank() == 0 ? parsed : Checkpoint.fromBytes(file, in.get(0).data());
    return new DistributedLaplace(comm, options, injector(comm, options, null), c, null, (plan, moved) -> {});
  }

  /** The state now, on rank {@code root} (null elsewhere); collective. */
  @Nullable
  public Checkpoint capture(int root) {
    Snapshot s = snapshot(root);
    if (s == null) {
      return null;
    }
    Map<Integer, double[]> values = new TreeMap<>();
    s.patches().forEach((id, p) -> values.put(id, p.values()));
    return Checkpoint.of(step, solver.nextPatchId(), solver.assignment(), values)
        .withBalancingState(service.saveState()).withIdentity(RunIdentity.of(runId, options));
  }

  /**
   * Writes the state to {@code file} atomically, the checkpoint it replaces kept as {@code FILE.prev} (rank 0
   * writes: {@link Checkpoint#write}); collective. A failed write is an {@link IOException} on every rank, and both
   * previous files stay as they were.
   */
  public void checkpoint(Path file) throws IOException {
    Checkpoint c = capture(0);
    String problem = "";
    if (c != null) {
      try {
        c.write(file);
      } catch (IOException e) {
        problem = Checkpoint.oneLine(e.getMessage());
      }
    }
    String why = comm.broadcast(problem, 0);
    if (!why.isEmpty()) {
      throw new IOException("checkpoint after step " + step + " failed on rank 0: " + why);
    }
  }

  /** Writes a checkpoint to {@code file} after every {@code n}-th step from now on (0: none). */
  public void checkpointEvery(int n, @Nullable Path file) {
    if (n < 0 || (n > 0 && file == null)) {
      throw new IllegalArgumentException("checkpointEvery = " + n + ", file = " + file
          + ": n must be >= 0 and a file given if n > 0");
    }
    checkpoints = new CheckpointSchedule(n, file);
  }

  /** Takes the next step; collective. */
  public StepReport step() {
    if (step >= options.steps()) {
      throw new IllegalStateException("step " + (step + 1) + ": the run has " + options.steps() + " steps");
    }
    int remapsBefore = stats.remaps.size();
    // The modelled load the step's measured times are compared with (taken again after a regrid).
    BalanceReport modelled = report();
    comm.barrier();
    long start = System.nanoTime();
    step++;
    solver.setProblem(PATH.at(step));
    boolean regrid = step % options.regridInterval() == 0;
    if (regrid) {
      if (options.calibrate()) {
        solver.calibrate();
      }
      solver.regrid();
      try {
        service.regridded();
      } catch (RemapFailedException e) {
        stats.failedRemaps.add("step " + step + ": " + e.getMessage());
      }
    }
    long regridEnd = System.nanoTime();
    double exchangedBefore = exchange.exchangeSeconds();
    double waitedBefore = exchange.waitingSeconds();
    solver.relaxStep();
    double[] seconds = comm.gatherSeconds(stepTimeFilter.applyAsDouble(solver.lastStepTimes().time(comm.rank())));
    if (regrid) {
      modelled = report();
    }
    Assignment swept = solver.assignment(); // the step's sweeps ran on it; a remap after them does not count here
    // Every rank holds the same gathered times, so every rank's service rejects (throws) or skips the same step;
    // good times come back through RunStatistics.
    stats.stepTimes = null;
    if (step < options.steps()) {
      stats.stepping = true;
      try {
        service.stepped(seconds);
      } catch (RemapFailedException e) {
        // The service has told the trigger that the remap did not happen; the old assignment stays.
        stats.failedRemaps.add("step " + step + ": " + e.getMessage());
      } finally {
        stats.stepping = false;
      }
    } else {
      // Counted, but the trigger is not asked: a remap after the last step would cost and never pay.
      service.lastStep(seconds);
    }
    StepTimes times = stats.stepTimes;
    stats.placedOnce.step(swept, modelled, regrid, host.machine(), times == null ? Double.NaN : times.max());
    long end = System.nanoTime();
    double wall = comm.allReduceMax((end - start) / 1e9);
    stats.wallSeconds += wall;
    double remapCost = 0;
    for (Remap r : stats.remaps.subList(remapsBefore, stats.remaps.size())) {
      remapCost += r.cost();
    }
    // A remap at the regrid is part of the regrid phase's time; one after the sweeps is the rest of the step.
    double regridSeconds = Math.max(0, (regridEnd - start) / 1e9 - regridRemapCost(remapsBefore));
    double compute = times == null ? Double.NaN : times.max();
    double exchangeSeconds = exchange.exchangeSeconds() - exchangedBefore;
    double waitingSeconds = exchange.waitingSeconds() - waitedBefore;
    double predictionError = times == null ? Double.NaN : predictionError(modelled, times);
    if (times != null) {
      stats.sumPredictionError += predictionError;
      stats.predictedSteps++;
    }
    stats.phaseSeconds[0] += times == null ? 0 : compute;
    stats.phaseSeconds[1] += exchangeSeconds;
    stats.phaseSeconds[2] += regridSeconds;
    stats.phaseSeconds[3] += remapCost;
    stats.phaseSeconds[4] += waitingSeconds;
    if (checkpoints.due(step)) {
      try {
        checkpoint(checkpoints.file());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    Hierarchy h = solver.hierarchy();
    int[] patches = new int[h.levelCount()];
    for (int l = 0; l < patches.length; l++) {
      patches[l] = h.level(l).size();
    }
    return new StepReport(step, PATH.at(step).x0(), regrid, stats.remaps.size() - remapsBefore, times, wall,
        solver.maxError(), solver.pointsPerLevel(), patches, report().imbalance(), compute, exchangeSeconds,
        waitingSeconds, regridSeconds, remapCost, predictionError);
  }

  /** The agreed cost of the remaps since {@code from} that happened at the regrid (part of the regrid phase). */
  private double regridRemapCost(int from) {
    double c = 0;
    for (Remap r : stats.remaps.subList(from, stats.remaps.size())) {
      if (r.atRegrid()) {
        c += r.cost();
      }
    }
    return c;
  }


  /** Largest |modelled share − measured share| over the ranks: how well the work model predicts the sweeps. */
  static double predictionError(BalanceReport modelled, StepTimes measured) {
    double load = 0;
    double time = 0;
    for (int r = 0; r < measured.ranks(); r++) {
      load += modelled.rankLoad(r);
      time += measured.time(r);
    }
    if (load == 0 || time == 0) {
      return 0;
    }
    double worst = 0;
    for (int r = 0; r < measured.ranks(); r++) {
      worst = Math.max(worst, Math.abs(modelled.rankLoad(r) / load - measured.time(r) / time));
    }
    return worst;
  }

  /** The solution of every patch, on rank {@code root} (null elsewhere); collective. */
  @Nullable
  public Snapshot snapshot(int root) {
    return Snapshot.gather(solver.grids(), root);
  }

  /**
   * On: a remap that fails on any rank (packing, sending or unpacking a piece: an exception, a damaged payload,
   * or a rank not heard from within {@link RunOptions#remapTimeout}) leaves every rank with its grids as before
   * the remap, the run goes on with the old assignment, the trigger is told the remap did not happen, and the
   * failure is listed by {@link #failedRemaps}. Off (the default): the run ends with the error of the rank where
   * it failed. Call on every rank.
   */
  public void recoverFailedRemaps(boolean on) {
    host.recoverFailedRemaps(on);
  }

  /** Each remap that failed and was undone: the step, the failing ranks and moves, and why. */
  public List<String> failedRemaps() {
    return List.copyOf(stats.failedRemaps);
  }

  /** Replaces this rank's measured step time by {@code f} of it before the gather: for tests of bad step times. */
  void filterStepTimes(java.util.function.DoubleUnaryOperator f) {
    stepTimeFilter = f;
  }

  /** Steps whose times were skipped as bad since the start (or restart). */
  public long skippedSteps() {
    return service.skippedSteps();
  }

  /** How many times the trigger was told that a remap it asked for did not happen (a failed remap, say). */
  public int remapsSkipped() {
    return stats.remapsSkipped;
  }

  /** The exchange of grid data of this rank (fault injection in tests). */
  public PayloadExchange exchange() {
    return exchange;
  }

  /** Remaps the current hierarchy to {@code next} through the host (for tests of migration); collective. */
  public double migrateTo(Assignment next) {
    return host.migrate(MigrationPlan.between(solver.assignment(), next));
  }

  /**
   * The balance report of the assignment in force: the service's, which measures each assignment once, when it
   * comes into force (a step asks for it before its sweeps and after them, and most steps keep the assignment).
   */
  public BalanceReport report() {
    return service.currentReport();
  }

  public LaplaceAmr solver() {
    return solver;
  }

  public RunOptions options() {
    return options;
  }

  public int stepsTaken() {
    return step;
  }

  /**
   * The run's id: drawn when it started, kept by its restarts (a fresh one for a checkpoint without identity);
   * the same on every rank. A supervisor states it to {@link CheckpointExpectation#withRunId}.
   */
  public long runId() {
    return runId;
  }

  /**
   * What the trigger learned of the problem, as options of its own ({@link BalancingService#learnedOptions}): the
   * same on every rank; set in a later run of the same problem, they start it from there.
   */
  public java.util.Map<String, String> learnedOptions() {
    return service.learnedOptions();
  }

  /** Every remap so far (the placement when the service was attached included). */
  public List<Remap> remaps() {
    return List.copyOf(stats.remaps);
  }

  /** The run so far in numbers; collective (the error is a reduction). */
  public Summary summary() {
    double remapCost = 0;
    for (Remap r : stats.remaps) {
      remapCost += r.cost();
    }
    return new Summary(step - startStep, startStep, solver.maxError(), solver.pointsPerLevel(), remaps(), remapCost,
        Summary.utilization(stats.sumAverage, stats.sumMax, remapCost), stats.computeSeconds.clone(),
        report().rankLoads(), stats.wallSeconds, host.migratedCells(), comm.allReduceMax(host.migrationSeconds()),
        stats.phaseSeconds.clone(), stats.predictedSteps == 0 ? Double.NaN : stats.sumPredictionError / stats.predictedSteps,
        stats.placedOnce.ratio());
  }

  /**
   * A run in numbers: the steps this process ran, after {@code firstStep} (0, or the step a restart continued
   * from), and what they measured.
   *
   * @param utilization Σ_steps T_avg / (Σ_steps T_max + Σ remap costs): the share of the ranks' time spent
   *     computing, remap costs counted as time lost
   * @param computeSeconds each rank's measured sweep time summed over the steps
   * @param loads each rank's modelled load in the final assignment ({@link BalanceReport#rankLoads})
   * @param migrationSeconds the time spent migrating, summed over the remaps, of the slowest rank
   * @param phaseSeconds compute, exchange, regrid and remap seconds summed over the steps, then the exchange's
   *     waiting for other ranks' data ({@link StepReport})
   * @param predictionError the mean over the steps of {@link StepReport#predictionError}
   */
  public record Summary(int steps, int firstStep, double error, long[] pointsPerLevel, List<Remap> remaps, double remapCost,
      double utilization, double[] computeSeconds, double[] loads, double wallSeconds, long migratedCells,
      double migrationSeconds, double[] phaseSeconds, double predictionError, double placedOnceRatio) {
    /**
     * Σ T_avg / (Σ T_max + Σ remap costs) over any run of steps: the one formula of {@link #utilization}, also for a
     * part of a run (the benchmark's steps after its warm-up); 1 when nothing was measured.
     */
    public static double utilization(double sumAverage, double sumMax, double remapCost) {
      return sumMax + remapCost > 0 ? sumAverage / (sumMax + remapCost) : 1;
    }

    /** Wall time per step (slowest rank), 0 before the first step. */
    public double wallPerStep() {
      return steps == 0 ? 0 : wallSeconds / steps;
    }

    /**
     * The measured compute per step (the slowest rank's sweeps) priced under placing once: times the ratio of the
     * modelled level-synchronous makespans of the shadow static placement and the run's ({@link PlacedOnce}).
     */
    public double placedOnceComputePerStep() {
      return steps == 0 ? Double.NaN : phaseSeconds[0] / steps * placedOnceRatio;
    }
  }
}
