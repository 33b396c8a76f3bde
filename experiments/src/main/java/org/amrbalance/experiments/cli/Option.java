package org.amrbalance.experiments.cli;

import javax.annotation.Nullable;

/**
 * One option a subcommand accepts.
 *
 * @param name without the leading dashes
 * @param argument the name of its value in help texts, or null for a flag
 * @param help one line
 */
public record Option(String name, @Nullable String argument, String help) {
  public static Option flag(String name, String help) {
    return new Option(name, null, help);
  }

  public static Option value(String name, String argument, String help) {
    return new Option(name, argument, help);
  }

  public boolean takesValue() {
    return argument != null;
  }

  /** The option's line in a help text. */
  public String usageLine() {
    String head = "  --" + name + (takesValue() ? " " + argument : "");
    return String.format("%-30s %s", head, help);
  }
}
