package org.amrbalance.workloads;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * Random properly nested hierarchies of any dimension, reproducible from a seed: the level-0 domain tiled
 * into a few patches, and on each finer level up to {@code maxChildren} non-overlapping children inside
 * each parent. Work is the cell count times a random factor in [0.5, 1.5) so that balancers see unequal
 * densities. For property tests, benchmarks and experiments; not a model of any one application.
 */
public final class RandomHierarchies {
  private final int dim;
  private final int baseSize;
  private final int levels;
  private final int ratio;
  private final int maxChildren;
  private final int rootTiles;

  private RandomHierarchies(int dim, int baseSize, int levels, int ratio, int maxChildren, int rootTiles) {
    this.dim = dim;
    this.baseSize = baseSize;
    this.levels = levels;
    this.ratio = ratio;
    this.maxChildren = maxChildren;
    this.rootTiles = rootTiles;
  }

  /** 2-D, a 32x32 base domain in 2 tiles per axis, 3 levels of ratio 2, up to 4 children per patch. */
  public static RandomHierarchies defaults() {
    return new RandomHierarchies(2, 32, 3, 2, 4, 2);
  }

  public RandomHierarchies dim(int d) {
    check(d >= 1 && d <= 3, "dim", d, "must be 1, 2 or 3");
    return new RandomHierarchies(d, baseSize, levels, ratio, maxChildren, rootTiles);
  }

  public RandomHierarchies baseSize(int n) {
    check(n >= 2, "baseSize", n, "must be >= 2");
    return new RandomHierarchies(dim, n, levels, ratio, maxChildren, Math.min(rootTiles, n));
  }

  public RandomHierarchies levels(int l) {
    check(l >= 1, "levels", l, "must be >= 1");
    return new RandomHierarchies(dim, baseSize, l, ratio, maxChildren, rootTiles);
  }

  public RandomHierarchies ratio(int r) {
    check(r >= 2, "ratio", r, "must be >= 2");
    return new RandomHierarchies(dim, baseSize, levels, r, maxChildren, rootTiles);
  }

  public RandomHierarchies maxChildren(int c) {
    check(c >= 0, "maxChildren", c, "must be >= 0");
    return new RandomHierarchies(dim, baseSize, levels, ratio, c, rootTiles);
  }

  /** The level-0 domain is cut into {@code t} tiles per axis (t^dim root patches). */
  public RandomHierarchies rootTiles(int t) {
    check(t >= 1 && t <= baseSize, "rootTiles", t, "must be in [1, baseSize]");
    return new RandomHierarchies(dim, baseSize, levels, ratio, maxChildren, t);
  }

  public Hierarchy generate(long seed) {
    Random rnd = new Random(seed);
    List<Patch> all = new ArrayList<>();
    int[] size = new int[dim];
    java.util.Arrays.fill(size, baseSize);
    Box domain = Box.ofSize(size);
    List<Patch> current = new ArrayList<>();
    int id = 0;
    for (Box tile : tiles(domain, rootTiles)) {
      current.add(withRandomWork(Patch.of(id++, 0, tile), rnd));
    }
    all.addAll(current);
    for (int level = 1; level < levels; level++) {
      List<Patch> next = new ArrayList<>();
      for (Patch parent : current) {
        Box region = parent.box().refine(ratio);
        List<Box> placed = new ArrayList<>();
        int wanted = rnd.nextInt(maxChildren + 1);
        for (int attempt = 0; attempt < 20 * wanted && placed.size() < wanted; attempt++) {
          Box candidate = randomSubBox(region, rnd);
          if (placed.stream().noneMatch(candidate::intersects)) {
            placed.add(candidate);
          }
        }
        for (Box b : placed) {
          next.add(withRandomWork(Patch.of(id++, level, b), rnd));
        }
      }
      if (next.isEmpty()) {
        break;
      }
      all.addAll(next);
      current = next;
    }
    int[] ratios = new int[levels - 1];
    java.util.Arrays.fill(ratios, ratio);
    return Hierarchy.of(domain, ratios, all);
  }

  private static Patch withRandomWork(Patch p, Random rnd) {
    return p.withWork(p.cells() * (0.5 + rnd.nextDouble()));
  }

  private Box randomSubBox(Box region, Random rnd) {
    int[] lo = new int[dim];
    int[] hi = new int[dim];
    for (int d = 0; d < dim; d++) {
      int n = region.length(d);
      int len = 1 + rnd.nextInt(Math.max(1, n / 2));
      lo[d] = region.lo(d) + rnd.nextInt(n - len + 1);
      hi[d] = lo[d] + len - 1;
    }
    return Box.of(lo, hi);
  }

  private static List<Box> tiles(Box domain, int perAxis) {
    List<Box> out = new ArrayList<>();
    out.add(domain);
    for (int d = 0; d < domain.dim(); d++) {
      List<Box> split = new ArrayList<>();
      for (Box b : out) {
        int n = b.length(d);
        int start = b.lo(d);
        for (int t = 0; t < perAxis; t++) {
          int lo = start + (int) ((long) n * t / perAxis);
          int hi = start + (int) ((long) n * (t + 1) / perAxis) - 1;
          int[] l = b.lo();
          int[] h = b.hi();
          l[d] = lo;
          h[d] = hi;
          split.add(Box.of(l, h));
        }
      }
      out = split;
    }
    return out;
  }

  private static void check(boolean ok, String field, int value, String why) {
    if (!ok) {
      throw new IllegalArgumentException(field + " = " + value + ": " + why);
    }
  }
}
