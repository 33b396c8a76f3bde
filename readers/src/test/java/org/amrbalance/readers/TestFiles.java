package org.amrbalance.readers;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** The real hierarchy files of the test resources. */
final class TestFiles {
  static final String ENZO = "enzo_IsolatedGalaxy_galaxy0030.hierarchy";
  static final String ENZO_PARAMETERS = "enzo_IsolatedGalaxy_galaxy0030.parameters";
  static final String CHOMBO_2D = "chombo_testGrids.2d";
  static final String CHOMBO_3D = "chombo_testGrids.3d";
  static final String AMREX_HEADER = "amrex_pelelmex_2d_Header";
  static final String AMREX_CELL_H = "amrex_pelelmex_2d_Level_1_Cell_H";

  private TestFiles() {}

  static Path path(String name) {
    URL url = TestFiles.class.getResource("/hierarchies/" + name);
    if (url == null) {
      throw new IllegalStateException("test resource hierarchies/" + name + " is missing");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
