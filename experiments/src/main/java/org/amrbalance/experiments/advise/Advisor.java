package org.amrbalance.experiments.advise;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.amrbalance.balancers.LoadBalancers;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.triggers.RemapPolicies;

/**
 * Replays a run's hierarchies under one balancer and trigger, as the balancing service would drive them: the first
 * hierarchy placed by the balancer; at every later one (a regrid) the new grids placed where their data is
 * ({@link InheritingPlacement}, what the service does without a remap) and the trigger told of the regrid; every step
 * the trigger given each rank's predicted time (its work × the model's seconds per unit, plus the per-step constant)
 * and, when it asks, a remap by the balancer whose migration the model prices. Every number comes from the final
 * assignment of each step through {@link BalanceReport}.
 */
final class Advisor {
  private final List<HierarchyFile> series;
  private final int[] stepsPerFile;
  private final StepCostModel model;

  Advisor(List<HierarchyFile> series, int[] stepsPerFile, StepCostModel model) {
    if (series.isEmpty() || series.size() != stepsPerFile.length) {
      throw new IllegalArgumentException("series: " + series.size() + " files for " + stepsPerFile.length
          + " step counts");
    }
    this.series = List.copyOf(series);
    this.stepsPerFile = stepsPerFile.clone();
    this.model = model;
  }

  int totalSteps() {
    int n = 0;
    for (int s : stepsPerFile) {
      n += s;
    }
    return n;
  }

  /** What one configuration is predicted to cost over the series. */
  record Prediction(String balancer, String trigger, int ranks, double totalSeconds, int steps, int remaps,
      double remapSeconds, long migratedBytes, double[] stepSecondsPerFile) {
    double secondsPerStep() {
      return totalSeconds / steps;
    }
  }

  /**
   * The trigger {@code name} told what a host knows where it takes it: the run's length, and the cost of a remap
   * before it has measured one ({@code initialCost} seconds, NaN: not told; asked only of a trigger that takes it). Untold, a trigger takes the first step's
   * time as the cost; on a replay without timing noise the idle then never rises past it and the trigger never fires.
   */
  Supplier<RemapPolicy> trigger(String name, java.util.function.DoubleSupplier initialCost) {
    Map<String, String> options = new LinkedHashMap<>();
    if (!RemapPolicies.isComposite(name)) {
      var component = RemapPolicies.component(name);
      for (String horizon : List.of("steps", "expected-steps")) {
        if (component.options().containsKey(horizon)) {
          options.put(horizon, Integer.toString(totalSteps()));
        }
      }
      double cost = component.options().containsKey("initial-cost") ? initialCost.getAsDouble() : Double.NaN;
      if (Double.isFinite(cost)) {
        options.put("initial-cost", Double.toString(cost));
      }
    }
    return RemapPolicies.factory(name, options);
  }

  /**
   * What a remap at the first regrid would cost: the balancer's placement of the second hierarchy against the first
   * one's placement {@code first} inherited onto it (NaN for a single hierarchy). The host would know about as much
   * from its own first remaps; the advisor prices it once, before the run.
   */
  private double firstRemapCost(LoadBalancer lb, LoadBalancer inherit, Machine machine, Assignment first) {
    if (series.size() < 2) {
      return Double.NaN;
    }
    BalanceProblem second = BalanceProblem.of(series.get(1).hierarchy(), machine);
    Assignment kept = inherit.balance(second.withPrevious(first));
    return model.migration(kept, lb.balance(second.withPrevious(kept))).seconds();
  }

  Prediction predict(String balancer, Map<String, String> balancerOptions, String triggerName, int ranks) {
    Machine machine = Machine.fullyConnected(ranks);
    LoadBalancer lb = LoadBalancers.create(balancer, balancerOptions);
    LoadBalancer inherit = new InheritingPlacement();
    Assignment first = lb.balance(BalanceProblem.of(series.get(0).hierarchy(), machine));
    RemapPolicy trigger = trigger(triggerName, () -> firstRemapCost(lb, inherit, machine, first)).get();
    Assignment a = null;
    double total = 0;
    double remapSeconds = 0;
    long migrated = 0;
    int remaps = 0;
    double[] perFile = new double[series.size()];
    for (int k = 0; k < series.size(); k++) {
      BalanceProblem problem = BalanceProblem.of(series.get(k).hierarchy(), machine);
      boolean remapNow = false;
      if (a == null) {
        a = first;
      } else {
        a = inherit.balance(problem.withPrevious(a));
        remapNow = trigger.onRegrid().shouldRemap();
      }
      BalanceReport report = BalanceReport.of(problem, a);
      double stepSum = 0;
      for (int s = 0; s < stepsPerFile[k]; s++) {
        if (remapNow) {
          Assignment next = lb.balance(problem.withPrevious(a));
          StepCostModel.Migration m = model.migration(a, next);
          double cost = m.seconds();
          migrated += m.bytes();
          remapSeconds += cost;
          total += cost;
          remaps++;
          trigger.onRemap(cost);
          a = next;
          report = BalanceReport.of(problem, a);
        }
        double step = model.stepSeconds(report);
        stepSum += step;
        total += step;
        remapNow = trigger.onStep(rankTimes(report)).shouldRemap();
      }
      perFile[k] = stepsPerFile[k] == 0 ? Double.NaN : stepSum / stepsPerFile[k];
    }
    return new Prediction(balancer, triggerName, ranks, total, totalSteps(), remaps, remapSeconds, migrated,
        perFile);
  }

  /** The code's own assignment, where every file records one for every box on the same ranks; else empty. */
  Optional<Prediction> recorded() {
    double total = 0;
    double[] perFile = new double[series.size()];
    int ranks = -1;
    for (int k = 0; k < series.size(); k++) {
      Optional<Assignment> own = series.get(k).recordedAssignment();
      if (own.isEmpty() || (ranks >= 0 && own.get().ranks() != ranks)) {
        return Optional.empty();
      }
      ranks = own.get().ranks();
      Assignment a = own.get(); // on the file's hierarchy, costs applied
      double step = model.stepSeconds(BalanceReport.of(BalanceProblem.of(a.hierarchy(),
          Machine.fullyConnected(ranks)), a));
      perFile[k] = step;
      total += step * stepsPerFile[k];
    }
    return Optional.of(new Prediction("recorded by the code", "-", ranks, total, totalSteps(), 0, 0, 0, perFile));
  }

  private StepTimes rankTimes(BalanceReport report) {
    double[] t = new double[report.ranks()];
    for (int r = 0; r < t.length; r++) {
      t[r] = model.secondsPerWork() * report.rankLoad(r) + model.secondsPerStep();
    }
    return StepTimes.of(t);
  }

  /** Every configuration of {@code balancers} × {@code triggers} × {@code ranks}, in parallel, in that order. */
  List<Prediction> predictAll(List<String> balancers, Map<String, Map<String, String>> options,
      List<String> triggers, List<Integer> ranks) {
    List<Object[]> configs = new ArrayList<>();
    for (int p : ranks) {
      for (String b : balancers) {
        for (String t : triggers) {
          configs.add(new Object[] {b, t, p});
        }
      }
    }
    return configs.parallelStream().map(c -> predict((String) c[0], options.getOrDefault((String) c[0], Map.of()),
        (String) c[1], (Integer) c[2])).toList();
  }
}
