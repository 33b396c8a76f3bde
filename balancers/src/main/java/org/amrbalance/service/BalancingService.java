package org.amrbalance.service;

import org.amrbalance.service.ServiceOptions.BadStepTimes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import javax.annotation.Nullable;
import org.amrbalance.spi.AmrHost;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.TriggerState;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.TriggerState;

/**
 * The one object a host talks to, and the one path from a host's grids to a migration. The host
 * {@linkplain #attach attaches} its {@link AmrHost} hooks, has the service {@linkplain #place place} the grids it
 * creates, tells it of every regrid ({@link #regridded}) and of every synchronized step's times ({@link #stepped}).
 * The service asks the trigger, calls the balancer, builds the one {@link MigrationPlan} of a remap, measures it
 * with {@link BalanceReport}, hands it to {@link AmrHost#migrate}, and feeds the cost, agreed once through
 * {@link AmrHost#agreedCost}, back to the trigger.
 *
 * <p>Placement: the first placement is the balancer's; afterwards the grids of a regrid are placed by the
 * placement policy (configuration {@code amrbalance.placement}, default {@link InheritingPlacement}: where
 * their data is) unless the trigger asks for a remap, which the balancer then places. Costs are the balancer's
 * wall time plus what {@link AmrHost#migrate} returns, in seconds. Every rank of a distributed host runs its own
 * service; given the same gathered step times, agreed costs and deterministic balancers and triggers, all reach
 * the same decisions. Not thread-safe.
 *
 * <p>Step times are validated here and nowhere else: NaN, negative, infinite or missing for a rank never reach the
 * trigger: under {@link BadStepTimes#REJECT} (the default) {@link #stepped} throws and nothing changes, under
 * {@link BadStepTimes#SKIP} the step is counted ({@link #skippedSteps}), reported to the listeners and answered
 * with "keep" (see {@link StepTimeGate}). Good times reach the listeners through {@link BalancingListener#onStep}.
 */
public final class BalancingService {
  private static final String STATE_KIND = "balancing-service";
  private static final int STATE_VERSION = 1;

  private final LoadBalancer balancer;
  private final Supplier<RemapPolicy> policies;
  private final ServiceOptions options;
  private final LoadBalancer placement;
  private final List<BalancingListener> listeners = new CopyOnWriteArrayList<>();
  private final LongSupplier nanoClock;

  @Nullable private AmrHost host;
  @Nullable private RemapPolicy policy;
  @Nullable private BalanceReport lastReport;
  /** The assignment {@link #lastReport} measures: an assignment is measured once, however often it is asked for. */
  @Nullable private Assignment reported;
  @Nullable private RemapEvent pendingMeasurement;
  private double lastStepMax = Double.NaN;
  private double lastRemapCost = Double.NaN;
  private long step;
  private long skippedSteps;
  private int remaps;

  /**
   * A service that balances with {@code balancer}, places a regrid's grids with {@code placement} when the trigger
   * keeps the mapping, and starts a fresh trigger from {@code policies} at every {@link #attach}.
   */
  public BalancingService(LoadBalancer balancer, LoadBalancer placement, Supplier<RemapPolicy> policies,
      ServiceOptions options) {
    this(balancer, placement, policies, options, System::nanoTime);
  }

  /** With the clock that times the balancer: tests that compare two runs' decisions need the same costs. */
  BalancingService(LoadBalancer balancer, LoadBalancer placement, Supplier<RemapPolicy> policies,
      ServiceOptions options, LongSupplier nanoClock) {
    this.balancer = balancer;
    this.placement = placement;
    this.policies = policies;
    this.options = options;
    this.nanoClock = nanoClock;
    if (options.log()) {
      listeners.add(new LoggingListener());
    }
  }

  /** Registers the host's hooks and starts a fresh trigger; call once per run, before the first regrid. */
  public void attach(AmrHost newHost) {
    this.host = newHost;
    this.policy = policies.get();
    this.lastReport = null;
    this.reported = null;
    this.pendingMeasurement = null;
    this.lastStepMax = Double.NaN;
    this.lastRemapCost = Double.NaN;
    this.step = 0;
    this.skippedSteps = 0;
    this.remaps = 0;
  }

  public void addListener(BalancingListener listener) {
    listeners.add(listener);
  }

  public void removeListener(BalancingListener listener) {
    listeners.remove(listener);
  }

  /**
   * Places the grids of {@code next}, a hierarchy the host is building (at a regrid, level by level, or at its
   * start), without moving any data and without asking the trigger: the host installs the result, taking the data
   * of the new grids from its old ones or by interpolation. The first placement (the host has no assignment yet) is
   * the balancer's; later ones are the placement policy's, from the host's current assignment.
   */
  public Assignment place(Hierarchy next) {
    AmrHost h = requireHost();
    if (next == null) {
      throw new IllegalArgumentException("next = null: give the hierarchy to place");
    }
    Assignment current = h.currentAssignment();
    BalanceProblem problem = BalanceProblem.of(next, h.machine(), h.costModel());
    if (current == null) {
      return balancer.balance(problem);
    }
    return placement.balance(problem.withPrevious(current));
  }

  /**
   * The host has a new hierarchy (or its first one). The first placement is a remap by the balancer; afterwards
   * the trigger is asked and, if it says so, the balancer remaps. Otherwise grids that the host did not have
   * {@linkplain #place placed} already are placed by the placement policy and migrated. Returns what
   * happened: the decision, the assignment in force, the plan the host executed and its report.
   */
  public Outcome regridded() {
    AmrHost h = requireHost();
    Assignment current = h.currentAssignment();
    RemapDecision decision = current == null ? RemapDecision.remap("first placement") : policy.onRegrid();
    fire(l -> l.onDecision(step, decision));
    if (decision.shouldRemap()) {
      return remap(h, current, decision, decision.predictedGain(),
          current == null ? RemapEvent.Cause.FIRST_PLACEMENT : RemapEvent.Cause.REGRID);
    }
    Hierarchy now = h.hierarchy();
    if (current.hierarchy().equals(now)) {
      return new Outcome(decision, current, null, false, reportOf(h, current));
    }
    BalanceProblem problem = problemFor(h, current);
    MigrationPlan plan = MigrationPlan.between(current, placement.balance(problem));
    h.migrate(plan);
    measured(plan.target(), BalanceReport.of(problem, plan));
    return new Outcome(decision, plan.target(), plan, false, lastReport);
  }

  /**
   * One synchronized step finished with these times. Asks the trigger and, if it says so (and the optional
   * second stage agrees), remaps. Returns what happened: the trigger's decision, and the remap's plan and
   * report if there was one. Times of another rank count than the host's
   * machine are bad step times (see {@link #stepped(double[])}).
   */
  public Outcome stepped(StepTimes times) {
    AmrHost h = requireHost();
    List<String> problems = gate(h).problems(times);
    return problems.isEmpty() ? accept(h, times) : refuse(problems);
  }

  /**
   * One synchronized step finished with these raw seconds, one per rank, NaN for a rank that did not report.
   * Good times are handled as by {@link #stepped(StepTimes)}. Bad ones (NaN, negative, infinite, or an array
   * whose length is not the rank count) never reach the trigger: under {@link BadStepTimes#REJECT} this throws an
   * {@link IllegalArgumentException} naming the step (the number this step would have had), the rank(s) and the
   * value(s), and the service is as before the call; under {@link BadStepTimes#SKIP} the step is counted in
   * {@link #steps()} and {@link #skippedSteps()}, the listeners hear {@link BalancingListener#onStepSkipped}, and
   * the answer is "keep" with the reason.
   */
  public Outcome stepped(double[] secondsPerRank) {
    AmrHost h = requireHost();
    List<String> problems = gate(h).problems(secondsPerRank);
    return problems.isEmpty() ? accept(h, StepTimes.of(secondsPerRank)) : refuse(problems);
  }

  /**
   * The run's last step finished with these raw seconds: they are validated and counted as by
   * {@link #stepped(double[])} and reach the listeners, but the trigger is not asked, since a remap after the last
   * step would cost and never pay. Returns the admitted times, empty if they were skipped as bad.
   */
  public Optional<StepTimes> lastStep(double[] secondsPerRank) {
    AmrHost h = requireHost();
    List<String> problems = gate(h).problems(secondsPerRank);
    if (!problems.isEmpty()) {
      refuse(problems);
      return Optional.empty();
    }
    StepTimes times = StepTimes.of(secondsPerRank);
    admit(times);
    return Optional.of(times);
  }

  private StepTimeGate gate(AmrHost h) {
    return StepTimeGate.of(h.machine().ranks(), options.badStepTimes());
  }

  /** A bad step: nothing the trigger or the gain measurement uses is touched. */
  private Outcome refuse(List<String> problems) {
    String message = StepTimeGate.message(step + 1, problems);
    if (options.badStepTimes() == BadStepTimes.REJECT) {
      throw new IllegalArgumentException(message);
    }
    step++;
    skippedSteps++;
    long skipped = step;
    fire(l -> l.onStepSkipped(skipped, message));
    return kept(RemapDecision.keep("bad step times skipped: " + message));
  }

  /** Counts a good step and tells the listeners (and a pending remap its measured gain). */
  private void admit(StepTimes times) {
    step++;
    long admitted = step;
    fire(l -> l.onStep(admitted, times));
    if (pendingMeasurement != null) {
      RemapEvent measured = pendingMeasurement.withMeasuredGain(lastStepMax - times.max());
      pendingMeasurement = null;
      fire(l -> l.onRemapMeasured(measured));
    }
    lastStepMax = times.max();
  }

  private Outcome accept(AmrHost h, StepTimes times) {
    admit(times);
    RemapDecision decision = policy.onStep(times);
    fire(l -> l.onDecision(step, decision));
    if (!decision.shouldRemap()) {
      return kept(decision);
    }
    Assignment current = h.currentAssignment();
    if (current == null) {
      throw new IllegalStateException("the host stepped before its first regrid placed any grid");
    }
    return remap(h, current, decision, decision.predictedGain(), RemapEvent.Cause.STEP);
  }

  /** Nothing moved: the assignment in force and its report (measured when it came into force). */
  private Outcome kept(RemapDecision decision) {
    return new Outcome(decision, reported, null, false, lastReport);
  }

  /** The report of {@code assignment}: the one already measured if it is the same assignment. */
  private BalanceReport reportOf(AmrHost h, Assignment assignment) {
    if (lastReport == null || !(assignment == reported || assignment.equals(reported))) {
      measured(assignment, BalanceReport.of(BalanceProblem.of(assignment.hierarchy(), h.machine(), h.costModel()),
          assignment));
    }
    return lastReport;
  }

  private void measured(Assignment assignment, BalanceReport report) {
    reported = assignment;
    lastReport = report;
  }

  private Outcome remap(AmrHost h, @Nullable Assignment current, RemapDecision decision, double predicted,
      RemapEvent.Cause cause) {
    BalanceProblem problem = problemFor(h, current);
    long start = nanoClock.getAsLong();
    Assignment proposed = balancer.balance(problem);
    double balanceSeconds = (nanoClock.getAsLong() - start) * 1e-9;
    // The one plan of this remap: measured here, carried by the event, executed by the host.
    MigrationPlan plan = MigrationPlan.between(current, proposed);
    BalanceReport after = BalanceReport.of(problem, plan);
    BalanceReport before = current == null || !current.hierarchy().equals(problem.hierarchy())
        ? null : reportOf(h, current);
    double gain = predicted;
    if (options.twoStage() && before != null && cause == RemapEvent.Cause.STEP) {
      gain = predictedGain(before, after);
      double expectedCost = Double.isNaN(lastRemapCost) ? problem.costModel().remapCostEstimate() : lastRemapCost;
      if (!(gain > expectedCost)) {
        String why = String.format(java.util.Locale.ROOT,
            "two-stage: predicted gain %.4g over %d steps does not pay the expected cost %.4g",
            gain, options.horizon(), expectedCost);
        policy.onRemapSkipped();
        fire(l -> l.onRemapSkipped(step, why));
        return kept(decision);
      }
    }
    double cost;
    try {
      cost = balanceSeconds + h.migrate(plan);
    } catch (RuntimeException e) {
      policy.onRemapSkipped();
      fire(l -> l.onRemapSkipped(step, "migration failed: " + e.getMessage()));
      throw e;
    }
    // Both parts are this rank's own: agreed once, so that every rank's trigger learns the same cost.
    cost = h.agreedCost(cost);
    lastRemapCost = cost;
    measured(proposed, after);
    remaps++;
    policy.onRemap(cost);
    RemapEvent event = new RemapEvent(step, cause, decision.reason(), gain, Double.NaN, cost, before, after, plan);
    pendingMeasurement = event;
    fire(l -> l.onRemap(event));
    return new Outcome(decision, proposed, plan, true, after);
  }

  /**
   * Gain of the two-stage decision: the drop in max load, converted to time with the last step's time per
   * unit of load, summed over the horizon.
   */
  private double predictedGain(BalanceReport before, BalanceReport after) {
    if (Double.isNaN(lastStepMax) || before.maxLoad() == 0) {
      return 0;
    }
    double secondsPerLoad = lastStepMax / before.maxLoad();
    return (before.maxLoad() - after.maxLoad()) * secondsPerLoad * options.horizon();
  }

  private BalanceProblem problemFor(AmrHost h, @Nullable Assignment current) {
    BalanceProblem p = BalanceProblem.of(h.hierarchy(), h.machine(), h.costModel());
    return current == null ? p : p.withPrevious(current);
  }

  /**
   * What one call of the host path did: the trigger's decision, the assignment in force afterwards, the plan the
   * host executed in this call (null if nothing moved), whether that was a remap (a regrid's placement is not), and
   * the report of the assignment in force (measured once, when it came into force; null before the first one).
   */
  public record Outcome(RemapDecision decision, @Nullable Assignment assignment, @Nullable MigrationPlan plan,
      boolean remapped, @Nullable BalanceReport report) {
    public boolean shouldRemap() {
      return decision.shouldRemap();
    }

    public String reason() {
      return decision.reason();
    }
  }

  /**
   * What a checkpoint needs to continue this run's decisions: the step, skipped-step and remap counts, the last
   * step's maximum time, the last remap's cost, the rank count and the trigger's own
   * {@link RemapPolicy#saveState state}. Call between steps, on every rank (the trigger states are the same on all).
   */
  public byte[] saveState() {
    AmrHost h = requireHost();
    return TriggerState.writer(STATE_KIND, STATE_VERSION).putLong(step).putLong(skippedSteps).putInt(remaps)
        .putDouble(lastStepMax)
        .putDouble(lastRemapCost).putInt(h.machine().ranks()).putBytes(policy.saveState()).toBytes();
  }

  /**
   * Continues from {@link #saveState} after {@link #attach} of a restarted host, before its first regrid or step:
   * the trigger then decides as the saved one would have. On another number of ranks than the state was saved on,
   * the grids were placed anew, so the trigger is told a remap (at the last remap's cost, which keeps its estimate
   * of C) and its per-interval statistics start afresh.
   *
   * @throws IllegalArgumentException if {@code state} is not such a state or not one of this trigger
   */
  public void restoreState(byte[] state) {
    AmrHost h = requireHost();
    TriggerState.Reader in = TriggerState.reader(state, STATE_KIND, STATE_VERSION);
    long savedStep = in.readLong();
    long savedSkipped = in.readLong();
    int savedRemaps = in.readInt();
    double savedMax = in.readDouble();
    double savedCost = in.readDouble();
    int savedRanks = in.readInt();
    byte[] trigger = in.readBytes();
    in.end();
    if (savedStep < 0 || savedSkipped < 0 || savedSkipped > savedStep || savedRemaps < 0 || savedRanks < 1) {
      throw new IllegalArgumentException("state = " + state.length + " bytes: holds step " + savedStep + ", "
          + savedRemaps + " remaps on " + savedRanks + " ranks");
    }
    policy.restoreState(trigger);
    step = savedStep;
    skippedSteps = savedSkipped;
    remaps = savedRemaps;
    lastStepMax = savedMax;
    lastRemapCost = savedCost;
    pendingMeasurement = null;
    if (savedRanks != h.machine().ranks()) {
      policy.onRemap(Double.isNaN(savedCost) ? 0 : savedCost);
    }
  }

  /**
   * The report of the host's assignment in force, measured once per assignment (the one of the last outcome, unless
   * the host changed its assignment since, after a failed remap say).
   */
  public BalanceReport currentReport() {
    AmrHost h = requireHost();
    Assignment current = h.currentAssignment();
    if (current == null) {
      throw new IllegalStateException("no assignment yet: the host's first regrid places the grids");
    }
    return reportOf(h, current);
  }

  /** The report of the assignment in force after the last regrid or remap. */
  public Optional<BalanceReport> lastReport() {
    return Optional.ofNullable(lastReport);
  }

  /**
   * What the trigger learned about the problem, as options of its own ({@link RemapPolicy#learnedOptions}): set as
   * {@code amrbalance.<trigger>.<name>} in a later run of the same problem, they start it from there. Empty before
   * {@link #attach} and for triggers that carry nothing.
   */
  public Map<String, String> learnedOptions() {
    return policy == null ? Map.of() : policy.learnedOptions();
  }

  /** Remaps carried out since {@link #attach} (the first placement included). */
  public int remaps() {
    return remaps;
  }

  /** Steps reported since {@link #attach}, skipped ones included (rejected ones are not reported). */
  public long steps() {
    return step;
  }

  /** Steps since {@link #attach} whose times were bad and, under {@link BadStepTimes#SKIP}, left out. */
  public long skippedSteps() {
    return skippedSteps;
  }

  public ServiceOptions options() {
    return options;
  }

  private AmrHost requireHost() {
    if (host == null) {
      throw new IllegalStateException("no host attached: call attach(AmrHost) first");
    }
    return host;
  }

  private void fire(java.util.function.Consumer<BalancingListener> event) {
    listeners.forEach(event);
  }
}
