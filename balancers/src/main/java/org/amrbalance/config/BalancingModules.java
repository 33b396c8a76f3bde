package org.amrbalance.config;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.util.Modules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.amrbalance.balancers.LoadBalancers;
import org.amrbalance.components.Component;
import org.amrbalance.components.ComponentCatalog;
import org.amrbalance.components.Option;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.service.ServiceOptions;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.triggers.RemapPolicies;

/**
 * Turns configuration into Guice modules; every name, option, default and check comes from the components'
 * declarations ({@link LoadBalancers}, {@link RemapPolicies}). Recognised properties:
 *
 * <pre>
 * amrbalance.balancer = NAME              (default knapsack)
 * amrbalance.trigger  = NAME              (default adaptive); any:NAME,NAME or all:NAME,NAME combine triggers,
 *                                         each member configured by its own amrbalance.NAME.OPTION
 * amrbalance.placement = NAME             places a regrid's grids when the trigger keeps the mapping: any balancer
 *                                         name (default inherit: where their data is)
 * amrbalance.NAME.OPTION = VALUE          options of a balancer or trigger
 * amrbalance.service.OPTION = VALUE       two-stage, horizon, log, bad-step-times (see ServiceOptions)
 * </pre>
 *
 * Other properties (not starting with {@code amrbalance.}) are ignored, so a host can keep its own settings in
 * the same file. An unknown name or option is an error listing the known ones. To change one binding and keep
 * the rest, a host wraps the result: {@code Modules.override(fromProperties(p)).with(new MyModule())}.
 */
public final class BalancingModules {
  /** Prefix of every property read here. */
  public static final String PREFIX = Component.PREFIX;
  public static final String BALANCER = PREFIX + "balancer";
  public static final String TRIGGER = PREFIX + "trigger";
  public static final String PLACEMENT = PREFIX + "placement";
  public static final String DEFAULT_PLACEMENT = "inherit";
  public static final String DEFAULT_BALANCER = "knapsack";
  public static final String DEFAULT_TRIGGER = "adaptive";
  public static final String ANY = RemapPolicies.ANY;
  public static final String ALL = RemapPolicies.ALL;

  private static final Option<Double> TOLERANCE = Option.number("tolerance", InheritingPlacement.DEFAULT_TOLERANCE,
      1, Double.POSITIVE_INFINITY, "a rank takes no more grids of a level once its load would pass this multiple of"
          + " the level's average (Infinity: always where the data is)");
  /** The service's own placement: not a balancer, so "all balancers" leaves it out. */
  static final Component<LoadBalancer> INHERIT = Component.balancer(DEFAULT_PLACEMENT,
      "whole grids where most of their data (or their parent's) already is, within a load bound per level",
      s -> InheritingPlacement.withTolerance(s.get(TOLERANCE)), TOLERANCE);
  private static final Component<ServiceOptions> SERVICE = Component.of(ServiceOptions.class, "service",
      "the balancing service", s -> new ServiceOptions(s.get(ServiceOptions.TWO_STAGE), s.get(ServiceOptions.HORIZON),
          s.get(ServiceOptions.LOG), s.get(ServiceOptions.BAD_STEP_TIMES)),
      ServiceOptions.TWO_STAGE, ServiceOptions.HORIZON, ServiceOptions.LOG, ServiceOptions.BAD_STEP_TIMES);

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

  /** As {@link #fromMap(Map)}, discovering components with {@code loader} (and this library's loader). */
  public static Module fromMap(Map<String, String> properties, ClassLoader loader) {
    Map<String, Component<LoadBalancer>> balancers = ComponentCatalog.discover(LoadBalancer.class, loader);
    Map<String, Component<RemapPolicy>> triggers = ComponentCatalog.discover(RemapPolicy.class, loader);
    String balancerName = properties.getOrDefault(BALANCER, DEFAULT_BALANCER).trim();
    String triggerName = properties.getOrDefault(TRIGGER, DEFAULT_TRIGGER).trim();
    String placementName = properties.getOrDefault(PLACEMENT, DEFAULT_PLACEMENT).trim();
    Component<LoadBalancer> balancer = known(BALANCER, balancerName, "balancer", balancers);
    Map<String, Component<LoadBalancer>> placements = new TreeMap<>(balancers);
    placements.putIfAbsent(INHERIT.name(), INHERIT);
    Component<LoadBalancer> placement = known(PLACEMENT, placementName, "placement", placements);
    List<String> members = RemapPolicies.members(triggerName, triggers.keySet());
    boolean composite = RemapPolicies.isComposite(triggerName);

    Map<String, Map<String, String>> byComponent = byComponent(properties, placements, triggers);
    ServiceOptions serviceOptions = SERVICE.create(byComponent.getOrDefault(SERVICE.name(), Map.of()));
    Supplier<LoadBalancer> balancerFactory = balancer.factory(byComponent.getOrDefault(balancerName, Map.of()));
    LoadBalancer placer = placement.create(byComponent.getOrDefault(placementName, Map.of()));
    List<Supplier<RemapPolicy>> parts = new ArrayList<>();
    for (String m : members) {
      parts.add(triggers.get(m).factory(byComponent.getOrDefault(m, Map.of())));
    }
    Supplier<RemapPolicy> policies = composite ? RemapPolicies.combine(triggerName.startsWith(ALL), parts)
        : parts.get(0);
    return Modules.combine(bind(LoadBalancer.class, balancerFactory), bind(RemapPolicy.class, policies),
        new ServiceModule(serviceOptions, placer));
  }

  /**
   * The {@code amrbalance.*} keys of {@code properties} whose component the configuration does not select (an
   * option of fixed-interval while adaptive runs, say): valid, but read by nobody, which a user should hear about.
   */
  public static List<String> unusedKeys(Map<String, String> properties) {
    Set<String> used =
        new HashSet<>(RemapPolicies.memberNames(properties.getOrDefault(TRIGGER, DEFAULT_TRIGGER).trim()));
    used.add(properties.getOrDefault(BALANCER, DEFAULT_BALANCER).trim());
    used.add(properties.getOrDefault(PLACEMENT, DEFAULT_PLACEMENT).trim());
    used.add(SERVICE.name());
    List<String> unused = new ArrayList<>();
    for (String key : new TreeMap<>(properties).keySet()) {
      if (key.startsWith(PREFIX) && !isSelector(key) && !used.contains(component(key))) {
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
    return bind(LoadBalancer.class, balancer(name).factory(options));
  }

  /**
   * Only the module of one trigger, with options given without prefix ({@code initial-cost -> 0.5}); {@code name}
   * may be a composite {@code any:a,b} or {@code all:a,b}, whose members then take the options
   * {@code a.initial-cost -> 0.5}. For tools that run a trigger without a service.
   */
  public static Module triggerModule(String name, Map<String, String> options) {
    return bind(RemapPolicy.class, RemapPolicies.factory(name, options));
  }

  /** Names of the balancers on the classpath. */
  public static Set<String> balancerNames() {
    return LoadBalancers.names();
  }

  /** Names of the triggers on the classpath. */
  public static Set<String> triggerNames() {
    return RemapPolicies.names();
  }

  /** The declaration of a trigger name, for listings of its options. */
  public static Component<RemapPolicy> trigger(String name) {
    return RemapPolicies.component(name);
  }

  /** The declaration of a balancer name, for listings of its options. */
  public static Component<LoadBalancer> balancer(String name) {
    return LoadBalancers.component(name);
  }

  /** The declarations of the service's own options and of the {@code inherit} placement, for listings. */
  public static List<Component<?>> serviceComponents() {
    return List.of(SERVICE, INHERIT);
  }

  /** Binds {@code type} to fresh instances from {@code factory} (policies are stateful: one per injection). */
  private static <T> Module bind(Class<T> type, Supplier<? extends T> factory) {
    return new AbstractModule() {
      @Override
      protected void configure() {
        bind(type).toProvider(factory::get);
      }
    };
  }

  /** The options of each named component: {@code amrbalance.NAME.OPTION = VALUE} grouped by NAME, names checked. */
  private static Map<String, Map<String, String>> byComponent(Map<String, String> properties,
      Map<String, Component<LoadBalancer>> placements, Map<String, Component<RemapPolicy>> triggers) {
    Map<String, Map<String, String>> byComponent = new TreeMap<>();
    for (Map.Entry<String, String> e : new TreeMap<>(properties).entrySet()) {
      String key = e.getKey();
      if (!key.startsWith(PREFIX) || isSelector(key)) {
        continue;
      }
      String component = component(key);
      if (!component.equals(SERVICE.name()) && !placements.containsKey(component)
          && !triggers.containsKey(component)) {
        Set<String> names = new TreeSet<>(placements.keySet());
        names.addAll(triggers.keySet());
        names.add(SERVICE.name());
        throw new IllegalArgumentException(key + " = " + e.getValue() + ": unknown component '" + component
            + "'; known: " + names);
      }
      String rest = key.substring(PREFIX.length());
      int dot = rest.indexOf('.');
      byComponent.computeIfAbsent(component, k -> new HashMap<>()).put(dot < 0 ? "" : rest.substring(dot + 1),
          e.getValue());
    }
    // Every component's options are checked, selected or not: a typo in an unused one is still an error.
    for (Map.Entry<String, Map<String, String>> e : byComponent.entrySet()) {
      Component<?> c = e.getKey().equals(SERVICE.name()) ? SERVICE : placements.containsKey(e.getKey())
          ? placements.get(e.getKey()) : triggers.get(e.getKey());
      c.settings(e.getValue());
    }
    return byComponent;
  }

  private static <T> Component<T> known(String key, String name, String what, Map<String, Component<T>> known) {
    Component<T> c = known.get(name);
    if (c == null) {
      throw new IllegalArgumentException(key + " = " + name + ": unknown " + what + "; known: " + known.keySet());
    }
    return c;
  }

  private static boolean isSelector(String key) {
    return key.equals(BALANCER) || key.equals(TRIGGER) || key.equals(PLACEMENT);
  }

  /** The component an {@code amrbalance.COMPONENT.OPTION} key configures. */
  private static String component(String key) {
    String rest = key.substring(PREFIX.length());
    int dot = rest.indexOf('.');
    return dot < 0 ? rest : rest.substring(0, dot);
  }
}
