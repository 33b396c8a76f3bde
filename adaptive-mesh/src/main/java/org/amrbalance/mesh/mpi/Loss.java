package org.amrbalance.mesh.mpi;

import java.time.Duration;
import java.util.List;
import javax.annotation.concurrent.Immutable;

/**
 * What a launch that watched for losses ({@link MpjLauncher#withLossDetection}) lost: the ranks, the hosts whose
 * loss took them (empty when single processes died), what was seen, how long after the launch started, and how
 * long the loss went unnoticed (from the rank's last heartbeat, or a host's first unanswered probe, to detection).
 */
@Immutable
public record Loss(List<Integer> ranks, List<String> hosts, String why, Duration at, Duration unnoticedFor) {
  public Loss {
    if (ranks == null || ranks.isEmpty() || hosts == null || why == null || at == null || unnoticedFor == null) {
      throw new IllegalArgumentException("loss = " + ranks + ", " + hosts + ", " + why + ": ranks must not be empty"
          + " and nothing null");
    }
    ranks = List.copyOf(ranks);
    hosts = List.copyOf(hosts);
  }

  /** One line: "rank 1 (pid 4242 on h2: no heartbeat for 2.0 s), 14.2 s into the run, noticed after 2.1 s". */
  public String describe() {
    return (ranks.size() == 1 ? "rank " + ranks.get(0) : "ranks " + ranks) + " (" + why + "), "
        + String.format(java.util.Locale.ROOT, "%.1f s into the run, noticed after %.1f s", at.toMillis() / 1e3,
        unnoticedFor.toMillis() / 1e3);
  }
}
