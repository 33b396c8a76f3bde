package org.amrbalance.mesh.grid;

import java.util.List;
import java.util.Map;

/**
 * The storage of a fixed list of blocks in one data map, looked up once instead of once per use: an exchange of a
 * sweep touches every ghost move of a level, and a hash lookup by block per move cost as much as the copies. Valid
 * while the map is the same object and has the same size: a layout's data map only grows, block by block, while
 * the layout is installed (a new layout brings a new map).
 */
final class StorageCache {
  private Map<Block, GridData> map;
  private int size = -1;
  private GridData[] storage;

  /** The storage of each of {@code blocks} in {@code data} (null where this process holds none). */
  GridData[] of(Map<Block, GridData> data, List<Block> blocks) {
    if (data != map || data.size() != size) {
      GridData[] s = new GridData[blocks.size()];
      for (int k = 0; k < s.length; k++) {
        s[k] = data.get(blocks.get(k));
      }
      storage = s;
      map = data;
      size = data.size();
    }
    return storage;
  }
}
