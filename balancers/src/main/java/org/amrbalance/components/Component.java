package org.amrbalance.components;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.RemapPolicy;

/**
 * The one declaration of a balancer or trigger: its configuration name, one line of description, its options and
 * the factory that builds it from their values. Configuration ({@code amrbalance.NAME.OPTION = VALUE}), the help
 * listings, the static factories and the Guice bindings are all derived from it.
 *
 * @param <T> what it builds: {@link LoadBalancer} or {@link RemapPolicy}
 */
@Immutable
public final class Component<T> {
  /** Prefix of every configuration property: {@code amrbalance.NAME.OPTION}. */
  public static final String PREFIX = "amrbalance.";

  private final Class<T> type;
  private final String name;
  private final String description;
  private final Map<String, Option<?>> options;
  private final Function<Settings, ? extends T> factory;

  private Component(Class<T> type, String name, String description, List<Option<?>> options,
      Function<Settings, ? extends T> factory) {
    if (name == null || !name.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
      throw new IllegalArgumentException("component name = " + name + ": must be lower case words joined by dashes");
    }
    this.type = type;
    this.name = name;
    this.description = description;
    Map<String, Option<?>> byName = new LinkedHashMap<>();
    for (Option<?> o : options) {
      if (byName.put(o.name(), o) != null) {
        throw new IllegalArgumentException(name + ": option " + o.name() + " declared twice");
      }
    }
    this.options = java.util.Collections.unmodifiableMap(byName);
    this.factory = factory;
  }

  /** A component of any {@code type} (the service's own options, say) named {@code name}. */
  public static <T> Component<T> of(Class<T> type, String name, String description,
      Function<Settings, ? extends T> factory, Option<?>... options) {
    return new Component<>(type, name, description, List.of(options), factory);
  }

  /** A balancer named {@code name}, built by {@code factory} from the values of {@code options}. */
  public static Component<LoadBalancer> balancer(String name, String description,
      Function<Settings, ? extends LoadBalancer> factory, Option<?>... options) {
    return new Component<>(LoadBalancer.class, name, description, List.of(options), factory);
  }

  /** A trigger named {@code name}; {@code factory} makes a fresh (stateful) policy per call. */
  public static Component<RemapPolicy> trigger(String name, String description,
      Function<Settings, ? extends RemapPolicy> factory, Option<?>... options) {
    return new Component<>(RemapPolicy.class, name, description, List.of(options), factory);
  }

  public Class<T> type() {
    return type;
  }

  public String name() {
    return name;
  }

  public String description() {
    return description;
  }

  /** Option name to its help line (what, valid values, default), sorted by name. */
  public Map<String, String> options() {
    Map<String, String> help = new TreeMap<>();
    options.values().forEach(o -> help.put(o.name(), o.help()));
    return help;
  }

  /**
   * The checked values of {@code raw} (option name without prefix to value); an {@link IllegalArgumentException}
   * naming the property, the value and what is valid for an unknown option or a bad value.
   */
  public Settings settings(Map<String, String> raw) {
    Map<String, Object> values = new HashMap<>();
    for (Map.Entry<String, String> e : new TreeMap<>(raw).entrySet()) {
      Option<?> o = options.get(e.getKey());
      if (o == null) {
        throw new IllegalArgumentException(PREFIX + name + "." + e.getKey() + " = " + e.getValue()
            + ": unknown option of " + name + "; valid: " + new TreeSet<>(options.keySet()));
      }
      try {
        values.put(o.name(), o.parse(e.getValue()));
      } catch (IllegalArgumentException bad) {
        throw new IllegalArgumentException(PREFIX + name + "." + bad.getMessage(), bad);
      }
    }
    return new Settings(name, values);
  }

  /** Built from {@code settings}; a combination the options reject is an error naming this component. */
  public T create(Settings settings) {
    try {
      return factory.apply(settings);
    } catch (IllegalArgumentException bad) {
      throw new IllegalArgumentException(PREFIX + name + ": " + bad.getMessage(), bad);
    }
  }

  /** Built with the options {@code raw} (name without prefix to value). */
  public T create(Map<String, String> raw) {
    return create(settings(raw));
  }

  /** Built with every option at its default. */
  public T create() {
    return create(Map.of());
  }

  /**
   * A supplier of fresh instances with the options {@code raw}, checked now (one instance is built to check the
   * combination), so that a bad configuration fails before the run.
   */
  public Supplier<T> factory(Map<String, String> raw) {
    Settings s = settings(raw);
    create(s);
    return () -> create(s);
  }

  @Override
  public String toString() {
    return name + " (" + type.getSimpleName() + ")";
  }
}
