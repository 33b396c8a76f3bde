package org.amrbalance.mesh.grid;

/** The seconds a process has spent in exchanges, per {@link ExchangeKind}; for exchanges to keep their account. */
public final class ExchangeClock {
  private final double[] seconds = new double[ExchangeKind.values().length];

  /** Adds the time since {@code startNanos} ({@link System#nanoTime}) to {@code kind}'s account. */
  public void add(ExchangeKind kind, long startNanos) {
    seconds[kind.ordinal()] += (System.nanoTime() - startNanos) / 1e9;
  }

  public double seconds(ExchangeKind kind) {
    return seconds[kind.ordinal()];
  }
}
