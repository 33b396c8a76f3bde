package org.amrbalance.spi;

import java.util.Arrays;
import java.util.Objects;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * One grid of the hierarchy: an id unique in its hierarchy, a level, a box in that level's index space, the
 * ids of its parents (empty: let the {@link Hierarchy} find them from the geometry), a work estimate and
 * the size of its data in bytes (what a migration moves).
 */
@Immutable
public final class Patch {
  /** Bytes per cell assumed when a host does not say: one double. */
  public static final long DEFAULT_BYTES_PER_CELL = Double.BYTES;

  private final int id;
  private final int level;
  private final Box box;
  private final int[] parentIds;
  private final double work;
  private final long payloadBytes;

  private Patch(int id, int level, Box box, int[] parentIds, double work, long payloadBytes) {
    this.id = id;
    this.level = level;
    this.box = box;
    this.parentIds = parentIds;
    this.work = work;
    this.payloadBytes = payloadBytes;
  }

  /** A patch whose work is its cell count and whose payload is one double per cell. */
  public static Patch of(int id, int level, Box box) {
    Checks.notNull("box", box);
    return of(id, level, box, box.volume());
  }

  /** A patch with the given work estimate and a payload of one double per cell. */
  public static Patch of(int id, int level, Box box, double work) {
    Checks.notNull("box", box);
    return create(id, level, box, new int[0], work, Math.multiplyExact(box.volume(), DEFAULT_BYTES_PER_CELL));
  }

  private static Patch create(int id, int level, Box box, int[] parents, double work, long bytes) {
    Checks.nonNegative("patch.id", id);
    if (level < 0) {
      throw Checks.bad("patch " + id + " level", level, "must be >= 0");
    }
    if (!(Double.isFinite(work) && work >= 0)) {
      throw Checks.bad("patch " + id + " work", work, "must be finite and >= 0");
    }
    if (bytes < 0) {
      throw Checks.bad("patch " + id + " payloadBytes", bytes, "must be >= 0");
    }
    if (!(level > 0 || parents.length == 0)) {
      throw Checks.bad("patch " + id + " parentIds", Arrays.toString(parents), "a level-0 patch has no parent");
    }
    int[] sorted = parents.clone();
    Arrays.sort(sorted);
    for (int i = 0; i < sorted.length; i++) {
      if (sorted[i] < 0) {
        throw Checks.bad("patch " + id + " parentIds", Arrays.toString(parents), "ids must be >= 0");
      }
      if (!(i == 0 || sorted[i] != sorted[i - 1])) {
        throw Checks.bad("patch " + id + " parentIds", Arrays.toString(parents), "names parent " + sorted[i]
            + " twice");
      }
    }
    return new Patch(id, level, box, sorted, work, bytes);
  }

  public Patch withWork(double newWork) {
    return create(id, level, box, parentIds, newWork, payloadBytes);
  }

  public Patch withPayloadBytes(long bytes) {
    return create(id, level, box, parentIds, work, bytes);
  }

  /** This patch with declared parents; the hierarchy checks that they exist one level up and overlap it. */
  public Patch withParents(int... parents) {
    Checks.notNull("parents", parents);
    return create(id, level, box, parents, work, payloadBytes);
  }

  public int id() {
    return id;
  }

  public int level() {
    return level;
  }

  public Box box() {
    return box;
  }

  /** Declared parent ids in ascending order; empty if the host left them to the hierarchy. */
  public int[] declaredParentIds() {
    return parentIds.clone();
  }

  public double work() {
    return work;
  }

  /** Work per cell: how a piece's share of the work is computed. */
  public double workDensity() {
    return work / box.volume();
  }

  public long payloadBytes() {
    return payloadBytes;
  }

  public long cells() {
    return box.volume();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Patch p
        && id == p.id
        && level == p.level
        && box.equals(p.box)
        && Arrays.equals(parentIds, p.parentIds)
        && Double.compare(work, p.work) == 0
        && payloadBytes == p.payloadBytes;
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, level, box, Arrays.hashCode(parentIds), work, payloadBytes);
  }

  @Override
  public String toString() {
    return "Patch[id=" + id + ", level=" + level + ", box=" + box + ", work=" + work + "]";
  }
}
