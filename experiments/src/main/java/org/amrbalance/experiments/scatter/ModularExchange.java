package org.amrbalance.experiments.scatter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The exchange procedure of Theorem 4's constructive proof (seed 004 §2.5, spec §7): from any balanced map,
 * with processors renumbered by first appearance, repeatedly take the first cluster f not on processor
 * f mod P and swap it with the first later cluster on that processor. Every swap puts one more cluster in
 * place, so the procedure ends at the modular map; under a linear covariance no swap raises the summed
 * processor variance.
 */
public final class ModularExchange {
  private ModularExchange() {}

  /**
   * The maps visited, starting with {@code owner} renumbered by first appearance and ending with the modular
   * map.
   *
   * @param owner a balanced map: every processor in {@code [0, processors)} holds n/P clusters
   */
  public static List<int[]> steps(int[] owner, int processors) {
    int n = owner.length;
    if (processors < 1 || n % processors != 0) {
      throw new IllegalArgumentException("processors = " + processors + ": must divide n = " + n);
    }
    int[] count = new int[processors];
    for (int i = 0; i < n; i++) {
      if (owner[i] < 0 || owner[i] >= processors) {
        throw new IllegalArgumentException("owner[" + i + "] = " + owner[i] + ": must be in [0, " + processors + ")");
      }
      count[owner[i]]++;
    }
    for (int p = 0; p < processors; p++) {
      if (count[p] != n / processors) {
        throw new IllegalArgumentException(
            "owner = " + Arrays.toString(owner) + ": processor " + p + " holds " + count[p] + " clusters, not " + n / processors);
      }
    }
    int[] rename = new int[processors];
    Arrays.fill(rename, -1);
    int next = 0;
    int[] current = new int[n];
    for (int i = 0; i < n; i++) {
      if (rename[owner[i]] < 0) {
        rename[owner[i]] = next++;
      }
      current[i] = rename[owner[i]];
    }
    List<int[]> out = new ArrayList<>();
    out.add(current.clone());
    for (int f = 0; f < n; f++) {
      int target = f % processors;
      if (current[f] == target) {
        continue;
      }
      int g = f + 1;
      while (current[g] != target) {
        g++;
      }
      current[g] = current[f];
      current[f] = target;
      out.add(current.clone());
    }
    return out;
  }
}
