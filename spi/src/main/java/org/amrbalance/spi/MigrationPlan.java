package org.amrbalance.spi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * Which data must move when the mapping changes from one assignment to another (Zoltan's import/export
 * lists). Computed on the geometry, level by level: every cell whose old owner differs from its new owner
 * moves, so a plan is also right across a regrid (patch ids need not match) and across a change of rank
 * count. Cells of new patches that no old patch held are not in the plan: the host creates them by
 * interpolation.
 */
@Immutable
public final class MigrationPlan {
  @Nullable private final Assignment source;
  private final Assignment target;
  private final List<Transfer> transfers;
  private final long bytes;
  private final long cells;

  private MigrationPlan(@Nullable Assignment source, Assignment target, List<Transfer> transfers) {
    this.source = source;
    this.target = target;
    this.transfers = transfers;
    this.bytes = transfers.stream().mapToLong(Transfer::bytes).sum();
    this.cells = transfers.stream().mapToLong(Transfer::cells).sum();
  }

  /**
   * The moves from {@code source} to {@code target}. A null source (nothing placed yet) gives an empty
   * plan. Bytes are the source patch's payload per cell times the cells moved, rounded.
   */
  public static MigrationPlan between(@Nullable Assignment source, Assignment target) {
    Checks.notNull("target", target);
    if (source == null) {
      return new MigrationPlan(null, target, List.of());
    }
    Hierarchy oldH = source.hierarchy();
    Hierarchy newH = target.hierarchy();
    if (!oldH.domain().equals(newH.domain())) {
      throw Checks.bad("source.hierarchy.domain", oldH.domain(), "differs from the target's domain " + newH.domain());
    }
    List<Transfer> transfers = new ArrayList<>();
    int levels = Math.min(oldH.levelCount(), newH.levelCount());
    for (int l = 0; l < levels; l++) {
      if (!oldH.domainAt(l).equals(newH.domainAt(l))) {
        throw Checks.bad("source.hierarchy.domainAt(" + l + ")", oldH.domainAt(l), "differs from the target's "
            + newH.domainAt(l) + " (other refinement ratios)");
      }
      List<Piece> oldPieces = new ArrayList<>();
      for (Patch p : oldH.level(l)) {
        oldPieces.addAll(source.piecesOf(p.id()));
      }
      List<Box> oldBoxes = new ArrayList<>(oldPieces.size());
      oldPieces.forEach(p -> oldBoxes.add(p.box()));
      BoxIndex index = new BoxIndex(oldBoxes);
      for (Patch p : newH.level(l)) {
        for (Piece now : target.piecesOf(p.id())) {
          for (int i : index.intersecting(now.box())) {
            Piece before = oldPieces.get(i);
            if (before.rank() != now.rank()) {
              Box region = before.box().intersection(now.box()).orElseThrow();
              Patch owner = oldH.patch(before.patchId());
              long moved = Math.round(region.volume() * (double) owner.payloadBytes() / owner.cells());
              transfers.add(Transfer.of(l, before.patchId(), now.patchId(), region, before.rank(), now.rank(),
                  moved));
            }
          }
        }
      }
    }
    return new MigrationPlan(source, target, List.copyOf(transfers));
  }

  /** The assignment the data leaves, or null if nothing was placed before. */
  @Nullable
  public Assignment source() {
    return source;
  }

  /** The assignment the data reaches. */
  public Assignment target() {
    return target;
  }

  public List<Transfer> transfers() {
    return transfers;
  }

  public List<Transfer> sentBy(int rank) {
    return transfers.stream().filter(t -> t.fromRank() == rank).toList();
  }

  public List<Transfer> receivedBy(int rank) {
    return transfers.stream().filter(t -> t.toRank() == rank).toList();
  }

  /** Bytes each rank sends, keyed by rank (ranks that send nothing are absent). */
  public Map<Integer, Long> bytesSentByRank() {
    Map<Integer, Long> out = new HashMap<>();
    transfers.forEach(t -> out.merge(t.fromRank(), t.bytes(), Long::sum));
    return out;
  }

  public boolean isEmpty() {
    return transfers.isEmpty();
  }

  public long bytes() {
    return bytes;
  }

  public long cells() {
    return cells;
  }

  @Override
  public String toString() {
    return "MigrationPlan[" + transfers.size() + " transfers, " + cells + " cells, " + bytes + " bytes]";
  }
}
