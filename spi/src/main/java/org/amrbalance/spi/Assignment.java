package org.amrbalance.spi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Collections;
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
  /** Low corner, then high corner, lexicographically; reads the corners in place (lo() and hi() copy them). */
  private static final Comparator<Piece> PIECE_ORDER = (a, b) -> compareCorners(a.box(), b.box());
  /** Up to this many pieces of a patch are checked pair by pair: building an index costs more below it. */
  private static final int PAIRWISE_MAX = 16;

  private final Hierarchy hierarchy;
  private final int ranks;
  /** Every piece, patch by patch in hierarchy order; those of the patch at position i are at [start[i], start[i+1]). */
  private final Piece[] byPatch;
  private final int[] start;
  private final List<Piece> pieces;

  private Assignment(Hierarchy hierarchy, int ranks, Piece[] byPatch, int[] start) {
    this.hierarchy = hierarchy;
    this.ranks = ranks;
    this.byPatch = byPatch;
    this.start = start;
    this.pieces = Collections.unmodifiableList(Arrays.asList(byPatch));
  }

  /** Checks and wraps a set of pieces that must tile every patch of {@code hierarchy}. */
  public static Assignment of(Hierarchy hierarchy, int ranks, Collection<Piece> pieces) {
    Checks.notNull("hierarchy", hierarchy);
    Checks.positive("ranks", ranks);
    Checks.notNull("pieces", pieces);
    List<Patch> patches = hierarchy.patches();
    // Grouped by a counting sort on the patch's position: linear, and each patch keeps its pieces' given order.
    Piece[] given = pieces.toArray(new Piece[0]);
    int[] position = new int[given.length];
    int[] start = new int[patches.size() + 1];
    for (int k = 0; k < given.length; k++) {
      Piece piece = given[k];
      Checks.notNull("piece", piece);
      int i = hierarchy.positionOf(piece.patchId());
      if (i < 0) {
        throw Checks.bad("piece.patchId", piece.patchId(), "no such patch in the hierarchy");
      }
      if (piece.rank() >= ranks) {
        throw Checks.bad("piece.rank", piece.rank(), "rank must be in [0, " + ranks + ") (piece of patch "
            + piece.patchId() + ")");
      }
      position[k] = i;
      start[i + 1]++;
    }
    for (int i = 0; i < patches.size(); i++) {
      start[i + 1] += start[i];
    }
    Piece[] grouped = new Piece[given.length];
    int[] next = Arrays.copyOf(start, patches.size());
    for (int k = 0; k < given.length; k++) {
      grouped[next[position[k]]++] = given[k];
    }
    for (int i = 0; i < patches.size(); i++) {
      Patch patch = patches.get(i);
      if (start[i] == start[i + 1]) {
        throw Checks.bad("patch " + patch.id() + " pieces", "[]", "the patch is not assigned to any rank");
      }
      checkTiling(patch, grouped, start[i], start[i + 1]);
      if (start[i + 1] - start[i] > 1) {
        Arrays.sort(grouped, start[i], start[i + 1], PIECE_ORDER);
      }
    }
    return new Assignment(hierarchy, ranks, grouped, start);
  }

  /** Every patch whole on the rank {@code rankOf} gives for its id. */
  public static Assignment wholeGrids(Hierarchy hierarchy, int ranks, IntUnaryOperator rankOf) {
    Checks.notNull("hierarchy", hierarchy);
    Checks.notNull("rankOf", rankOf);
    List<Patch> patches = hierarchy.patches();
    Piece[] whole = new Piece[patches.size()];
    for (int i = 0; i < whole.length; i++) {
      Patch p = patches.get(i);
      whole[i] = Piece.whole(p, rankOf.applyAsInt(p.id()));
    }
    // One whole piece per patch, in hierarchy order: what of() would check reduces to the ranks.
    Checks.positive("ranks", ranks);
    for (Piece piece : whole) {
      if (piece.rank() >= ranks) {
        throw Checks.bad("piece.rank", piece.rank(), "rank must be in [0, " + ranks + ") (piece of patch "
            + piece.patchId() + ")");
      }
    }
    int[] start = new int[whole.length + 1];
    for (int i = 0; i <= whole.length; i++) {
      start[i] = i;
    }
    return new Assignment(hierarchy, ranks, whole, start);
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

  /** Checks that {@code pieces[from, to)}, in their given order, tile the box of {@code patch}. */
  private static void checkTiling(Patch patch, Piece[] pieces, int from, int to) {
    long covered = 0;
    for (int k = from; k < to; k++) {
      Box box = pieces[k].box();
      if (box != patch.box() && !(box.dim() == patch.box().dim() && patch.box().contains(box))) {
        throw Checks.bad("piece.box", box, "lies outside patch " + patch.id() + " box " + patch.box());
      }
      covered += box.volume();
    }
    if (to - from > 1 && to - from <= PAIRWISE_MAX) {
      // Same report as the index below: the first piece that overlaps another, and the first such other.
      for (int i = from; i < to; i++) {
        Box box = pieces[i].box();
        for (int j = from; j < to; j++) {
          if (j != i && box.intersects(pieces[j].box())) {
            throw overlap(box, pieces[j].box(), patch);
          }
        }
      }
    } else if (to - from > 1) {
      List<Box> boxes = new ArrayList<>(to - from);
      for (int k = from; k < to; k++) {
        boxes.add(pieces[k].box());
      }
      BoxIndex index = new BoxIndex(boxes);
      for (int i = 0; i < boxes.size(); i++) {
        for (int j : index.intersecting(boxes.get(i))) {
          if (j != i) {
            throw overlap(boxes.get(i), boxes.get(j), patch);
          }
        }
      }
    }
    // Pieces are inside the box and disjoint, so equal volume means no gap.
    if (covered != patch.cells()) {
      throw Checks.bad("patch " + patch.id() + " pieces", (to - from) + " pieces", "leave "
          + (patch.cells() - covered) + " cells of box " + patch.box() + " uncovered (a gap)");
    }
  }

  private static IllegalArgumentException overlap(Box box, Box other, Patch patch) {
    return Checks.bad("piece.box", box, "overlaps piece box " + other + " of the same patch " + patch.id());
  }

  /** Orders boxes of one dimension as {@code Arrays.compare} orders their low, then their high corners. */
  private static int compareCorners(Box a, Box b) {
    for (int d = 0; d < a.dim(); d++) {
      int c = Integer.compare(a.lo(d), b.lo(d));
      if (c != 0) {
        return c;
      }
    }
    for (int d = 0; d < a.dim(); d++) {
      int c = Integer.compare(a.hi(d), b.hi(d));
      if (c != 0) {
        return c;
      }
    }
    return 0;
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
    int i = hierarchy.positionOf(patchId);
    return pieces.subList(start[i], start[i + 1]);
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
    // Pieces are grouped patch by patch in the hierarchy's order, so equal hierarchies and arrays mean equal tilings.
    return o instanceof Assignment a && a.ranks == ranks && a.hierarchy.equals(hierarchy)
        && Arrays.equals(a.start, start) && Arrays.equals(a.byPatch, byPatch);
  }

  @Override
  public int hashCode() {
    // The hash of the map from patch id to its list of pieces that this class once kept.
    int byPatchHash = 0;
    List<Patch> patches = hierarchy.patches();
    for (int i = 0; i < patches.size(); i++) {
      byPatchHash += Integer.hashCode(patches.get(i).id()) ^ pieces.subList(start[i], start[i + 1]).hashCode();
    }
    return 31 * hierarchy.hashCode() + byPatchHash + ranks;
  }

  @Override
  public String toString() {
    return "Assignment[" + pieces.size() + " pieces of " + hierarchy.patchCount() + " patches on " + ranks
        + " ranks]";
  }
}
