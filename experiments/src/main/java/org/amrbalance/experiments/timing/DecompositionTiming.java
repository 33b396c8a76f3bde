package org.amrbalance.experiments.timing;

import java.util.List;
import java.util.Locale;
import org.amrbalance.balancers.domain.DomainDecompositionOptions.CutAxisRule;
import org.amrbalance.balancers.domain.DomainDecompositionBalancer;
import org.amrbalance.balancers.domain.DomainDecompositionOptions;
import org.amrbalance.balancers.scatter.ScatterBalancer;
import org.amrbalance.balancers.scatter.ScatterOptions;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.workloads.RandomHierarchies;

/**
 * Times the domain decomposition (and, for comparison, the scatter decomposition) of random hierarchies for
 * 16 to 4096 ranks and prints, as CSV on standard output, the time per balance and the imbalance,
 * intra-grid and inter-grid communication and piece count that {@link BalanceReport} measures.
 *
 * <p>Arguments (all optional): dimension (default 2), level-0 cells per axis (default 128), seed (default 1).
 */
public final class DecompositionTiming {
  private DecompositionTiming() {}

  public static void main(String[] args) {
    int dim = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    int base = args.length > 1 ? Integer.parseInt(args[1]) : 128;
    long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
    Hierarchy h = RandomHierarchies.defaults().dim(dim).baseSize(base).levels(4).maxChildren(4).rootTiles(8)
        .generate(seed);
    System.out.println("# " + h + ", " + h.patchCount() + " patches, " + h.totalCells() + " cells");
    System.out.println("balancer,ranks,millis,imbalance,intra_grid,inter_grid,pieces,empty_ranks");
    // The level-0 lattice and fixed granularity of the papers; the defaults choose them from the hierarchy.
    DomainDecompositionOptions papers = DomainDecompositionOptions.defaults().withCutLevel(0);
    List<LoadBalancer> balancers = List.of(new DomainDecompositionBalancer(papers),
        new DomainDecompositionBalancer(papers.withCutAxis(CutAxisRule.LONGEST)),
        new DomainDecompositionBalancer(
            DomainDecompositionOptions.defaults().withCutLevel(DomainDecompositionOptions.MAX_CUT_LEVEL)),
        new ScatterBalancer(ScatterOptions.defaults().withLatticeFromHierarchy(false)));
    String[] names = {"domain-decomposition", "domain-decomposition-longest", "domain-decomposition-finest-lattice",
        "scatter"};
    for (int ranks = 16; ranks <= 4096; ranks *= 2) {
      BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(ranks));
      for (int b = 0; b < balancers.size(); b++) {
        balancers.get(b).balance(problem); // warm-up
        int repeats = 3;
        long start = System.nanoTime();
        Assignment a = null;
        for (int r = 0; r < repeats; r++) {
          a = balancers.get(b).balance(problem);
        }
        double millis = (System.nanoTime() - start) / 1e6 / repeats;
        BalanceReport report = BalanceReport.of(problem, a);
        System.out.printf(Locale.ROOT, "%s,%d,%.2f,%.4f,%.0f,%.0f,%d,%d%n", names[b], ranks, millis,
            report.imbalance(), report.intraGridCommunication(), report.interGridCommunication(), report.pieces(),
            report.emptyRanks());
      }
    }
  }
}
