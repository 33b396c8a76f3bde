package org.amrbalance.spi;

import java.util.Objects;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * What a {@link LoadBalancer} is asked: spread this hierarchy over this machine under this cost model,
 * knowing (if not null) where the data lives now, so that a balancer can keep migration small.
 */
@Immutable
public final class BalanceProblem {
  private final Hierarchy hierarchy;
  private final Machine machine;
  private final CostModel costModel;
  @Nullable private final Assignment previous;

  private BalanceProblem(Hierarchy hierarchy, Machine machine, CostModel costModel, @Nullable Assignment previous) {
    this.hierarchy = hierarchy;
    this.machine = machine;
    this.costModel = costModel;
    this.previous = previous;
  }

  public static BalanceProblem of(Hierarchy hierarchy, Machine machine) {
    return of(hierarchy, machine, CostModel.unit());
  }

  public static BalanceProblem of(Hierarchy hierarchy, Machine machine, CostModel costModel) {
    Checks.notNull("hierarchy", hierarchy);
    Checks.notNull("machine", machine);
    Checks.notNull("costModel", costModel);
    return new BalanceProblem(hierarchy, machine, costModel, null);
  }

  /**
   * The same problem with the assignment the data has now. It may belong to an earlier hierarchy (before a
   * regrid) or another rank count (after a restart); migration is then measured on the overlap of the grids.
   */
  public BalanceProblem withPrevious(@Nullable Assignment previousAssignment) {
    if (previousAssignment != null) {
      if (!previousAssignment.hierarchy().domain().equals(hierarchy.domain())) {
        throw Checks.bad("previous.hierarchy.domain", previousAssignment.hierarchy().domain(),
            "differs from the problem's domain " + hierarchy.domain());
      }
    }
    return new BalanceProblem(hierarchy, machine, costModel, previousAssignment);
  }

  public Hierarchy hierarchy() {
    return hierarchy;
  }

  public Machine machine() {
    return machine;
  }

  public int ranks() {
    return machine.ranks();
  }

  public CostModel costModel() {
    return costModel;
  }

  /** Where the data lives now, or null on the first balance. */
  @Nullable
  public Assignment previous() {
    return previous;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BalanceProblem p && p.hierarchy.equals(hierarchy) && p.machine.equals(machine)
        && p.costModel.equals(costModel) && Objects.equals(p.previous, previous);
  }

  @Override
  public int hashCode() {
    return Objects.hash(hierarchy, machine, costModel, previous);
  }

  @Override
  public String toString() {
    return "BalanceProblem[" + hierarchy + ", " + machine + ", " + costModel
        + (previous == null ? "" : ", with previous") + "]";
  }
}
