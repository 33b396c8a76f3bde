package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.BoxIndex;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * Where the grid data lives: the blocks of every level (one per piece of the assignment) and their ranks.
 * Every rank holds the same layout, so every rank computes the same move lists.
 */
public final class Layout {
  private final Assignment assignment;
  private final List<List<Block>> levels;
  private final Map<Block, Integer> ranks;
  private final Map<Integer, List<Block>> byPatch;
  /** Per level, built on first use: schedules ask which blocks touch a region. */
  private final Map<Integer, BoxIndex> indices = new java.util.concurrent.ConcurrentHashMap<>();

  private Layout(Assignment assignment, List<List<Block>> levels, Map<Block, Integer> ranks,
      Map<Integer, List<Block>> byPatch) {
    this.assignment = assignment;
    this.levels = levels;
    this.ranks = ranks;
    this.byPatch = byPatch;
  }

  /** The blocks of {@code assignment}: level by level, patch by patch, pieces in the assignment's order. */
  public static Layout of(Assignment assignment) {
    if (assignment == null) {
      throw new IllegalArgumentException("assignment = null: must not be null");
    }
    Hierarchy h = assignment.hierarchy();
    if (h.dim() != 2) {
      throw new IllegalArgumentException("hierarchy dim = " + h.dim() + ": the grid framework is 2-D");
    }
    List<List<Block>> levels = new ArrayList<>();
    Map<Block, Integer> ranks = new HashMap<>();
    Map<Integer, List<Block>> byPatch = new HashMap<>();
    for (int l = 0; l < h.levelCount(); l++) {
      List<Block> level = new ArrayList<>();
      for (Patch p : h.level(l)) {
        List<Block> own = new ArrayList<>();
        for (Piece piece : assignment.piecesOf(p.id())) {
          Block b = new Block(l, p.id(), piece.box());
          level.add(b);
          own.add(b);
          ranks.put(b, piece.rank());
        }
        byPatch.put(p.id(), List.copyOf(own));
      }
      levels.add(List.copyOf(level));
    }
    return new Layout(assignment, List.copyOf(levels), ranks, byPatch);
  }

  public Assignment assignment() {
    return assignment;
  }

  public Hierarchy hierarchy() {
    return assignment.hierarchy();
  }

  public int levelCount() {
    return levels.size();
  }

  /** The blocks of {@code level}; empty past the finest level. */
  public List<Block> level(int level) {
    return level < levels.size() ? levels.get(level) : List.of();
  }

  /** The boxes of {@link #level}'s blocks, indexed: which blocks (positions in that list) meet a region. */
  public BoxIndex index(int level) {
    return indices.computeIfAbsent(level, l -> {
      List<Box> boxes = new java.util.ArrayList<>();
      level(l).forEach(b -> boxes.add(b.box()));
      return new BoxIndex(boxes);
    });
  }

  public int rankOf(Block b) {
    Integer r = ranks.get(b);
    if (r == null) {
      throw new IllegalArgumentException("block = " + b + ": not in this layout");
    }
    return r;
  }

  /** The blocks (pieces) of one patch. */
  public List<Block> blocksOf(int patchId) {
    List<Block> own = byPatch.get(patchId);
    if (own == null) {
      throw new IllegalArgumentException("patchId = " + patchId + ": not in this layout");
    }
    return own;
  }
}
