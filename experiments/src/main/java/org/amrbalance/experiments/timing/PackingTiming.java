package org.amrbalance.experiments.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.amrbalance.balancers.packing.Item;
import org.amrbalance.balancers.packing.Packing;
import org.amrbalance.balancers.packing.ShelfPacker;
import org.amrbalance.balancers.packing.TightPacker;
import org.amrbalance.spi.internal.Checks;

/**
 * Times the sequential TP (and the shelf baseline) on m random grids, m = 10^3 .. 10^5 by default or the
 * counts given as arguments, to show where the O(m^2) packer stops being practical. Grids follow the
 * thesis's generator: points uniform in [0.7k, 1.3k], aspect ratio uniform in [1, 3]. Prints one line per
 * size: milliseconds per packing (best of a few runs after a warm-up) and the ratio to the previous size.
 */
public final class PackingTiming {
  private PackingTiming() {}

  public static void main(String[] args) {
    int[] sizes = args.length == 0 ? new int[] {1000, 2000, 5000, 10000, 20000, 50000, 100000} : parse(args);
    Random rnd = new Random(2026L);
    System.out.println("     m      TP ms  growth     LP ms   TP score/sqrt(area)");
    double previous = 0;
    int previousM = 0;
    for (int m : sizes) {
      List<Item> items = grids(rnd, m);
      TightPacker tp = TightPacker.defaults();
      double tpMs = bestOf(() -> tp.pack(items, 1.0), m >= 5000 ? 2 : 3);
      double lpMs = m <= 2000 ? bestOf(() -> ShelfPacker.defaults().withGrowth(0.05).pack(items, 1.0), 1) : Double.NaN;
      Packing p = tp.pack(items, 1.0);
      double growth = previous == 0 ? Double.NaN : tpMs / previous / Math.pow((double) m / previousM, 2);
      System.out.printf(Locale.ROOT, "%6d %10.1f %7.2f %9.1f %8.3f%n", m, tpMs, growth, lpMs,
          p.score(1.0) / Math.sqrt(p.itemArea()));
      previous = tpMs;
      previousM = m;
    }
    System.out.println("growth = time ratio / (size ratio)^2: 1.00 means exactly quadratic");
  }

  private static int[] parse(String[] args) {
    int[] out = new int[args.length];
    for (int i = 0; i < args.length; i++) {
      out[i] = Integer.parseInt(args[i]);
      Checks.check(out[i] >= 1, "m", out[i], "must be >= 1");
    }
    return out;
  }

  static List<Item> grids(Random rnd, int m) {
    List<Item> items = new ArrayList<>(m);
    double k = 300;
    for (int i = 0; i < m; i++) {
      double points = k * (0.7 + 0.6 * rnd.nextDouble());
      double ratio = 1 + 2 * rnd.nextDouble();
      items.add(Item.of(i, Math.max(1, Math.round(Math.sqrt(points * ratio))),
          Math.max(1, Math.round(Math.sqrt(points / ratio)))));
    }
    return items;
  }

  private static double bestOf(Runnable r, int runs) {
    r.run(); // warm-up
    double best = Double.MAX_VALUE;
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      r.run();
      best = Math.min(best, (System.nanoTime() - t0) / 1e6);
    }
    return best;
  }
}
