package org.amrbalance.experiments.balance;

import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.spi.Machine;

/**
 * Reads a {@code --topology} value: {@code full}, {@code hypercube}, {@code mesh} (the squarest P x Q with
 * P >= Q) or {@code mesh:PxQ}.
 */
public final class MachineSpec {
  private MachineSpec() {}

  public static Machine parse(String spec, int ranks) {
    String s = spec.trim().toLowerCase(java.util.Locale.ROOT);
    if (s.equals("full")) {
      return Machine.fullyConnected(ranks);
    }
    if (s.equals("hypercube")) {
      if (Integer.bitCount(ranks) != 1) {
        throw new UsageException("hypercube needs a power-of-two rank count, not " + ranks, "--topology " + spec);
      }
      return Machine.hypercube(ranks);
    }
    if (s.equals("mesh")) {
      int q = (int) Math.floor(Math.sqrt(ranks));
      while (ranks % q != 0) {
        q--;
      }
      return Machine.mesh(ranks / q, q);
    }
    if (s.startsWith("mesh:")) {
      String[] pq = s.substring(5).split("x");
      try {
        int p = Integer.parseInt(pq[0]);
        int q = Integer.parseInt(pq[1]);
        if (pq.length == 2 && p > 0 && q > 0 && (long) p * q == ranks) {
          return Machine.mesh(p, q);
        }
      } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
        // reported below
      }
      throw new UsageException("must be mesh:PxQ with P x Q = --ranks " + ranks, "--topology " + spec);
    }
    throw new UsageException("must be full, hypercube, mesh or mesh:PxQ", "--topology " + spec);
  }
}
