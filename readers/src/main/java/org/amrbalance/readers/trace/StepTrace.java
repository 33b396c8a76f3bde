package org.amrbalance.readers.trace;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import javax.annotation.concurrent.Immutable;

/**
 * A solver's recorded run: the per-rank seconds of every step, in order, with the regrids and remaps between them.
 * Every step has the same number of ranks.
 */
@Immutable
public final class StepTrace {
  private final String source;
  private final int ranks;
  private final List<Step> steps;

  private StepTrace(String source, int ranks, List<Step> steps) {
    this.source = source;
    this.ranks = ranks;
    this.steps = steps;
  }

  /** A trace of at least one step, every step with {@code ranks} times. */
  public static StepTrace of(String source, List<Step> steps) {
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("steps = []: a trace needs at least one step");
    }
    int ranks = steps.get(0).ranks();
    for (int i = 0; i < steps.size(); i++) {
      Step s = steps.get(i);
      if (s.ranks() != ranks) {
        throw new IllegalArgumentException("step " + s.number() + ": " + s.ranks() + " ranks, the first step has "
            + ranks);
      }
      if (i > 0 && s.number() <= steps.get(i - 1).number()) {
        throw new IllegalArgumentException("step " + s.number() + " after step " + steps.get(i - 1).number()
            + ": steps must increase");
      }
    }
    return new StepTrace(source, ranks, List.copyOf(steps));
  }

  /** The file (or other name) the trace came from. */
  public String source() {
    return source;
  }

  public int ranks() {
    return ranks;
  }

  public List<Step> steps() {
    return steps;
  }

  /** Remaps recorded in the trace, at regrids and after steps. */
  public int remaps() {
    int n = 0;
    for (Step s : steps) {
      n += (s.remapBefore().isPresent() ? 1 : 0) + (s.remapAfter().isPresent() ? 1 : 0);
    }
    return n;
  }

  /**
   * One step: its number, each rank's seconds, and what happened around it, in this order: a regrid (with its
   * seconds), a remap before the times (at that regrid, if any; with its measured cost), the times, a remap after them.
   */
  @Immutable
  public static final class Step {
    private final long number;
    private final double[] seconds;
    private final OptionalDouble regrid;
    private final OptionalDouble remapBefore;
    private final OptionalDouble remapAfter;
    private final OptionalDouble wall;

    private Step(long number, double[] seconds, OptionalDouble regrid, OptionalDouble remapBefore,
        OptionalDouble remapAfter, OptionalDouble wall) {
      this.number = number;
      this.seconds = seconds;
      this.regrid = regrid;
      this.remapBefore = remapBefore;
      this.remapAfter = remapAfter;
      this.wall = wall;
    }

    /** A step without regrid or remap. */
    public static Step of(long number, double... seconds) {
      return of(number, seconds, OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty());
    }

    public static Step of(long number, double[] seconds, OptionalDouble regrid, OptionalDouble remapBefore,
        OptionalDouble remapAfter) {
      if (number < 0) {
        throw new IllegalArgumentException("step = " + number + ": must be >= 0");
      }
      if (seconds.length == 0) {
        throw new IllegalArgumentException("step " + number + ": no rank times");
      }
      for (int r = 0; r < seconds.length; r++) {
        check(number, "rank " + r, seconds[r]);
      }
      regrid.ifPresent(v -> check(number, "regrid", v));
      remapBefore.ifPresent(v -> check(number, "remap", v));
      remapAfter.ifPresent(v -> check(number, "remap", v));
      return new Step(number, seconds.clone(), regrid, remapBefore, remapAfter, OptionalDouble.empty());
    }

    /** This step with a remap after its times that cost {@code seconds}. */
    public Step withRemapAfter(double seconds) {
      check(number, "remap", seconds);
      return new Step(number, this.seconds, regrid, remapBefore, OptionalDouble.of(seconds), wall);
    }

    /** This step with its whole wall time, {@code seconds}: sweeps, exchanges, regrid and remaps together. */
    public Step withWall(double seconds) {
      check(number, "wall", seconds);
      return new Step(number, this.seconds, regrid, remapBefore, remapAfter, OptionalDouble.of(seconds));
    }

    private static void check(long number, String what, double v) {
      if (!(Double.isFinite(v) && v >= 0)) {
        throw new IllegalArgumentException("step " + number + ": " + what + " = " + v + ": must be finite and >= 0");
      }
    }

    public long number() {
      return number;
    }

    public int ranks() {
      return seconds.length;
    }

    /** Rank {@code r}'s seconds. */
    public double seconds(int r) {
      return seconds[r];
    }

    public double[] seconds() {
      return seconds.clone();
    }

    public double max() {
      double m = 0;
      for (double s : seconds) {
        m = Math.max(m, s);
      }
      return m;
    }

    public double average() {
      double sum = 0;
      for (double s : seconds) {
        sum += s;
      }
      return sum / seconds.length;
    }

    /** The seconds of a regrid before this step's times, if there was one. */
    public OptionalDouble regrid() {
      return regrid;
    }

    /** The measured cost of a remap before this step's times (at its regrid, if it had one). */
    public OptionalDouble remapBefore() {
      return remapBefore;
    }

    /** The measured cost of a remap after this step's times. */
    public OptionalDouble remapAfter() {
      return remapAfter;
    }

    /**
     * The step's wall time as the host measured it, if recorded: the rank times are the work each rank did, the
     * wall time adds what a step spends outside it (exchanges, waiting, regrid, remaps).
     */
    public OptionalDouble wall() {
      return wall;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Step s && s.number == number && Arrays.equals(s.seconds, seconds) && s.regrid.equals(regrid)
          && s.remapBefore.equals(remapBefore) && s.remapAfter.equals(remapAfter) && s.wall.equals(wall);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(number) * 31 + Arrays.hashCode(seconds);
    }

    @Override
    public String toString() {
      return "step " + number + Arrays.toString(seconds);
    }
  }
}
