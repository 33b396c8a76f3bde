package org.amrbalance.experiments.triggers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.components.Component;
import org.amrbalance.components.ComponentCatalog;
import org.amrbalance.triggers.RemapPolicies;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.spi.RemapPolicy;

/**
 * Triggers chosen on a command line as configuration names them ({@code amrbalance.trigger}), with their options
 * from {@code --set KEY=VALUE} ({@code amrbalance.<trigger>.<option>}), and the composites {@code any:a,b} and
 * {@code all:a,b}. Every name and option is checked up front, so a bad one is a {@link UsageException}.
 */
final class NamedTriggers {
  private final Map<String, Component<RemapPolicy>> providers =
      ComponentCatalog.discover(RemapPolicy.class, NamedTriggers.class.getClassLoader());

  private NamedTriggers() {}

  static NamedTriggers discover() {
    return new NamedTriggers();
  }

  Set<String> names() {
    return providers.keySet();
  }

  /** The plain trigger names a spec uses: itself, or a composite's members. */
  List<String> members(String spec) {
    List<String> out = new ArrayList<>();
    if (!providers.containsKey(spec) && (spec.startsWith("any:") || spec.startsWith("all:"))) {
      for (String m : spec.substring(4).split(",", -1)) {
        out.add(m.strip());
      }
      if (out.size() < 2) {
        throw new UsageException("a composite needs two or more triggers, e.g. " + spec.substring(0, 4)
            + "stop-at-rise,change-detection", "trigger " + spec);
      }
    } else {
      out.add(spec);
    }
    for (String m : out) {
      if (!providers.containsKey(m)) {
        throw new UsageException("unknown trigger '" + m + "'; known: " + String.join(", ", names())
            + ", any:a,b, all:a,b", "trigger " + spec);
      }
    }
    return out;
  }

  /**
   * The options of every trigger the specs use: {@code --set} values ({@code KEY=VALUE}, the key
   * {@code [amrbalance.]<trigger>.<option>}, or a bare option that only one used trigger has) over
   * {@code defaults} (option → value, given to every used trigger that has the option).
   */
  Map<String, Map<String, String>> options(List<String> specs, List<String> settings, Map<String, String> defaults) {
    Set<String> used = new TreeSet<>();
    specs.forEach(s -> used.addAll(members(s)));
    Map<String, Map<String, String>> out = new TreeMap<>();
    for (String t : used) {
      Map<String, String> o = new LinkedHashMap<>();
      defaults.forEach((k, v) -> {
        if (providers.get(t).options().containsKey(k)) {
          o.put(k, v);
        }
      });
      out.put(t, o);
    }
    for (String s : settings) {
      int eq = s.indexOf('=');
      if (eq <= 0) {
        throw new UsageException("expected KEY=VALUE, e.g. stop-at-rise.initial-cost=0.5", "--set " + s);
      }
      String key = s.substring(0, eq).strip();
      String value = s.substring(eq + 1).strip();
      if (key.startsWith(BalancingModules.PREFIX)) {
        key = key.substring(BalancingModules.PREFIX.length());
      }
      int dot = key.indexOf('.');
      String trigger;
      String option;
      if (dot < 0) {
        option = key;
        List<String> having = used.stream().filter(t -> providers.get(t).options().containsKey(option)).toList();
        if (having.size() != 1) {
          throw new UsageException((having.isEmpty() ? "no selected trigger " + used + " has the option '" + option
              + "'" : "name the trigger, one of " + having) + "; KEY = trigger.option", "--set " + s);
        }
        trigger = having.get(0);
      } else {
        trigger = key.substring(0, dot);
        option = key.substring(dot + 1);
        if (!providers.containsKey(trigger)) {
          throw new UsageException("unknown trigger '" + trigger + "'; known: " + String.join(", ", names()),
              "--set " + s);
        }
        if (!used.contains(trigger)) {
          throw new UsageException(trigger + " is not among the selected triggers " + used, "--set " + s);
        }
        if (!providers.get(trigger).options().containsKey(option)) {
          throw new UsageException("unknown option of " + trigger + "; valid: "
              + new TreeSet<>(providers.get(trigger).options().keySet()), "--set " + s);
        }
      }
      out.get(trigger).put(option, value);
    }
    return out;
  }

  /** Fresh policies of {@code spec} with {@code options} (from {@link #options}); a bad value fails here. */
  Supplier<RemapPolicy> policy(String spec, Map<String, Map<String, String>> options) {
    List<String> members = members(spec);
    boolean single = members.size() == 1 && spec.equals(members.get(0));
    // The library's own names: a composite's members take their options as member.option.
    Map<String, String> flat = new LinkedHashMap<>();
    for (String m : members) {
      options.getOrDefault(m, Map.of()).forEach((k, v) -> flat.put(single ? k : m + "." + k, v));
    }
    Supplier<RemapPolicy> out;
    try {
      out = RemapPolicies.factory(spec, flat);
    } catch (RuntimeException e) {
      throw usage(spec, e);
    }
    return out;
  }

  /** A bad option value, wherever Guice wrapped it, as the message of the library's own check. */
  private static UsageException usage(String spec, RuntimeException e) {
    Throwable root = e;
    while (!(root instanceof IllegalArgumentException) && root.getCause() != null) {
      root = root.getCause();
    }
    if (!(root instanceof IllegalArgumentException)) {
      throw e;
    }
    return new UsageException(root.getMessage(), "trigger " + spec);
  }
}
