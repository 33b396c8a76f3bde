package org.amrbalance.spi;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/** The processors a hierarchy is balanced over: how many, and how they are connected. */
@Immutable
public final class Machine {
  private final Topology topology;

  private Machine(Topology topology) {
    this.topology = topology;
  }

  public static Machine of(Topology topology) {
    return new Machine(Checks.notNull("topology", topology));
  }

  /** {@code ranks} ranks, each one hop from every other (what MPI on a cluster looks like to a balancer). */
  public static Machine fullyConnected(int ranks) {
    return of(Topology.fullyConnected(ranks));
  }

  public static Machine hypercube(int ranks) {
    return of(Topology.hypercubeOfSize(ranks));
  }

  public static Machine mesh(int p, int q) {
    return of(Topology.mesh(p, q));
  }

  public Topology topology() {
    return topology;
  }

  public int ranks() {
    return topology.size();
  }

  public int hops(int a, int b) {
    return topology.hops(a, b);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Machine m && m.topology.equals(topology);
  }

  @Override
  public int hashCode() {
    return topology.hashCode();
  }

  @Override
  public String toString() {
    return "Machine[" + topology + "]";
  }
}
