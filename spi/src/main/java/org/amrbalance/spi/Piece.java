package org.amrbalance.spi;

import java.util.Objects;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/** Part of a patch (a sub-box, or the whole box) placed on one rank. */
@Immutable
public final class Piece implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  private final int patchId;
  private final Box box;
  private final int rank;

  private Piece(int patchId, Box box, int rank) {
    this.patchId = patchId;
    this.box = box;
    this.rank = rank;
  }

  public static Piece of(int patchId, Box box, int rank) {
    Checks.nonNegative("piece.patchId", patchId);
    Checks.notNull("piece.box", box);
    if (rank < 0) {
      throw Checks.bad("piece.rank", rank, "must be >= 0");
    }
    return new Piece(patchId, box, rank);
  }

  /** The whole of {@code patch} on {@code rank}. */
  public static Piece whole(Patch patch, int rank) {
    return of(patch.id(), patch.box(), rank);
  }

  public int patchId() {
    return patchId;
  }

  public Box box() {
    return box;
  }

  public int rank() {
    return rank;
  }

  /** Deserialized values pass the factory's checks too. */
  private Object readResolve() throws java.io.ObjectStreamException {
    return of(patchId, box, rank);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Piece p && p.patchId == patchId && p.rank == rank && p.box.equals(box);
  }

  @Override
  public int hashCode() {
    return Objects.hash(patchId, box, rank);
  }

  @Override
  public String toString() {
    return "Piece[patch=" + patchId + ", box=" + box + ", rank=" + rank + "]";
  }
}
