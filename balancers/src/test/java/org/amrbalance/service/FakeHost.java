package org.amrbalance.service;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.amrbalance.spi.AmrHost;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.MigrationPlan;

/** An in-memory host: its hierarchy is set by the test, migrations are recorded and cost a fixed time. */
class FakeHost implements AmrHost {
  final List<MigrationPlan> plans = new ArrayList<>();
  private final Machine machine;
  private final double migrationCost;
  Hierarchy hierarchy;
  @Nullable Assignment current;
  boolean failNextMigration;

  FakeHost(Hierarchy hierarchy, Machine machine, double migrationCost) {
    this.hierarchy = hierarchy;
    this.machine = machine;
    this.migrationCost = migrationCost;
  }

  @Override
  public Hierarchy hierarchy() {
    return hierarchy;
  }

  @Override
  public Machine machine() {
    return machine;
  }

  @Nullable
  @Override
  public Assignment currentAssignment() {
    return current;
  }

  @Override
  public double migrate(MigrationPlan plan) {
    if (failNextMigration) {
      failNextMigration = false;
      throw new IllegalStateException("piece lost in transit");
    }
    plans.add(plan);
    current = plan.target();
    return migrationCost;
  }
}
