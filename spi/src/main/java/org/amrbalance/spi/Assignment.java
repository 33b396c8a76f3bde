package org.amrbalance.spi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * The result of balancing (the mapping, kept apart from the geometry of {@link Box} and the layout of
 * {@link Hierarchy}): for each patch one or more {@link Piece}s on ranks in {@code [0, ranks)}. The pieces
 * of a patch tile its box exactly: no gap, no overlap, nothing outside.
 */
@Immutable
public final class Assignment {
  private static final Comparator<Piece> PIECE_ORDER = Comparator
      .comparing((Piece p) -> p.box().lo(), Arrays::compare)
      .thenComparing(p -> p.box().hi(), Arrays::compare);

  private final Hierarchy hierarchy;
  private final int ranks;
  private final Map<Integer, List<Piece>> byPatch;
  private final List<Piece> pieces;

  private Assignment(Hierarchy hierarchy, int ranks, Map<Integer, List<Piece>> byPatch) {
    this.hierarchy = hierarchy;
    this.ranks = ranks;
    this.byPatch = byPatch;
    List<Piece> all = new ArrayList<>();
    byPatch.values().forEach(all::addAll);
    this.pieces = List.copyOf(all);
  }

  /** Checks and wraps a set of pieces that must tile every patch of {@code hierarchy}. */
  public static Assignment of(Hierarchy hierarchy, int ranks, Collection<Piece> pieces) {
    Checks.notNull("hierarchy", hierarchy);
    Checks.positive("ranks", ranks);
    Checks.notNull("pieces", pieces);
    Map<Integer, List<Piece>> grouped = new HashMap<>();
    for (Piece piece : pieces) {
      Checks.notNull("piece", piece);
      if (!hierarchy.contains(piece.patchId())) {
        throw Checks.bad("piece.patchId", piece.patchId(), "no such patch in the hierarchy");
      }
      if (piece.rank() >= ranks) {
        throw Checks.bad("piece.rank", piece.rank(), "rank must be in [0, " + ranks + ") (piece of patch "
            + piece.patchId() + ")");
      }
      grouped.computeIfAbsent(piece.patchId(), k -> new ArrayList<>()).add(piece);
    }
    Map<Integer, List<Piece>> byPatch = new LinkedHashMap<>();
    for (Patch patch : hierarchy.patches()) {
      List<Piece> own = grouped.get(patch.id());
      if (own == null) {
        throw Checks.bad("patch " + patch.id() + " pieces", "[]", "the patch is not assigned to any rank");
      }
      checkTiling(patch, own);
      own.sort(PIECE_ORDER);
      byPatch.put(patch.id(), List.copyOf(own));
    }
    return new Assignment(hierarchy, ranks, byPatch);
  }

  /** Every patch whole on the rank {@code rankOf} gives for its id. */
  public static Assignment wholeGrids(Hierarchy hierarchy, int ranks, IntUnaryOperator rankOf) {
    Checks.notNull("hierarchy", hierarchy);
    Checks.notNull("rankOf", rankOf);
    List<Piece> pieces = new ArrayList<>(hierarchy.patchCount());
    for (Patch p : hierarchy.patches()) {
      pieces.add(Piece.whole(p, rankOf.applyAsInt(p.id())));
    }
    return of(hierarchy, ranks, pieces);
  }

  /** Every patch whole on the rank the map gives for its id; a patch missing from the map is an error. */
  public static Assignment wholeGrids(Hierarchy hierarchy, int ranks, Map<Integer, Integer> rankOfPatch) {
    Checks.notNull("rankOfPatch", rankOfPatch);
    return wholeGrids(hierarchy, ranks, id -> {
      Integer r = rankOfPatch.get(id);
      if (r == null) {
        throw Checks.bad("patch " + id + " rank", "null", "the patch is not assigned to any rank");
      }
      return r;
    });
  }

  private static void checkTiling(Patch patch, List<Piece> own) {
    long covered = 0;
    for (Piece piece : own) {
      if (!(piece.box().dim() == patch.box().dim() && patch.box().contains(piece.box()))) {
        throw Checks.bad("piece.box", piece.box(), "lies outside patch " + patch.id() + " box " + patch.box());
      }
      covered += piece.box().volume();
    }
    if (own.size() > 1) {
      List<Box> boxes = new ArrayList<>(own.size());
      own.forEach(p -> boxes.add(p.box()));
      BoxIndex index = new BoxIndex(boxes);
      for (int i = 0; i < boxes.size(); i++) {
        for (int j : index.intersecting(boxes.get(i))) {
          if (j != i) {
            throw Checks.bad("piece.box", boxes.get(i), "overlaps piece box " + boxes.get(j)
                + " of the same patch " + patch.id());
          }
        }
      }
    }
    // Pieces are inside the box and disjoint, so equal volume means no gap.
    if (covered != patch.cells()) {
      throw Checks.bad("patch " + patch.id() + " pieces", own.size() + " pieces", "leave "
          + (patch.cells() - covered) + " cells of box " + patch.box() + " uncovered (a gap)");
    }
  }

  public Hierarchy hierarchy() {
    return hierarchy;
  }

  /** Number of ranks the assignment was made for. */
  public int ranks() {
    return ranks;
  }

  /** Every piece, patch by patch in hierarchy order. */
  public List<Piece> pieces() {
    return pieces;
  }

  public List<Piece> piecesOf(int patchId) {
    hierarchy.patch(patchId);
    return byPatch.get(patchId);
  }

  public List<Piece> piecesOn(int rank) {
    if (!(rank >= 0 && rank < ranks)) {
      throw Checks.bad("rank", rank, "must be in [0, " + ranks + ")");
    }
    List<Piece> on = new ArrayList<>();
    for (Piece p : pieces) {
      if (p.rank() == rank) {
        on.add(p);
      }
    }
    return on;
  }

  /** True if no patch is cut into more than one piece. */
  public boolean isWholeGrid() {
    return pieces.size() == hierarchy.patchCount();
  }

  /** The rank of an uncut patch. */
  public int rankOf(int patchId) {
    List<Piece> own = piecesOf(patchId);
    if (own.size() != 1) {
      throw Checks.bad("patchId", patchId, "is cut into " + own.size() + " pieces; use piecesOf");
    }
    return own.get(0).rank();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Assignment a && a.ranks == ranks && a.hierarchy.equals(hierarchy)
        && a.byPatch.equals(byPatch);
  }

  @Override
  public int hashCode() {
    return 31 * hierarchy.hashCode() + byPatch.hashCode() + ranks;
  }

  @Override
  public String toString() {
    return "Assignment[" + pieces.size() + " pieces of " + hierarchy.patchCount() + " patches on " + ranks
        + " ranks]";
  }
}
