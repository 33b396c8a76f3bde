package org.amrbalance.readers;

import java.util.Locale;

/** The file formats the readers understand, with the names a configuration or command line uses for them. */
public enum HierarchyFormat {
  /** Enzo {@code .hierarchy} file with its parameter file. */
  ENZO,
  /** Chombo box layout written by {@code BoxLayout::operator<<} (the load balancer's {@code testGrids}). */
  CHOMBO,
  /** AMReX plotfile {@code Header} ({@code HyperCLaw-V1.1}), with its {@code Level_N/Cell_H} files if present. */
  AMREX;

  /** The lower-case name used in configuration: {@code enzo}, {@code chombo}, {@code amrex}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The format of a configuration name, case-insensitive. */
  public static HierarchyFormat fromConfigName(String name) {
    for (HierarchyFormat f : values()) {
      if (f.configName().equalsIgnoreCase(name.strip())) {
        return f;
      }
    }
    throw new IllegalArgumentException("format = " + name + ": unknown, known formats are enzo, chombo, amrex");
  }
}
