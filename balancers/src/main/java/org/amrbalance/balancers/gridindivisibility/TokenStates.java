package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The mutable working copy of a set of tokens during recursive halving: for token i its size, its
 * tentative processor p_a (initially f(a)) and its remaining budget. Shared by the sequential, concurrent
 * and gathering forms, which therefore apply the identical move rule.
 */
final class TokenStates {
  final int[] id;
  final long[] size;
  final int[] origin;
  final int[] at;
  final int[] budget;

  TokenStates(List<GridToken> tokens, int ranks) {
    int m = tokens.size();
    id = new int[m];
    size = new long[m];
    origin = new int[m];
    at = new int[m];
    budget = new int[m];
    // A primitive sort proves the ids distinct; only if it cannot does a set find the first repeat, for its error.
    Set<Integer> seen = distinctIds(tokens) ? null : new HashSet<>();
    for (int i = 0; i < m; i++) {
      GridToken t = Checks.notNull("grids[" + i + "]", tokens.get(i));
      Checks.check(seen == null || seen.add(t.id()), "token.id", t.id(), "duplicate token id");
      if (t.origin() >= ranks) {
        throw new IllegalArgumentException("token " + t.id() + " origin = " + t.origin() + ": must be < " + ranks
            + " ranks");
      }
      id[i] = t.id();
      size[i] = t.size();
      origin[i] = t.origin();
      at[i] = t.origin();
      budget[i] = t.budget();
    }
  }

  private static boolean distinctIds(List<GridToken> tokens) {
    int[] ids = new int[tokens.size()];
    boolean ascending = true;
    for (int i = 0; i < ids.length; i++) {
      GridToken t = tokens.get(i);
      if (t == null) {
        return false;
      }
      ids[i] = t.id();
      ascending &= i == 0 || ids[i - 1] < ids[i];
    }
    if (ascending) {
      return true; // a hierarchy's level comes in id order
    }
    Arrays.sort(ids);
    for (int i = 1; i < ids.length; i++) {
      if (ids[i] == ids[i - 1]) {
        return false;
      }
    }
    return true;
  }

  /** The working state of packets in flight (their current processor and remaining budget). */
  static TokenStates ofPackets(List<Packet> packets) {
    TokenStates s = new TokenStates(packets.size());
    for (int i = 0; i < packets.size(); i++) {
      Packet p = packets.get(i);
      s.id[i] = p.id();
      s.size[i] = p.size();
      s.origin[i] = p.origin();
      s.at[i] = p.at();
      s.budget[i] = p.budget();
    }
    return s;
  }

  private TokenStates(int m) {
    id = new int[m];
    size = new long[m];
    origin = new int[m];
    at = new int[m];
    budget = new int[m];
  }

  /** A copy whose token j is this one's token {@code order[j]}. */
  TokenStates permuted(int[] order) {
    TokenStates p = new TokenStates(order.length);
    for (int j = 0; j < order.length; j++) {
      int k = order[j];
      p.id[j] = id[k];
      p.size[j] = size[k];
      p.origin[j] = origin[k];
      p.at[j] = at[k];
      p.budget[j] = budget[k];
    }
    return p;
  }

  Packet packet(int k) {
    return new Packet(id[k], budget[k], size[k], origin[k], at[k]);
  }

  int count() {
    return id.length;
  }
}
