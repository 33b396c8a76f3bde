package org.amrbalance.mesh.mpi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import javax.annotation.concurrent.Immutable;

/** What became of an {@link MpjLauncher} launch: each rank's status, the output, whether time ran out. */
@Immutable
public final class LaunchResult {
  /** What a rank reported. */
  public enum RankStatus {
    /** The program returned normally. */
    OK,
    /** The program threw; see {@link #failure(int)}. */
    FAILED,
    /** Nothing: the rank was stopped (time ran out, another rank failed) or never started. */
    NOT_REPORTED
  }

  private static final int OUTPUT_LINES_IN_SUMMARY = 20;
  private static final int MESSAGE_LINES = 12;
  private static final Pattern FRAME = Pattern.compile("\\s+(at |\\.\\.\\. \\d+ more).*");
  /** The first line of a stack trace: the exception's class name, then its message if it has one. */
  private static final Pattern EXCEPTION_LINE = Pattern.compile("^(?:[\\w$]+\\.)*([\\w$]+)(?:: (.*))?$");

  private final MpjDevice device;
  private final List<RankStatus> statuses;
  private final Map<Integer, String> failures;
  private final boolean timedOut;
  private final List<String> output;
  private final Duration elapsed;
  @javax.annotation.Nullable private final Loss loss;

  private LaunchResult(MpjDevice device, List<RankStatus> statuses, Map<Integer, String> failures,
      boolean timedOut, List<String> output, Duration elapsed, @javax.annotation.Nullable Loss loss) {
    this.device = device;
    this.statuses = statuses;
    this.failures = failures;
    this.timedOut = timedOut;
    this.output = output;
    this.elapsed = elapsed;
    this.loss = loss;
  }

  static LaunchResult of(MpjDevice device, List<RankStatus> statuses, Map<Integer, String> failures,
      boolean timedOut, List<String> output, Duration elapsed) {
    return new LaunchResult(device, List.copyOf(statuses), Collections.unmodifiableMap(new TreeMap<>(failures)),
        timedOut, List.copyOf(output), elapsed, null);
  }

  /** This result, ended by the loss of ranks or hosts. */
  LaunchResult withLoss(Loss lost) {
    return new LaunchResult(device, statuses, failures, timedOut, output, elapsed, lost);
  }

  /** Every rank ran its program to the end without an exception, in time, and none was lost. */
  public boolean succeeded() {
    return !timedOut && loss == null && statuses.stream().allMatch(s -> s == RankStatus.OK);
  }

  /** The ranks (and hosts) the launch lost, if it watched for losses and saw one: then it was stopped. */
  public java.util.Optional<Loss> lost() {
    return java.util.Optional.ofNullable(loss);
  }

  public MpjDevice device() {
    return device;
  }

  public int ranks() {
    return statuses.size();
  }

  public RankStatus status(int rank) {
    if (rank < 0 || rank >= statuses.size()) {
      throw new IllegalArgumentException("rank = " + rank + ": must be in [0, " + statuses.size() + ")");
    }
    return statuses.get(rank);
  }

  /** The stack trace of the exception rank {@code rank} threw, if it failed. */
  public Optional<String> failure(int rank) {
    return Optional.ofNullable(failures.get(rank));
  }

  /** The launch was stopped because its time limit passed before every rank reported. */
  public boolean timedOut() {
    return timedOut;
  }

  /** Everything MPJ's starter printed, the ranks' standard output and error included, line by line. */
  public List<String> output() {
    return output;
  }

  public Duration elapsed() {
    return elapsed;
  }

  /** Returns this result if the launch succeeded, else throws a {@link MpjLaunchException} with {@link #summary()}. */
  public LaunchResult orThrow() {
    if (!succeeded()) {
      throw new MpjLaunchException(summary());
    }
    return this;
  }

  /** One paragraph: the outcome, and for a failure each failed rank's exception and the end of the output. */
  public String summary() {
    StringBuilder s = new StringBuilder();
    s.append(statuses.size()).append(" ranks (").append(device.mpjName()).append("): ");
    if (succeeded()) {
      return s.append("all ok in ").append(elapsed.toMillis()).append(" ms").toString();
    }
    List<Integer> silent = new ArrayList<>();
    for (int r = 0; r < statuses.size(); r++) {
      if (statuses.get(r) == RankStatus.NOT_REPORTED) {
        silent.add(r);
      }
    }
    s.append(timedOut ? "timed out after " + elapsed.toMillis() + " ms" : "failed after " + elapsed.toMillis() + " ms");
    if (loss != null) {
      s.append("\n  lost ").append(loss.describe());
    }
    for (Map.Entry<Integer, String> f : failures.entrySet()) {
      s.append("\n  rank ").append(f.getKey()).append(" threw ").append(causes(f.getValue()));
    }
    if (!silent.isEmpty()) {
      s.append("\n  ranks ").append(silent).append(" did not report (stopped, blocked or never started)");
    }
    if (failures.isEmpty() && !output.isEmpty()) {
      s.append("\n  last lines of output:");
      for (String line : output.subList(Math.max(0, output.size() - OUTPUT_LINES_IN_SUMMARY), output.size())) {
        s.append("\n    ").append(line);
      }
    }
    return s.toString();
  }

  /**
   * What a user reads when ranks failed: each distinct message once, without exception class names, with the ranks
   * that gave it ("state = 62 bytes: written by trigger stop-at-rise, not adaptive (ranks 0, 1)"); or the summary's
   * first line when no rank threw.
   */
  public String userMessage() {
    java.util.Map<String, List<Integer>> byMessage = new java.util.LinkedHashMap<>();
    for (Map.Entry<Integer, String> f : new java.util.TreeMap<>(failures).entrySet()) {
      String first = f.getValue().split("\\R", 2)[0];
      // "java.lang.IllegalArgumentException: what" -> "what"; a message-less exception keeps its simple name.
      java.util.regex.Matcher m = EXCEPTION_LINE.matcher(first);
      String text = m.matches() ? (m.group(2) != null ? m.group(2) : m.group(1)) : first;
      byMessage.computeIfAbsent(text, k -> new ArrayList<>()).add(f.getKey());
    }
    if (byMessage.isEmpty()) {
      return summary().split("\\R", 2)[0];
    }
    StringBuilder s = new StringBuilder();
    for (Map.Entry<String, List<Integer>> e : byMessage.entrySet()) {
      List<Integer> ranks = e.getValue();
      s.append(s.length() == 0 ? "" : "; ").append(e.getKey()).append(ranks.size() == statuses.size()
          ? " (every rank)" : (ranks.size() == 1 ? " (rank " : " (ranks ")
              + String.join(", ", ranks.stream().map(String::valueOf).toList()) + ")");
    }
    return s.toString();
  }

  /** True if every rank that threw threw an {@link IllegalArgumentException}: bad input, not a failed run. */
  public boolean failedOnInput() {
    return !failures.isEmpty()
        && failures.values().stream().allMatch(t -> t.startsWith(IllegalArgumentException.class.getName() + ":"));
  }

  /**
   * The exceptions of a stack trace without their frames: each one's message (all its lines, as assertion messages
   * have several, up to a limit) and then its "Caused by" chain; then the first frame in this project's code, so that a
   * failure inside MPJ Express says which of our calls reached it.
   */
  private static String causes(String stackTrace) {
    StringBuilder s = new StringBuilder();
    boolean inMessage = true;
    int linesOfThisMessage = 0;
    String ours = null;
    for (String line : stackTrace.split("\\R")) {
      if (line.startsWith("Caused by: ")) {
        inMessage = true;
        linesOfThisMessage = 0;
      } else if (FRAME.matcher(line).matches()) {
        inMessage = false;
        if (ours == null && line.trim().startsWith("at org.amrbalance.")) {
          ours = line.trim();
        }
      }
      if (inMessage && linesOfThisMessage++ < MESSAGE_LINES) {
        s.append(s.length() == 0 ? "" : "\n    ").append(line);
      }
    }
    if (ours != null) {
      s.append("\n    first frame of ours: ").append(ours);
    }
    return s.toString();
  }

  @Override
  public String toString() {
    return "LaunchResult[" + summary() + "]";
  }
}
