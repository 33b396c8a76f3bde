package org.amrbalance.mesh.mpi;

import java.util.Locale;

/** How MPJ Express runs the ranks. */
public enum MpjDevice {
  /** Ranks as threads of one JVM (MPJ's {@code multicore} device). */
  MULTICORE("multicore"),
  /** Ranks as separate processes talking over TCP (MPJ's {@code niodev} device), here all on this host. */
  NIODEV("niodev");

  private final String mpjName;

  MpjDevice(String mpjName) {
    this.mpjName = mpjName;
  }

  /** The name MPJ's starter takes after {@code -dev}. */
  public String mpjName() {
    return mpjName;
  }

  /** The device named {@code name} ({@code multicore} or {@code niodev}, any case), as a command line gives it. */
  public static MpjDevice parse(String name) {
    for (MpjDevice d : values()) {
      if (d.mpjName.equals(name.toLowerCase(Locale.ROOT))) {
        return d;
      }
    }
    throw new IllegalArgumentException("device = " + name + ": must be multicore or niodev");
  }
}
