package org.amrbalance.service;

import org.amrbalance.service.ServiceOptions.BadStepTimes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.StepTimes;

/**
 * Checks one step's raw per-rank seconds before they reach a trigger, so that a NaN, negative, infinite or
 * missing time never enters W(n), running sums or change statistics. A missing rank is written NaN (a gather
 * fills the slot of a rank that did not report with NaN); an array whose length is not the rank count is a
 * missing (or extra) rank too. Good times become {@link StepTimes}; bad ones are rejected with a message naming
 * the step, the rank(s) and the value(s), or, under {@link BadStepTimes#SKIP}, answered with an empty result.
 * The {@link BalancingService} uses it in {@link BalancingService#stepped(double[])}; other runtimes may use it
 * directly.
 */
@Immutable
final class StepTimeGate {
  /** Bad ranks named in one message; a whole machine of NaN should not make a message of megabytes. */
  static final int MAX_LISTED = 8;

  private final int ranks;
  private final BadStepTimes mode;

  private StepTimeGate(int ranks, BadStepTimes mode) {
    this.ranks = ranks;
    this.mode = mode;
  }

  /** A gate for a machine of {@code ranks} ranks (at least 1). */
  public static StepTimeGate of(int ranks, BadStepTimes mode) {
    if (ranks < 1) {
      throw new IllegalArgumentException("ranks = " + ranks + ": must be >= 1");
    }
    if (mode == null) {
      throw new IllegalArgumentException("mode = null: must be REJECT or SKIP");
    }
    return new StepTimeGate(ranks, mode);
  }

  public int ranks() {
    return ranks;
  }

  public BadStepTimes mode() {
    return mode;
  }

  /**
   * What is wrong with these seconds, one entry per problem ({@code "times[3] = NaN: must be finite and >= 0"},
   * {@code "times.length = 3: the machine has 4 ranks"}); empty if they are good.
   */
  public List<String> problems(double[] seconds) {
    if (seconds == null) {
      throw new IllegalArgumentException("seconds = null: give one time per rank, NaN for a missing rank");
    }
    List<String> out = new ArrayList<>();
    if (seconds.length != ranks) {
      out.add("times.length = " + seconds.length + ": the machine has " + ranks + " ranks"
          + (seconds.length < ranks ? " (a rank is missing)" : " (extra ranks)"));
    }
    for (int r = 0; r < seconds.length; r++) {
      double t = seconds[r];
      if (Double.isNaN(t)) {
        out.add("times[" + r + "] = NaN: must be finite and >= 0 (NaN marks a missing rank)");
      } else if (!(Double.isFinite(t) && t >= 0)) {
        out.add("times[" + r + "] = " + t + ": must be finite and >= 0");
      }
    }
    return out;
  }

  /** What is wrong with these times: only their rank count can be (StepTimes holds finite, non-negative times). */
  public List<String> problems(StepTimes times) {
    if (times.ranks() == ranks) {
      return List.of();
    }
    return List.of("times.ranks = " + times.ranks() + ": the machine has " + ranks + " ranks"
        + (times.ranks() < ranks ? " (a rank is missing)" : " (extra ranks)"));
  }

  /**
   * The times of step {@code step} if they are good; if not, empty under {@link BadStepTimes#SKIP}, an
   * {@link IllegalArgumentException} with {@link #message} under {@link BadStepTimes#REJECT}.
   */
  public Optional<StepTimes> admit(long step, double[] seconds) {
    List<String> problems = problems(seconds);
    return problems.isEmpty() ? Optional.of(StepTimes.of(seconds)) : refuse(step, problems);
  }

  /** As {@link #admit(long, double[])} for times already built (only the rank count can be wrong). */
  public Optional<StepTimes> admit(long step, StepTimes times) {
    List<String> problems = problems(times);
    return problems.isEmpty() ? Optional.of(times) : refuse(step, problems);
  }

  private Optional<StepTimes> refuse(long step, List<String> problems) {
    if (mode == BadStepTimes.REJECT) {
      throw new IllegalArgumentException(message(step, problems));
    }
    return Optional.empty();
  }

  /**
   * One line for a bad step: {@code "step 17: times[3] = NaN: ...; times[5] = -1.0: ..."}, at most
   * {@value #MAX_LISTED} problems and how many more.
   */
  public static String message(long step, List<String> problems) {
    StringBuilder b = new StringBuilder("step ").append(step).append(": ");
    int listed = Math.min(problems.size(), MAX_LISTED);
    b.append(String.join("; ", problems.subList(0, listed)));
    if (problems.size() > listed) {
      b.append("; and ").append(problems.size() - listed).append(" more");
    }
    return b.toString();
  }

  @Override
  public String toString() {
    return "StepTimeGate[ranks=" + ranks + ", mode=" + mode + "]";
  }
}
