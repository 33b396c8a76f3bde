package org.amrbalance.spi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * An immutable snapshot of a grid tree: the level-0 domain, the refinement ratio between each level and
 * the next, and the patches of every level, with parent and child lookups.
 *
 * <p>Built only through {@link #of}, which checks that ids are unique, that every patch lies in its
 * level's domain, that the patches of a level do not overlap, and that the hierarchy is properly nested:
 * every level-l patch (l &gt; 0), coarsened by the ratio, is covered by its parents on level l-1. Several
 * parents are allowed (Chombo's boxes may straddle coarse boxes); the buffer of coarse cells that
 * Berger–Oliger regridding keeps around a fine level is a property of the regridder, not checked here.
 */
@Immutable
public final class Hierarchy {
  private final Box domain;
  private final int[] ratios;
  private final List<Patch> patches;
  private final List<List<Patch>> levels;
  private final PatchIndex index;
  private final int[][] parents;
  private final int[][] children;
  private final double totalWork;

  private Hierarchy(Box domain, int[] ratios, List<Patch> patches, List<List<Patch>> levels,
      Map<Integer, int[]> parents, Map<Integer, int[]> children) {
    this.domain = domain;
    this.ratios = ratios;
    this.patches = patches;
    this.levels = levels;
    this.index = PatchIndex.of(patches);
    this.parents = new int[patches.size()][];
    this.children = new int[patches.size()][];
    for (int i = 0; i < patches.size(); i++) {
      int id = patches.get(i).id();
      this.parents[i] = parents.getOrDefault(id, NONE);
      this.children[i] = children.getOrDefault(id, NONE);
    }
    this.totalWork = patches.stream().mapToDouble(Patch::work).sum();
  }

  private static final int[] NONE = new int[0];

  /**
   * Builds and checks a hierarchy.
   *
   * @param domain the level-0 index domain
   * @param ratios {@code ratios[l]} is the refinement ratio from level l to level l+1 (at least 2); its length
   *     is the deepest level a patch may have
   * @param patches at least one patch, with unique ids
   */
  public static Hierarchy of(Box domain, int[] ratios, Collection<Patch> patches) {
    Checks.notNull("domain", domain);
    Checks.notNull("ratios", ratios);
    Checks.notNull("patches", patches);
    if (patches.isEmpty()) {
      throw Checks.bad("patches", "[]", "a hierarchy needs at least one patch");
    }
    for (int l = 0; l < ratios.length; l++) {
      if (ratios[l] < 2) {
        throw Checks.bad("ratios[" + l + "]", ratios[l], "refinement ratio must be >= 2");
      }
    }
    List<Patch> sorted = new ArrayList<>(patches.size());
    Map<Integer, Patch> byId = new HashMap<>();
    int finest = 0;
    for (Patch p : patches) {
      Checks.notNull("patch", p);
      Patch previous = byId.putIfAbsent(p.id(), p);
      if (previous != null) {
        throw Checks.bad("patch.id", p.id(), "duplicate patch id");
      }
      if (p.box().dim() != domain.dim()) {
        throw Checks.bad("patch " + p.id() + " box", p.box(), "has dimension " + p.box().dim()
            + " but the domain has " + domain.dim());
      }
      if (p.level() > ratios.length) {
        throw Checks.bad("patch " + p.id() + " level", p.level(), "exceeds the deepest level " + ratios.length
            + " allowed by " + ratios.length + " refinement ratios");
      }
      finest = Math.max(finest, p.level());
      sorted.add(p);
    }
    sorted.sort(Comparator.comparingInt(Patch::level).thenComparingInt(Patch::id));

    List<List<Patch>> levels = new ArrayList<>();
    for (int l = 0; l <= finest; l++) {
      levels.add(new ArrayList<>());
    }
    for (Patch p : sorted) {
      levels.get(p.level()).add(p);
    }
    Box levelDomain = domain;
    List<BoxIndex> indices = new ArrayList<>();
    for (int l = 0; l <= finest; l++) {
      if (levels.get(l).isEmpty()) {
        throw Checks.bad("level", l, "has no patches although level " + finest + " has (levels must be contiguous)");
      }
      if (l > 0) {
        levelDomain = levelDomain.refine(ratios[l - 1]);
      }
      List<Box> boxes = new ArrayList<>();
      for (Patch p : levels.get(l)) {
        if (!levelDomain.contains(p.box())) {
          throw Checks.bad("patch " + p.id() + " box", p.box(), "lies outside the level-" + l + " domain "
              + levelDomain);
        }
        boxes.add(p.box());
      }
      BoxIndex index = new BoxIndex(boxes);
      indices.add(index);
      for (int i = 0; i < boxes.size(); i++) {
        for (int j : index.intersecting(boxes.get(i))) {
          if (j != i) {
            Patch a = levels.get(l).get(i);
            Patch b = levels.get(l).get(j);
            throw Checks.bad("patch " + a.id() + " box", a.box(),
                "overlaps patch " + b.id() + " box " + b.box() + " on level " + l);
          }
        }
      }
    }

    Map<Integer, int[]> parents = new HashMap<>();
    Map<Integer, List<Integer>> childLists = new HashMap<>();
    for (int l = 1; l <= finest; l++) {
      List<Patch> coarse = levels.get(l - 1);
      for (Patch p : levels.get(l)) {
        Box shadow = p.box().coarsen(ratios[l - 1]);
        int[] declared = p.declaredParentIds();
        int[] candidates;
        if (declared.length > 0) {
          for (int parentId : declared) {
            Patch parent = byId.get(parentId);
            if (parent == null) {
              throw Checks.bad("patch " + p.id() + " parentIds", Arrays.toString(declared),
                  "names unknown patch " + parentId);
            }
            if (parent.level() != l - 1) {
              throw Checks.bad("patch " + p.id() + " parentIds", Arrays.toString(declared), "names patch "
                  + parentId + " on level " + parent.level() + ", not level " + (l - 1));
            }
            if (!parent.box().intersects(shadow)) {
              throw Checks.bad("patch " + p.id() + " parentIds", Arrays.toString(declared), "names patch "
                  + parentId + " which does not overlap the coarsened box " + shadow);
            }
          }
          candidates = declared;
        } else {
          int[] hits = indices.get(l - 1).intersecting(shadow);
          candidates = new int[hits.length];
          for (int k = 0; k < hits.length; k++) {
            candidates[k] = coarse.get(hits[k]).id();
          }
        }
        long covered = 0;
        for (int parentId : candidates) {
          covered += byId.get(parentId).box().overlapVolume(shadow);
        }
        long uncovered = shadow.volume() - covered;
        if (uncovered != 0) {
          throw Checks.bad("patch " + p.id() + " box", p.box(), "is not properly nested: coarsened by "
              + ratios[l - 1] + " to " + shadow + ", " + uncovered + " of its cells lie outside "
                  + (declared.length > 0 ? "its declared parents " + Arrays.toString(declared) : "every level-"
                      + (l - 1) + " patch"));
        }
        int[] own = candidates.clone();
        Arrays.sort(own);
        parents.put(p.id(), own);
        for (int parentId : own) {
          childLists.computeIfAbsent(parentId, k -> new ArrayList<>()).add(p.id());
        }
      }
    }
    Map<Integer, int[]> children = new HashMap<>();
    childLists.forEach((k, v) -> children.put(k, v.stream().mapToInt(Integer::intValue).sorted().toArray()));
    List<List<Patch>> frozenLevels = new ArrayList<>();
    for (List<Patch> level : levels) {
      frozenLevels.add(List.copyOf(level));
    }
    return new Hierarchy(domain, ratios.clone(), List.copyOf(sorted), List.copyOf(frozenLevels), parents,
        children);
  }

  /** The level-0 index domain. */
  public Box domain() {
    return domain;
  }

  public int dim() {
    return domain.dim();
  }

  /** The index domain of {@code level}: the level-0 domain refined by the ratios up to it. */
  public Box domainAt(int level) {
    checkLevel(level, ratios.length);
    Box b = domain;
    for (int l = 0; l < level; l++) {
      b = b.refine(ratios[l]);
    }
    return b;
  }

  /** The refinement ratio from {@code level} to {@code level + 1}. */
  public int ratio(int level) {
    checkLevel(level, ratios.length - 1);
    return ratios[level];
  }

  /** The refinement ratios, one per level transition, including those of levels that hold no patch yet. */
  public int[] ratios() {
    return ratios.clone();
  }

  /** Product of the ratios from level 0 up to {@code level}: how many level cells one level-0 cell spans per axis. */
  public int cumulativeRatio(int level) {
    checkLevel(level, ratios.length);
    int r = 1;
    for (int l = 0; l < level; l++) {
      r = Math.multiplyExact(r, ratios[l]);
    }
    return r;
  }

  /** Number of levels that hold patches (the finest level plus one). */
  public int levelCount() {
    return levels.size();
  }

  public int finestLevel() {
    return levels.size() - 1;
  }

  /** All patches, ordered by level and then id. */
  public List<Patch> patches() {
    return patches;
  }

  /** The patches of {@code level} ordered by id; empty for a level deeper than the finest. */
  public List<Patch> level(int level) {
    if (level < 0) {
      throw Checks.bad("level", level, "must be >= 0");
    }
    return level < levels.size() ? levels.get(level) : List.of();
  }

  public int patchCount() {
    return patches.size();
  }

  public boolean contains(int patchId) {
    return index.positionOf(patchId) >= 0;
  }

  public Patch patch(int id) {
    return patches.get(position(id));
  }

  /** Where patch {@code id} stands in {@link #patches()}, or -1 if there is no such patch. */
  int positionOf(int id) {
    return index.positionOf(id);
  }

  private int position(int id) {
    int i = index.positionOf(id);
    if (i < 0) {
      throw Checks.bad("patchId", id, "no such patch in this hierarchy");
    }
    return i;
  }

  /** Ids of the patches one level up that cover part of this patch (empty on level 0). */
  public int[] parents(int id) {
    return parents[position(id)].clone();
  }

  /** Ids of the patches one level down that this patch covers, in ascending order. */
  public int[] children(int id) {
    return children[position(id)].clone();
  }

  public double totalWork() {
    return totalWork;
  }

  public long totalCells() {
    return patches.stream().mapToLong(Patch::cells).sum();
  }

  private void checkLevel(int level, int max) {
    if (!(level >= 0 && level <= max)) {
      throw Checks.bad("level", level, "must be in [0, " + max + "]");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Hierarchy h && domain.equals(h.domain) && Arrays.equals(ratios, h.ratios)
        && patches.equals(h.patches);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * domain.hashCode() + Arrays.hashCode(ratios)) + patches.hashCode();
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("Hierarchy[domain=").append(domain).append(", ratios=")
        .append(Arrays.toString(ratios)).append(", patches per level=");
    for (int l = 0; l < levels.size(); l++) {
      s.append(l == 0 ? "" : "/").append(levels.get(l).size());
    }
    return s.append(']').toString();
  }
}
