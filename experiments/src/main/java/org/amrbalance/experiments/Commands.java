package org.amrbalance.experiments;

import java.util.List;

/** The launcher's built-in subcommands. */
final class Commands {
  private Commands() {}

  static List<Command> all() {
    return List.of();
  }
}
