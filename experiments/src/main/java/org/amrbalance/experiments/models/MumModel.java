package org.amrbalance.experiments.models;

import java.util.SplittableRandom;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * Seed 000's multiple Markov chain model (MUM, spec §4): each of N processors' step time is the state 1..L of an
 * independent birth–death chain that moves up or down with probability p/2 each and holds at the ends.
 *
 * <p>A move is drawn as −1, 0 or +1 and clipped at 1 and L, which gives exactly the boundary rows of the transition
 * matrix (hold with 1 − p/2). Drawing moves rather than states lets several policies replay one sample path of
 * moves from their own states (common random numbers).
 */
@Immutable
public final class MumModel {
  private final int chains;
  private final int states;
  private final double p;

  private MumModel(int chains, int states, double p) {
    this.chains = chains;
    this.states = states;
    this.p = p;
  }

  /** N chains of L states (odd, so that the middle state K = (L+1)/2 exists) moving with probability p. */
  public static MumModel of(int chains, int states, double p) {
    Checks.positive("chains", chains);
    Checks.check(states >= 1 && states % 2 == 1, "states", states, "must be odd and >= 1");
    Checks.probability("p", p);
    return new MumModel(chains, states, p);
  }

  public int chains() {
    return chains;
  }

  public int states() {
    return states;
  }

  public double p() {
    return p;
  }

  /** K = (L+1)/2, where every chain starts. */
  public int middle() {
    return (states + 1) / 2;
  }

  /** The L×L transition matrix (0-based rows and columns for states 1..L). */
  public double[][] transitionMatrix() {
    double[][] m = new double[states][states];
    for (int s = 0; s < states; s++) {
      double down = s > 0 ? p / 2 : 0;
      double up = s < states - 1 ? p / 2 : 0;
      if (s > 0) {
        m[s][s - 1] = down;
      }
      if (s < states - 1) {
        m[s][s + 1] = up;
      }
      m[s][s] += 1 - down - up;
    }
    return m;
  }

  /** Fills {@code moves[t * N + j]} (t < steps) with chain j's move in step t+1: −1, 0 or +1. */
  public void drawMoves(SplittableRandom rng, int steps, byte[] moves) {
    Checks.check(moves.length >= steps * chains, "moves.length", moves.length, "must be >= steps * chains");
    double half = p / 2;
    for (int i = 0, n = steps * chains; i < n; i++) {
      double u = rng.nextDouble();
      moves[i] = (byte) (u < half ? -1 : u < p ? 1 : 0);
    }
  }

  /** Applies step t's moves to {@code states} (values 1..L), clipping at the ends. */
  public void apply(byte[] moves, int t, int[] chainStates) {
    int base = t * chains;
    for (int j = 0; j < chains; j++) {
      int s = chainStates[j] + moves[base + j];
      chainStates[j] = s < 1 ? 1 : s > states ? states : s;
    }
  }

  /**
   * Average-value remapping (seed 000 Theorem 3.1, with the spec §5.2 correction): with total S, the first S mod N
   * chains get ⌊S/N⌋ + 1 and the others ⌊S/N⌋; the total is conserved.
   */
  public static void averageValueRemap(int[] chainStates) {
    long total = 0;
    for (int s : chainStates) {
      total += s;
    }
    int n = chainStates.length;
    int q = (int) (total / n);
    int r = (int) (total % n);
    for (int j = 0; j < n; j++) {
      chainStates[j] = j < r ? q + 1 : q;
    }
  }

  @Override
  public String toString() {
    return "MUM[N=" + chains + ", L=" + states + ", p=" + p + "]";
  }
}
