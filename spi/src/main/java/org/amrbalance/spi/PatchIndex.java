package org.amrbalance.spi;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.concurrent.Immutable;

/**
 * Patch id to position in a list of patches with unique ids. Ids are usually numbered from 0 without big gaps, and
 * then a table indexed by id answers without boxing or hashing (a balancer asks once per grid, a million times at
 * scale); sparse ids fall back to a hash map.
 */
@Immutable
final class PatchIndex {
  /** A table may be this many times longer than the patch count (plus a little) before a map is used instead. */
  private static final int MAX_SPREAD = 4;

  private final int[] table;
  private final Map<Integer, Integer> map;

  private PatchIndex(int[] table, Map<Integer, Integer> map) {
    this.table = table;
    this.map = map;
  }

  static PatchIndex of(List<Patch> patches) {
    int maxId = 0;
    for (Patch p : patches) {
      maxId = Math.max(maxId, p.id());
    }
    if ((long) maxId < (long) MAX_SPREAD * patches.size() + 1024) {
      int[] table = new int[maxId + 1];
      java.util.Arrays.fill(table, -1);
      for (int i = 0; i < patches.size(); i++) {
        table[patches.get(i).id()] = i;
      }
      return new PatchIndex(table, null);
    }
    Map<Integer, Integer> map = new HashMap<>(patches.size() * 2);
    for (int i = 0; i < patches.size(); i++) {
      map.put(patches.get(i).id(), i);
    }
    return new PatchIndex(null, map);
  }

  /** The position of patch {@code id}, or -1 if no patch has that id. */
  int positionOf(int id) {
    if (table != null) {
      return id >= 0 && id < table.length ? table[id] : -1;
    }
    Integer i = map.get(id);
    return i == null ? -1 : i;
  }
}
