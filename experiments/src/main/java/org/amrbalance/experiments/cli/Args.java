package org.amrbalance.experiments.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A parsed command line: {@code --name value}, {@code --name=value}, flags {@code --name}, and positional
 * arguments; {@code --} ends the options. Getters convert and check values, throwing {@link UsageException}
 * that names the option and what was wrong.
 */
public final class Args {
  private final Map<String, String> values;
  private final Map<String, List<String>> every;
  private final List<String> positional;

  private Args(Map<String, String> values, Map<String, List<String>> every, List<String> positional) {
    this.values = values;
    this.every = every;
    this.positional = positional;
  }

  public static Args parse(String[] argv, List<Option> options) {
    Map<String, Option> byName = new LinkedHashMap<>();
    options.forEach(o -> byName.put(o.name(), o));
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, List<String>> every = new LinkedHashMap<>();
    List<String> positional = new ArrayList<>();
    boolean optionsEnded = false;
    for (int i = 0; i < argv.length; i++) {
      String a = argv[i];
      if (optionsEnded || !a.startsWith("--")) {
        positional.add(a);
        continue;
      }
      if (a.equals("--")) {
        optionsEnded = true;
        continue;
      }
      String name = a.substring(2);
      String inline = null;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        inline = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      Option o = byName.get(name);
      if (o == null) {
        throw new UsageException("unknown option --" + name + " (valid: " + new TreeSet<>(byName.keySet()) + ")");
      }
      if (o.takesValue()) {
        if (inline == null) {
          if (i + 1 >= argv.length) {
            throw new UsageException("option --" + name + " needs a value " + o.argument());
          }
          inline = argv[++i];
        }
        values.put(name, inline);
        every.computeIfAbsent(name, k -> new ArrayList<>()).add(inline);
      } else {
        if (inline != null) {
          throw new UsageException("option --" + name + " takes no value (got '" + inline + "')");
        }
        values.put(name, "true");
      }
    }
    return new Args(values, every, positional);
  }

  /** Every value given to a repeatable option, in order (the other accessors see the last one). */
  public List<String> all(String name) {
    return List.copyOf(every.getOrDefault(name, List.of()));
  }

  public boolean has(String name) {
    return values.containsKey(name);
  }

  public boolean flag(String name) {
    return values.containsKey(name);
  }

  public List<String> positional() {
    return List.copyOf(positional);
  }

  public String string(String name, String defaultValue) {
    return values.getOrDefault(name, defaultValue);
  }

  public String required(String name) {
    String v = values.get(name);
    if (v == null) {
      throw new UsageException("option --" + name + " is required");
    }
    return v;
  }

  public int integer(String name, int defaultValue, int min, int max) {
    String raw = values.get(name);
    if (raw == null) {
      return defaultValue;
    }
    try {
      int v = Integer.parseInt(raw);
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("--" + name + " = " + raw + ": must be an integer in [" + min + ", " + max + "]");
  }

  public double number(String name, double defaultValue, double min, double max) {
    String raw = values.get(name);
    if (raw == null) {
      return defaultValue;
    }
    try {
      double v = Double.parseDouble(raw);
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("--" + name + " = " + raw + ": must be a number in [" + min + ", " + max + "]");
  }

  /** A comma-separated list of integers, each in [min, max]. */
  public List<Integer> integers(String name, List<Integer> defaultValue, int min, int max) {
    String raw = values.get(name);
    if (raw == null) {
      return defaultValue;
    }
    List<Integer> out = new ArrayList<>();
    for (String part : raw.split(",")) {
      try {
        int v = Integer.parseInt(part.trim());
        if (v >= min && v <= max) {
          out.add(v);
          continue;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new UsageException("--" + name + " = " + raw + ": each value must be an integer in [" + min + ", "
          + max + "]");
    }
    return out;
  }

  public String choice(String name, String defaultValue, Set<String> choices) {
    String raw = values.getOrDefault(name, defaultValue);
    if (!choices.contains(raw.toLowerCase(Locale.ROOT))) {
      throw new UsageException("--" + name + " = " + raw + ": must be one of " + new TreeSet<>(choices));
    }
    return raw.toLowerCase(Locale.ROOT);
  }

  public Path path(String name, String defaultValue) {
    return Path.of(string(name, defaultValue));
  }
}
