package org.amrbalance.mesh.mpi;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;

/**
 * Watches a running launch for lost ranks and hosts, from the launcher's own clock: a rank whose heartbeat number
 * ({@link MpjRankMain#BEAT_SUFFIX}) has not moved for the silence allowed, and has not reported an outcome, is lost
 * (its JVM was killed, or hangs whole); on a cluster, a host whose daemon port has not answered {@link #PROBES_LOST}
 * probes in a row (one a second) is lost with every rank on it (its link went down: its ranks may still beat into a
 * shared folder, but nobody can reach them). A rank that has not beaten yet is still starting, not lost.
 */
final class LossWatch {
  static final int PROBES_LOST = 3;
  private static final long PROBE_EVERY_NANOS = 1_000_000_000L;
  private static final int PROBE_TIMEOUT_MILLIS = 1000;

  private final Path statusDir;
  private final int ranks;
  private final long silenceNanos;
  private final long start;
  @Nullable private final Machines machines;
  private final int port;
  private final Map<Integer, String> lastBeat = new HashMap<>();
  private final Map<Integer, Long> lastChange = new HashMap<>();
  private final Map<String, Integer> unanswered = new HashMap<>();
  private final Map<String, Long> firstUnanswered = new HashMap<>();
  private long nextProbe;

  /** {@code machines} null: no hosts to probe (all ranks on this host). */
  LossWatch(Path statusDir, int ranks, Duration silence, long start, @Nullable Machines machines, int port) {
    this.statusDir = statusDir;
    this.ranks = ranks;
    this.silenceNanos = silence.toNanos();
    this.start = start;
    this.machines = machines;
    this.port = port;
    this.nextProbe = start;
  }

  /** The loss seen at {@code now} (System.nanoTime), or null. */
  @Nullable
  Loss check(long now) {
    List<Integer> silent = new ArrayList<>();
    long longest = 0;
    for (int r = 0; r < ranks; r++) {
      if (reported(r)) {
        continue;
      }
      String beat = read(MpjRankMain.BEAT_SUFFIX, r);
      if (beat == null) {
        continue; // not started yet
      }
      if (!beat.equals(lastBeat.get(r))) {
        lastBeat.put(r, beat);
        lastChange.put(r, now);
      } else if (now - lastChange.get(r) > silenceNanos) {
        silent.add(r);
        longest = Math.max(longest, now - lastChange.get(r));
      }
    }
    if (machines != null && now >= nextProbe) {
      nextProbe = now + PROBE_EVERY_NANOS;
      Loss host = probe(now);
      if (host != null) {
        return host;
      }
    }
    if (silent.isEmpty()) {
      return null;
    }
    String process = read(MpjRankMain.PROCESS_SUFFIX, silent.get(0));
    String where = process == null ? "" : "pid " + process.replace(" ", " on ") + ": ";
    return new Loss(silent, List.of(), where + String.format(java.util.Locale.ROOT, "no heartbeat for %.1f s",
        longest / 1e9), Duration.ofNanos(now - start), Duration.ofNanos(longest));
  }

  @Nullable
  private Loss probe(long now) {
    for (String host : machines.distinct()) {
      boolean answered;
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(host, port), PROBE_TIMEOUT_MILLIS);
        answered = true;
      } catch (IOException e) {
        answered = false;
      }
      if (answered) {
        unanswered.remove(host);
        firstUnanswered.remove(host);
        continue;
      }
      firstUnanswered.putIfAbsent(host, now);
      int misses = unanswered.merge(host, 1, Integer::sum);
      if (misses >= PROBES_LOST) {
        List<Integer> on = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
          if (machines.hostOf(r).equals(host)) {
            on.add(r);
          }
        }
        return new Loss(on, List.of(host), "host " + host + " did not answer on port " + port + " " + misses
            + " times in a row", Duration.ofNanos(now - start), Duration.ofNanos(now - firstUnanswered.get(host)));
      }
    }
    return null;
  }

  /**
   * Watches for one silence more (and a poll): the loss it shows, or null. For when the launch is over without every
   * rank reporting, to tell the ranks that died from those that were waiting for them.
   */
  @Nullable
  Loss awaitSilence(Duration silence) throws InterruptedException {
    long end = System.nanoTime() + silence.toNanos() + 2 * MpjRankMain.BEAT_MILLIS * 1_000_000L;
    while (System.nanoTime() < end) {
      Loss loss = check(System.nanoTime());
      if (loss != null) {
        return loss;
      }
      Thread.sleep(MpjRankMain.BEAT_MILLIS / 5);
    }
    return null;
  }

  private boolean reported(int rank) {
    return Files.exists(statusDir.resolve(MpjRankMain.statusFileName(rank, MpjRankMain.OK_SUFFIX)))
        || Files.exists(statusDir.resolve(MpjRankMain.statusFileName(rank, MpjRankMain.FAILED_SUFFIX)));
  }

  @Nullable
  private String read(String suffix, int rank) {
    try {
      return Files.readString(statusDir.resolve(MpjRankMain.statusFileName(rank, suffix)), StandardCharsets.UTF_8)
          .strip();
    } catch (IOException e) {
      return null;
    }
  }
}
