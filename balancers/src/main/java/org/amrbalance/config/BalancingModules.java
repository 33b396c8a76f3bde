package org.amrbalance.config;

import com.google.inject.Guice;
import com.google.inject.Module;
import com.google.inject.util.Modules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import org.amrbalance.service.BadStepTimes;
import org.amrbalance.service.ServiceOptions;
import org.amrbalance.spi.CompositePolicy;
import org.amrbalance.spi.LoadBalancer;

/**
 * Turns configuration into Guice modules. Recognised properties:
 *
 * <pre>
 * amrbalance.balancer = NAME              (default knapsack)
 * amrbalance.trigger  = NAME              (default adaptive); any:NAME,NAME or all:NAME,NAME combine triggers,
 *                                         each member configured by its own amrbalance.NAME.OPTION
 * amrbalance.placement = NAME             places a regrid's grids when the trigger keeps the mapping: any balancer
 *                                         name (default inherit: where their data is)
 * amrbalance.NAME.OPTION = VALUE          options of a balancer or trigger
 * amrbalance.service.two-stage = false    adopt a remap only if its predicted gain pays its expected cost
 * amrbalance.service.horizon = 20         steps over which the two-stage decision sums the gain
 * amrbalance.service.log = true           one System.Logger line per remap
 * amrbalance.service.bad-step-times = reject   reject or skip a step with NaN, negative, infinite or missing times
 * </pre>
 *
 * Other properties (not starting with {@code amrbalance.}) are ignored, so a host can keep its own settings in
 * the same file. An unknown name or option is an error listing the known ones. To change one binding and keep
 * the rest, a host wraps the result: {@code Modules.override(fromProperties(p)).with(new MyModule())}.
 */
public final class BalancingModules {
  /** Prefix of every property read here. */
  public static final String PREFIX = "amrbalance.";
  public static final String BALANCER = PREFIX + "balancer";
  public static final String TRIGGER = PREFIX + "trigger";
  public static final String PLACEMENT = PREFIX + "placement";
  public static final String DEFAULT_PLACEMENT = InheritingPlacementProvider.NAME;
  public static final String DEFAULT_BALANCER = "knapsack";
  public static final String DEFAULT_TRIGGER = "adaptive";
  /** Prefix of a composite trigger that fires when any member fires: {@code any:stop-at-rise,change-detection}. */
  public static final String ANY = "any:";
  /** Prefix of a composite trigger that fires when every member fires in the same step. */
  public static final String ALL = "all:";
  private static final String SERVICE = "service";
  private static final Map<String, String> SERVICE_OPTIONS = Map.of(
      "two-stage", "adopt a remap only if its predicted gain over the horizon pays its expected cost (default false)",
      "horizon", "steps over which the two-stage decision sums the gain, in [1, 2147483647] (default 20)",
      "log", "log one line per remap through System.Logger (default true)",
      "bad-step-times", "reject (throw) or skip (leave out, answer keep, count) a step whose times are NaN, negative,"
          + " infinite or missing for a rank (default reject)");

  private BalancingModules() {}

  public static Module fromProperties(Properties properties) {
    Map<String, String> map = new HashMap<>();
    for (String key : properties.stringPropertyNames()) {
      map.put(key, properties.getProperty(key));
    }
    return fromMap(map);
  }

  public static Module fromMap(Map<String, String> properties) {
    return fromMap(properties, Thread.currentThread().getContextClassLoader());
  }

  /** As {@link #fromMap(Map)}, discovering providers with {@code loader}. */
  public static Module fromMap(Map<String, String> properties, ClassLoader loader) {
    Map<String, BalancerProvider> balancers = discover(BalancerProvider.class, loader);
    Map<String, TriggerProvider> triggers = discover(TriggerProvider.class, loader);
    String balancerName = properties.getOrDefault(BALANCER, DEFAULT_BALANCER).trim();
    String triggerName = properties.getOrDefault(TRIGGER, DEFAULT_TRIGGER).trim();
    String placementName = properties.getOrDefault(PLACEMENT, DEFAULT_PLACEMENT).trim();
    BalancerProvider balancer = balancers.get(balancerName);
    if (balancer == null) {
      throw new IllegalArgumentException(BALANCER + " = " + balancerName + ": unknown balancer; known: "
          + balancers.keySet());
    }
    // A placement is any balancer or the service's own inherit (not a balancer: "all balancers" leaves it out).
    Map<String, BalancerProvider> placements = new TreeMap<>(balancers);
    placements.putIfAbsent(InheritingPlacementProvider.NAME, new InheritingPlacementProvider());
    BalancerProvider placement = placements.get(placementName);
    if (placement == null) {
      throw new IllegalArgumentException(PLACEMENT + " = " + placementName + ": unknown placement; known: "
          + placements.keySet());
    }
    List<String> triggerMembers = triggerMembers(triggerName, triggers);

    Map<String, Map<String, String>> byComponent = new TreeMap<>();
    for (Map.Entry<String, String> e : new TreeMap<>(properties).entrySet()) {
      String key = e.getKey();
      if (!key.startsWith(PREFIX) || key.equals(BALANCER) || key.equals(TRIGGER) || key.equals(PLACEMENT)) {
        continue;
      }
      String rest = key.substring(PREFIX.length());
      int dot = rest.indexOf('.');
      String component = component(key);
      Map<String, String> known = component.equals(SERVICE) ? SERVICE_OPTIONS
          : placements.containsKey(component) ? placements.get(component).options()
          : triggers.containsKey(component) ? triggers.get(component).options() : null;
      if (known == null) {
        Set<String> names = new java.util.TreeSet<>(placements.keySet());
        names.addAll(triggers.keySet());
        names.add(SERVICE);
        throw new IllegalArgumentException(key + " = " + e.getValue() + ": unknown component '" + component
            + "'; known: " + names);
      }
      String option = dot < 0 ? "" : rest.substring(dot + 1);
      if (!known.containsKey(option)) {
        throw new IllegalArgumentException(key + " = " + e.getValue() + ": unknown option of " + component
            + "; valid: " + new java.util.TreeSet<>(known.keySet()));
      }
      byComponent.computeIfAbsent(component, k -> new HashMap<>()).put(option, e.getValue());
    }
    ComponentOptions service = ComponentOptions.of(SERVICE, byComponent.getOrDefault(SERVICE, Map.of()));
    ServiceOptions serviceOptions = ServiceOptions.defaults()
        .withTwoStage(service.booleanValue("two-stage", false))
        .withHorizon(service.intValue("horizon", 20, 1, Integer.MAX_VALUE))
        .withLog(service.booleanValue("log", true))
        .withBadStepTimes(service.enumValue("bad-step-times", BadStepTimes.REJECT));
    Module balancerModule =
        balancer.module(ComponentOptions.of(balancerName, byComponent.getOrDefault(balancerName, Map.of())));
    // The placement is a second LoadBalancer: built by its own injector, so that its module's bindings stay apart.
    Module placementModule = placementName.equals(balancerName) ? balancerModule
        : placement.module(ComponentOptions.of(placementName, byComponent.getOrDefault(placementName, Map.of())));
    LoadBalancer placer = Guice.createInjector(placementModule).getInstance(LoadBalancer.class);
    return Modules.combine(
        balancerModule,
        triggerModule(triggerName, triggerMembers, triggers, byComponent),
        new ServiceModule(serviceOptions, placer));
  }

  /**
   * The {@code amrbalance.*} keys of {@code properties} whose component the configuration does not select (an
   * option of fixed-interval while adaptive runs, say): valid, but read by nobody, which a user should hear about.
   */
  public static List<String> unusedKeys(Map<String, String> properties) {
    Set<String> used = new java.util.HashSet<>(memberNames(properties.getOrDefault(TRIGGER, DEFAULT_TRIGGER).trim()));
    used.add(properties.getOrDefault(BALANCER, DEFAULT_BALANCER).trim());
    used.add(properties.getOrDefault(PLACEMENT, DEFAULT_PLACEMENT).trim());
    used.add(SERVICE);
    List<String> unused = new ArrayList<>();
    for (String key : new TreeMap<>(properties).keySet()) {
      if (!key.startsWith(PREFIX) || key.equals(BALANCER) || key.equals(TRIGGER) || key.equals(PLACEMENT)) {
        continue;
      }
      if (!used.contains(component(key))) {
        unused.add(key);
      }
    }
    return unused;
  }

  /**
   * Only the module of one balancer, with options given without prefix ({@code epsilon -> 0.5}); for tools
   * that balance without a trigger or service.
   */
  public static Module balancerModule(String name, Map<String, String> options) {
    BalancerProvider p = balancer(name);
    for (String option : options.keySet()) {
      if (!p.options().containsKey(option)) {
        throw new IllegalArgumentException(PREFIX + name + "." + option + " = " + options.get(option)
            + ": unknown option of " + name + "; valid: " + new java.util.TreeSet<>(p.options().keySet()));
      }
    }
    return p.module(ComponentOptions.of(name, options));
  }

  /**
   * Only the module of one trigger, with options given without prefix ({@code initial-cost -> 0.5}); {@code name}
   * may be a composite {@code any:a,b} or {@code all:a,b}, whose members then take the options
   * {@code a.initial-cost -> 0.5}. For tools that run a trigger without a service.
   */
  public static Module triggerModule(String name, Map<String, String> options) {
    Map<String, TriggerProvider> triggers = discover(TriggerProvider.class,
        Thread.currentThread().getContextClassLoader());
    List<String> members = triggerMembers(name.trim(), triggers);
    Map<String, Map<String, String>> byComponent = new TreeMap<>();
    for (Map.Entry<String, String> e : options.entrySet()) {
      String component = members.size() == 1 ? members.get(0) : e.getKey().substring(0, Math.max(0,
          e.getKey().indexOf('.')));
      String option = members.size() == 1 ? e.getKey() : e.getKey().substring(e.getKey().indexOf('.') + 1);
      TriggerProvider p = triggers.get(component);
      if (p == null || !members.contains(component) || !p.options().containsKey(option)) {
        throw new IllegalArgumentException(PREFIX + (members.size() == 1 ? component + "." : "") + e.getKey()
            + " = " + e.getValue() + ": unknown option of " + name.trim() + "; valid: "
            + validOptions(members, triggers));
      }
      byComponent.computeIfAbsent(component, k -> new HashMap<>()).put(option, e.getValue());
    }
    return triggerModule(name.trim(), members, triggers, byComponent);
  }

  /** The options a trigger name (single or composite) accepts, as written after {@code amrbalance.}. */
  private static Set<String> validOptions(List<String> members, Map<String, TriggerProvider> triggers) {
    Set<String> valid = new java.util.TreeSet<>();
    for (String m : members) {
      for (String o : triggers.get(m).options().keySet()) {
        valid.add(m + "." + o);
      }
    }
    return valid;
  }

  /**
   * The trigger names in {@code name}: itself, or the members of {@code any:a,b} / {@code all:a,b} (at least one,
   * each known and given once).
   */
  /** The component an {@code amrbalance.COMPONENT.OPTION} key configures. */
  private static String component(String key) {
    String rest = key.substring(PREFIX.length());
    int dot = rest.indexOf('.');
    return dot < 0 ? rest : rest.substring(0, dot);
  }

  /** The trigger names of {@code name}: itself, or the members of an {@code any:}/{@code all:} composite. */
  private static List<String> memberNames(String name) {
    if (!name.startsWith(ANY) && !name.startsWith(ALL)) {
      return List.of(name);
    }
    List<String> members = new ArrayList<>();
    for (String m : name.substring(name.indexOf(':') + 1).split(",", -1)) {
      members.add(m.trim());
    }
    return members;
  }

  private static List<String> triggerMembers(String name, Map<String, TriggerProvider> triggers) {
    boolean composite = name.startsWith(ANY) || name.startsWith(ALL);
    List<String> members = memberNames(name);
    for (String m : members) {
      if (!triggers.containsKey(m)) {
        throw new IllegalArgumentException(TRIGGER + " = " + name + ": unknown trigger" + (composite ? " '" + m + "'"
            : "") + "; known: " + triggers.keySet() + (composite ? "" : ", or any:NAME,NAME / all:NAME,NAME"));
      }
    }
    if (new java.util.HashSet<>(members).size() != members.size()) {
      throw new IllegalArgumentException(TRIGGER + " = " + name + ": a composite names each trigger once "
          + "(members share their options amrbalance.NAME.*)");
    }
    return members;
  }

  private static Module triggerModule(String name, List<String> members, Map<String, TriggerProvider> triggers,
      Map<String, Map<String, String>> byComponent) {
    List<Module> modules = new ArrayList<>();
    for (String m : members) {
      modules.add(triggers.get(m).module(ComponentOptions.of(m, byComponent.getOrDefault(m, Map.of()))));
    }
    if (!name.startsWith(ANY) && !name.startsWith(ALL)) {
      return modules.get(0);
    }
    // Each member is built by its own injector, so that members' option bindings stay apart; every injection of
    // the composite gets fresh members (policies are stateful, one per run).
    List<com.google.inject.Injector> injectors = new ArrayList<>();
    for (Module m : modules) {
      injectors.add(Guice.createInjector(m));
    }
    boolean all = name.startsWith(ALL);
    return new com.google.inject.AbstractModule() {
      @com.google.inject.Provides
      org.amrbalance.spi.RemapPolicy policy() {
        org.amrbalance.spi.RemapPolicy[] p = new org.amrbalance.spi.RemapPolicy[injectors.size()];
        for (int i = 0; i < p.length; i++) {
          p[i] = injectors.get(i).getInstance(org.amrbalance.spi.RemapPolicy.class);
        }
        return all ? CompositePolicy.allOf(p)
            : CompositePolicy.anyOf(p);
      }
    };
  }

  /** Names of the balancers on the classpath. */
  public static Set<String> balancerNames() {
    return discover(BalancerProvider.class, Thread.currentThread().getContextClassLoader()).keySet();
  }

  /** Names of the triggers on the classpath. */
  public static Set<String> triggerNames() {
    return discover(TriggerProvider.class, Thread.currentThread().getContextClassLoader()).keySet();
  }

  /** The provider of a trigger name, for listings of its options. */
  public static TriggerProvider trigger(String name) {
    TriggerProvider p = discover(TriggerProvider.class, Thread.currentThread().getContextClassLoader()).get(name);
    if (p == null) {
      throw new IllegalArgumentException("trigger = " + name + ": unknown trigger; known: " + triggerNames());
    }
    return p;
  }

  /** The provider of a balancer name, for listings of its options. */
  public static BalancerProvider balancer(String name) {
    BalancerProvider p = discover(BalancerProvider.class, Thread.currentThread().getContextClassLoader()).get(name);
    if (p == null) {
      throw new IllegalArgumentException("balancer = " + name + ": unknown balancer; known: " + balancerNames());
    }
    return p;
  }

  private static <P extends ComponentProvider> Map<String, P> discover(Class<P> type, ClassLoader loader) {
    Map<String, P> out = new TreeMap<>();
    for (P p : ServiceLoader.load(type, loader)) {
      P previous = out.putIfAbsent(p.name(), p);
      if (previous != null && previous.getClass() != p.getClass()) {
        throw new IllegalStateException("two " + type.getSimpleName() + "s are named '" + p.name() + "': "
            + previous.getClass().getName() + " and " + p.getClass().getName());
      }
    }
    return out;
  }
}
