package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.amrbalance.spi.parallel.Collectives;

/**
 * The improved concurrent form of L1 (seed 002 §3.4.1, spec §8): the tokens are gathered at the designated
 * processor of the whole machine, which balances the two halves and hands each half's tokens to the
 * designated processor of that half, recursively; a one-processor set's designated processor is the
 * processor itself, so after the last level every token is held by its final processor, which informs the
 * grid's source. No redundant work, but migration can start only when the whole procedure has ended.
 */
final class GatheringRecursiveHalving implements DistributedScheduler {
  private final double epsilon;

  public GatheringRecursiveHalving(double epsilon) {
    Checks.check(Double.isFinite(epsilon) && epsilon >= 0, "epsilon", epsilon, "must be finite and >= 0");
    this.epsilon = epsilon;
  }

  @Override
  public SortedMap<Integer, Integer> run(Collectives group, List<GridToken> local, HalvingPlan plan) {
    Distributed.checkGroup(group, local, plan);
    List<List<Packet>> out = Distributed.emptyOutboxes(group.size());
    for (GridToken t : local) {
      out.get(plan.designated(0, 0)).add(Packet.of(t));
    }
    List<Packet> held = flatten(group.allToAll(out));
    for (int level = 0; level < plan.depth(); level++) {
      if (!held.isEmpty()) {
        // Everything held here belongs to the one set this rank is designated for.
        int seg = plan.segment(level, held.get(0).at());
        TokenStates s = TokenStates.ofPackets(held);
        int[] members = new int[s.count()];
        for (int k = 0; k < members.length; k++) {
          members[k] = k;
        }
        PairMove.balance(plan, level, seg, members, members.length, s, epsilon);
        held = new ArrayList<>();
        for (int k = 0; k < s.count(); k++) {
          held.add(s.packet(k));
        }
      }
      List<List<Packet>> next = Distributed.emptyOutboxes(group.size());
      for (Packet p : held) {
        next.get(plan.designated(level + 1, plan.segment(level + 1, p.at()))).add(p);
      }
      held = flatten(group.allToAll(next));
    }
    return Distributed.informSourcesAndGather(group, held);
  }

  private static List<Packet> flatten(List<List<Packet>> in) {
    List<Packet> all = new ArrayList<>();
    in.forEach(all::addAll);
    return all;
  }
}
