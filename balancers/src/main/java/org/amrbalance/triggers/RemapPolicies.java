package org.amrbalance.triggers;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.amrbalance.components.Component;
import org.amrbalance.components.ComponentCatalog;
import org.amrbalance.components.Settings;
import org.amrbalance.spi.CompositePolicy;
import org.amrbalance.spi.RemapPolicy;

/**
 * The triggers, without Guice: each declared once (name, options, factory), built by name with options as written
 * in configuration, or typed from an options record. A policy is stateful: one per run.
 */
public final class RemapPolicies {
  /** Prefix of a composite trigger that fires when any member fires: {@code any:stop-at-rise,change-detection}. */
  public static final String ANY = "any:";
  /** Prefix of a composite trigger that fires when every member fires in the same step. */
  public static final String ALL = "all:";

  public static final Component<RemapPolicy> ADAPTIVE = Component.trigger(Adaptive.NAME,
      "Stop-At-Rise on the idle a remap removes, estimated per rank under a load model fitted to the run, with spikes"
          + " held, abrupt changes caught and no remap that cannot pay before the end (the default)",
      s -> new Adaptive(new AdaptiveOptions(initialCost(s), s.get(AdaptiveOptions.MIN_COST),
          s.get(AdaptiveOptions.STEPS), s.get(AdaptiveOptions.SPIKE_JUMP), s.get(AdaptiveOptions.JUMP_SIGMAS),
          s.get(AdaptiveOptions.CONFIRM), s.get(AdaptiveOptions.LOAD_MODEL))),
      AdaptiveOptions.INITIAL_COST, AdaptiveOptions.MIN_COST, AdaptiveOptions.STEPS, AdaptiveOptions.SPIKE_JUMP,
      AdaptiveOptions.JUMP_SIGMAS, AdaptiveOptions.CONFIRM, AdaptiveOptions.LOAD_MODEL);

  public static final Component<RemapPolicy> STOP_AT_RISE = Component.trigger(StopAtRise.NAME,
      "remap when W(n), the average idle time per step since the last remap with its cost, first rises (seed 000)",
      s -> new StopAtRise(new StopAtRiseOptions(initialCost(s), s.get(StopAtRiseOptions.MIN_COST),
          s.get(StopAtRiseOptions.STEPS))),
      StopAtRiseOptions.INITIAL_COST, StopAtRiseOptions.MIN_COST, StopAtRiseOptions.STEPS);

  public static final Component<RemapPolicy> CHANGE_DETECTION = Component.trigger(ChangeDetection.NAME,
      "remap when a statistical test finds the step times changed and the expected gain pays the cost (seed 001)",
      s -> new ChangeDetection(new ChangeDetectionOptions(s.get(ChangeDetectionOptions.BATCH_SIZE),
          s.get(ChangeDetectionOptions.CLUSTER_SIZE), s.get(ChangeDetectionOptions.ALPHA),
          s.get(ChangeDetectionOptions.BETA), orNaN(s.get(ChangeDetectionOptions.FAILURE_RATE)),
          s.get(ChangeDetectionOptions.RHO), s.get(ChangeDetectionOptions.THRESHOLD_POSITION),
          s.get(ChangeDetectionOptions.EXPECTED_STEPS), initialCost(s), s.get(ChangeDetectionOptions.AIC_FORM),
          s.get(ChangeDetectionOptions.TRIM_OUTLIERS), s.get(ChangeDetectionOptions.NEW_BASE))),
      ChangeDetectionOptions.BATCH_SIZE, ChangeDetectionOptions.CLUSTER_SIZE, ChangeDetectionOptions.ALPHA,
      ChangeDetectionOptions.BETA, ChangeDetectionOptions.FAILURE_RATE, ChangeDetectionOptions.RHO,
      ChangeDetectionOptions.THRESHOLD_POSITION, ChangeDetectionOptions.EXPECTED_STEPS,
      ChangeDetectionOptions.INITIAL_COST, ChangeDetectionOptions.AIC_FORM, ChangeDetectionOptions.TRIM_OUTLIERS,
      ChangeDetectionOptions.NEW_BASE);

  public static final Component<RemapPolicy> REMAP_FREQUENCY = Component.trigger(RemapFrequency.NAME,
      "remap at the analytic optimal interval for a random-walk workload, drift estimated online (seed 003)",
      s -> new RemapFrequency(RemapFrequencyOptions.defaults()
          .tolerance(s.get(RemapFrequencyOptions.FORM), s.get(RemapFrequencyOptions.TOLERANCE))
          .factor(s.get(RemapFrequencyOptions.FACTOR))
          .estimated(s.get(RemapFrequencyOptions.WARMUP), s.get(RemapFrequencyOptions.POOLED))
          .costFloor(s.get(RemapFrequencyOptions.COST_FLOOR))
          .estimates(new RemapFrequencyOptions.Estimates(s.get(RemapFrequencyOptions.HALF_LIFE),
              s.get(RemapFrequencyOptions.CLIP), s.get(RemapFrequencyOptions.SEPARATE_NOISE),
              s.get(RemapFrequencyOptions.MIN_COST)))),
      RemapFrequencyOptions.FORM, RemapFrequencyOptions.TOLERANCE, RemapFrequencyOptions.FACTOR,
      RemapFrequencyOptions.WARMUP, RemapFrequencyOptions.POOLED, RemapFrequencyOptions.COST_FLOOR,
      RemapFrequencyOptions.HALF_LIFE, RemapFrequencyOptions.CLIP, RemapFrequencyOptions.SEPARATE_NOISE,
      RemapFrequencyOptions.MIN_COST);

  public static final Component<RemapPolicy> FIXED_INTERVAL = Component.trigger(FixedInterval.NAME,
      "remap every m steps", s -> new FixedInterval(new FixedIntervalOptions(s.get(FixedIntervalOptions.M))),
      FixedIntervalOptions.M);

  public static final Component<RemapPolicy> NEVER = Component.trigger(NeverRemap.NAME,
      "never remap (regrids still place new grids where their data is)", s -> new NeverRemap());

  public static final Component<RemapPolicy> EVERY_REGRID = Component.trigger(EveryRegrid.NAME,
      "rebalance the whole hierarchy at every regrid, never between regrids", s -> new EveryRegrid());

  private RemapPolicies() {}

  /** The built-in triggers, listed for {@link java.util.ServiceLoader}. */
  public static final class Catalog implements ComponentCatalog {
    @Override
    public List<Component<?>> components() {
      return List.of(ADAPTIVE, STOP_AT_RISE, CHANGE_DETECTION, REMAP_FREQUENCY, FIXED_INTERVAL, NEVER, EVERY_REGRID);
    }
  }

  public static RemapPolicy adaptive() {
    return new Adaptive(AdaptiveOptions.defaults());
  }

  public static RemapPolicy adaptive(AdaptiveOptions options) {
    return new Adaptive(options);
  }

  public static RemapPolicy stopAtRise(StopAtRiseOptions options) {
    return new StopAtRise(options);
  }

  public static RemapPolicy changeDetection(ChangeDetectionOptions options) {
    return new ChangeDetection(options);
  }

  public static RemapPolicy remapFrequency(RemapFrequencyOptions options) {
    return new RemapFrequency(options);
  }

  public static RemapPolicy fixedInterval(int m) {
    return new FixedInterval(new FixedIntervalOptions(m));
  }

  public static RemapPolicy never() {
    return new NeverRemap();
  }

  public static RemapPolicy everyRegrid() {
    return new EveryRegrid();
  }

  /** Names of the triggers on the class path (built-in and from other jars' catalogs). */
  public static Set<String> names() {
    return components().keySet();
  }

  /** The declaration of trigger {@code name}; an error listing the known names if there is none. */
  public static Component<RemapPolicy> component(String name) {
    Component<RemapPolicy> c = components().get(name);
    if (c == null) {
      throw new IllegalArgumentException("amrbalance.trigger = " + name + ": unknown trigger; known: " + names()
          + ", or any:NAME,NAME / all:NAME,NAME");
    }
    return c;
  }

  /** A fresh policy named {@code name} (a composite {@code any:a,b} too) with {@code options} (see {@link #factory}). */
  public static RemapPolicy create(String name, Map<String, String> options) {
    return factory(name, options).get();
  }

  /**
   * Fresh policies named {@code name} with {@code options} written as in configuration without the
   * {@code amrbalance.NAME.} prefix; for a composite {@code any:a,b} or {@code all:a,b} each option names its member
   * ({@code a.initial-cost}). Checked now: an unknown name or option, or a bad value, fails here.
   */
  public static Supplier<RemapPolicy> factory(String name, Map<String, String> options) {
    String trimmed = name.trim();
    List<String> members = members(trimmed);
    if (members.size() == 1 && !isComposite(trimmed)) {
      return component(trimmed).factory(options);
    }
    Map<String, Map<String, String>> byMember = new TreeMap<>();
    for (Map.Entry<String, String> e : options.entrySet()) {
      int dot = e.getKey().indexOf('.');
      String member = dot < 0 ? "" : e.getKey().substring(0, dot);
      if (!members.contains(member)) {
        throw new IllegalArgumentException(Component.PREFIX + e.getKey() + " = " + e.getValue()
            + ": not an option of a member of " + trimmed + " (write MEMBER.OPTION)");
      }
      byMember.computeIfAbsent(member, k -> new HashMap<>()).put(e.getKey().substring(dot + 1), e.getValue());
    }
    return composite(trimmed, byMember);
  }

  /**
   * Fresh composite policies of {@code name} ({@code any:a,b} or {@code all:a,b}) whose members take the options of
   * {@code byMember} (member name to its options).
   */
  public static Supplier<RemapPolicy> composite(String name, Map<String, Map<String, String>> byMember) {
    List<Supplier<RemapPolicy>> parts = new ArrayList<>();
    for (String m : members(name)) {
      parts.add(component(m).factory(byMember.getOrDefault(m, Map.of())));
    }
    return combine(name.startsWith(ALL), parts);
  }

  /** Fresh composites of fresh members: fire when all (or any) of them fire. */
  public static Supplier<RemapPolicy> combine(boolean all, List<Supplier<RemapPolicy>> members) {
    List<Supplier<RemapPolicy>> parts = List.copyOf(members);
    return () -> {
      RemapPolicy[] p = parts.stream().map(Supplier::get).toArray(RemapPolicy[]::new);
      return all ? CompositePolicy.allOf(p) : CompositePolicy.anyOf(p);
    };
  }

  /** The trigger names of {@code name}: itself, or the members of a composite (each known and given once). */
  public static List<String> members(String name) {
    return members(name, names());
  }

  /**
   * The trigger names of {@code name} checked against {@code known}: itself, or the members of an {@code any:} or
   * {@code all:} composite, each known and given once; an error naming the unknown one otherwise.
   */
  public static List<String> members(String name, Set<String> known) {
    boolean composite = isComposite(name);
    List<String> members = memberNames(name);
    for (String m : members) {
      if (!known.contains(m)) {
        throw new IllegalArgumentException("amrbalance.trigger = " + name + ": unknown trigger" + (composite ? " '" + m
            + "'" : "") + "; known: " + known + (composite ? "" : ", or any:NAME,NAME / all:NAME,NAME"));
      }
    }
    if (new HashSet<>(members).size() != members.size()) {
      throw new IllegalArgumentException("amrbalance.trigger = " + name + ": a composite names each trigger once "
          + "(members share their options amrbalance.NAME.*)");
    }
    return members;
  }

  /** The names {@code name} lists, unchecked: itself, or the members of an {@code any:}/{@code all:} composite. */
  public static List<String> memberNames(String name) {
    if (!isComposite(name)) {
      return List.of(name);
    }
    List<String> members = new ArrayList<>();
    for (String m : name.substring(name.indexOf(':') + 1).split(",", -1)) {
      members.add(m.trim());
    }
    return members;
  }

  public static boolean isComposite(String name) {
    return name.startsWith(ANY) || name.startsWith(ALL);
  }

  private static Map<String, Component<RemapPolicy>> components() {
    return ComponentCatalog.discover(RemapPolicy.class);
  }

  /** The valid options of {@code name} as written after {@code amrbalance.}: a composite's are its members'. */
  public static Set<String> validOptions(String name) {
    Set<String> valid = new TreeSet<>();
    for (String m : members(name.trim())) {
      component(m).options().keySet().forEach(o -> valid.add(m + "." + o));
    }
    return valid;
  }

  private static double initialCost(Settings s) {
    return orNaN(s.get(TriggerOptions.INITIAL_COST));
  }

  /** An option without a default not given: the records' NaN. */
  private static double orNaN(Double value) {
    return value == null ? Double.NaN : value;
  }
}
