package org.amrbalance.mesh.demo;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.balancers.baselines.RoundRobinBalancer;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;

/**
 * Entry point of the README's demo command. Until the Laplace solver lands, it balances a built-in
 * three-level hierarchy (refined towards one corner, as a hot spot would refine it) over 4 ranks and
 * prints the report.
 */
public final class LaplaceDemo {
  private LaplaceDemo() {}

  public static void main(String[] args) {
    Hierarchy h = builtInHierarchy();
    BalanceProblem problem = BalanceProblem.of(h, Machine.hypercube(4));
    Assignment a = new RoundRobinBalancer().balance(problem);
    System.out.println("hierarchy: " + h);
    System.out.println("balancer:  round-robin on " + problem.machine());
    System.out.println(BalanceReport.of(problem, a));
  }

  static Hierarchy builtInHierarchy() {
    List<Patch> patches = new ArrayList<>();
    patches.add(Patch.of(0, 0, Box.ofSize(32, 32)));
    int id = 1;
    for (int x = 0; x < 32; x += 16) {
      for (int y = 0; y < 32; y += 16) {
        patches.add(Patch.of(id++, 1, Box.of2d(x, y, x + 15, y + 15)));
      }
    }
    for (int x = 0; x < 32; x += 8) {
      for (int y = 0; y < 32; y += 8) {
        patches.add(Patch.of(id++, 2, Box.of2d(x, y, x + 7, y + 7)));
      }
    }
    return Hierarchy.of(Box.ofSize(32, 32), new int[] {2, 2}, patches);
  }
}
