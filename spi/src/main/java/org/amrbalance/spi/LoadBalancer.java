package org.amrbalance.spi;

/**
 * One algorithm that decides how to spread a hierarchy over ranks. Implementations are deterministic:
 * the same problem gives the same assignment on every rank, so ranks can balance redundantly.
 */
@FunctionalInterface
public interface LoadBalancer {
  /**
   * Maps every patch of {@code problem.hierarchy()} onto {@code problem.ranks()} ranks. Metrics of the
   * result come from {@link BalanceReport#of}, never from the balancer.
   */
  Assignment balance(BalanceProblem problem);
}
