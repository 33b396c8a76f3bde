package org.amrbalance.mesh.runtime;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.concurrent.Immutable;

/**
 * Which run a checkpoint belongs to: a random 64-bit run id, drawn once when a run starts (a restarted run keeps
 * its checkpoint's), and the run's configuration fingerprint, the settings of {@link RunOptions} that change the
 * solution, by name, so a restart can name the first one that differs.
 *
 * <p>The fingerprint holds the problem, {@code lmax}, {@code baseCells}, {@code baseBoxSize}, {@code minBox},
 * {@code maxBox}, {@code sweepsPerStep} and {@code regridInterval}. Not in it: {@code steps} (a restart may extend a
 * run), the balancer, trigger and their settings and {@code calibrate} (they decide the layout, on which the
 * solution does not depend; a saved trigger state that is not the configured trigger's is refused by the trigger),
 * {@code checkEvery} and {@code remapTimeout} (checks and waiting only).
 */
@Immutable
public final class RunIdentity {
  private final long runId;
  private final Map<String, String> fingerprint;

  private RunIdentity(long runId, Map<String, String> fingerprint) {
    this.runId = runId;
    this.fingerprint = Collections.unmodifiableMap(fingerprint);
  }

  /** The identity of the run {@code runId} with {@code options}. */
  public static RunIdentity of(long runId, RunOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("options = null: must not be null");
    }
    return new RunIdentity(runId, fingerprintOf(options));
  }

  /** An identity as a file holds it: names and values in their order, none blank. */
  static RunIdentity of(long runId, Map<String, String> fingerprint) {
    if (fingerprint == null) {
      throw new IllegalArgumentException("fingerprint = null: must not be null");
    }
    fingerprint.forEach((k, v) -> {
      if (k == null || k.isBlank() || v == null) {
        throw new IllegalArgumentException("fingerprint entry " + k + " = " + v + ": name and value must be given");
      }
    });
    return new RunIdentity(runId, new LinkedHashMap<>(fingerprint));
  }

  /** The settings of {@code options} that change the solution, by name, in a fixed order. */
  public static Map<String, String> fingerprintOf(RunOptions options) {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("problem", DistributedLaplace.PATH.toString());
    f.put("lmax", Integer.toString(options.lmax()));
    f.put("baseCells", Integer.toString(options.baseCells()));
    f.put("baseBoxSize", Integer.toString(options.baseBoxSize()));
    f.put("minBox", Integer.toString(options.minBox()));
    f.put("maxBox", Integer.toString(options.maxBox()));
    f.put("sweepsPerStep", Integer.toString(options.sweepsPerStep()));
    f.put("regridInterval", Integer.toString(options.regridInterval()));
    return Collections.unmodifiableMap(f);
  }

  public long runId() {
    return runId;
  }

  /** The fingerprint's settings by name, in the order written (read-only). */
  public Map<String, String> fingerprint() {
    return fingerprint;
  }

  /**
   * The first setting in which this fingerprint and that of {@code options} differ, as {@code "NAME = A in the
   * checkpoint, B in the options"}; empty if none does.
   */
  public Optional<String> firstDifference(RunOptions options) {
    Map<String, String> theirs = fingerprintOf(options);
    Set<String> names = new LinkedHashSet<>(fingerprint.keySet());
    names.addAll(theirs.keySet());
    for (String name : names) {
      String mine = fingerprint.get(name);
      String other = theirs.get(name);
      if (mine == null || !mine.equals(other)) {
        return Optional.of(name + " = " + (mine == null ? "(none)" : mine) + " in the checkpoint, "
            + (other == null ? "(none)" : other) + " in the options");
      }
    }
    return Optional.empty();
  }

  /** A run id as written in messages: 16 hexadecimal digits. */
  public static String hex(long runId) {
    return String.format("%016x", runId);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RunIdentity r && r.runId == runId && r.fingerprint.equals(fingerprint);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(runId) * 31 + fingerprint.hashCode();
  }

  @Override
  public String toString() {
    return "run " + hex(runId) + " " + fingerprint;
  }
}
