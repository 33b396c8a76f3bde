package org.amrbalance.experiments.balance;

import java.nio.file.Path;

/** The real hierarchy files that the readers module keeps for its tests. */
final class TestFiles {
  static final String ENZO = "enzo_IsolatedGalaxy_galaxy0030.hierarchy";
  static final String CHOMBO_2D = "chombo_testGrids.2d";
  static final String AMREX_HEADER = "amrex_pelelmex_2d_Header";
  private static final Path DATA = Path.of("..", "readers", "src", "test", "resources", "hierarchies");

  private TestFiles() {}

  static Path path(String name) {
    return DATA.resolve(name);
  }
}
