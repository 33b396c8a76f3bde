package org.amrbalance.triggers;

import org.amrbalance.spi.TriggerState;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.loads.IdleEstimator;

/**
 * The byte format of {@link Adaptive}'s saved state, kind {@code adaptive}, version {@value #VERSION}: the trigger's
 * own numbers ({@link Fields}), then {@link IdleSignal}'s, then the load estimate's ({@link IdleEstimator#write}).
 * Version 6 (whether a carried load model was dropped; 5 added the moment fit's pairs across regrids and changes
 * within them) reads no earlier version: a checkpoint of an older release is refused with a message naming both
 * versions, and the trigger stays as it was.
 */
final class AdaptiveStateCodec {
  static final int VERSION = 6;

  private AdaptiveStateCodec() {}

  /**
   * The trigger's own numbers.
   *
   * @param ranks the rank count in force (0 before a step since the last remap)
   * @param cost the last measured remap cost in seconds (NaN: none yet)
   * @param steps steps since the last remap
   * @param sum Σ r over the interval
   * @param weighted Σ k·r over the interval
   * @param total steps of the run
   * @param noise mean absolute step-to-step change of r
   * @param noiseCount changes learned
   * @param lagCovariance covariance of successive changes
   * @param squares mean squared change
   * @param lastDifference the last change (NaN after a remap or an outlier)
   * @param recent the last r values, a ring of the confirmation length
   */
  record Fields(int ranks, double cost, int steps, double sum, double weighted, long total, double noise,
      long noiseCount, double lagCovariance, double squares, double lastDifference, double[] recent) {}

  static byte[] write(Fields f, IdleSignal signal, IdleEstimator loads) {
    TriggerState.Writer out = TriggerState.writer(Adaptive.NAME, VERSION).putInt(f.ranks()).putDouble(f.cost())
        .putInt(f.steps()).putDouble(f.sum()).putDouble(f.weighted()).putLong(f.total()).putDouble(f.noise())
        .putLong(f.noiseCount()).putDouble(f.lagCovariance()).putDouble(f.squares()).putDouble(f.lastDifference())
        .putDoubles(f.recent());
    signal.write(out);
    loads.write(out);
    return out.toBytes();
  }

  /**
   * Reads a state of a trigger confirming over {@code confirm} steps; returns the fields and applies the signal's and
   * the estimate's parts only once everything was read and checked.
   */
  static Fields read(byte[] state, int confirm, IdleSignal signal, IdleEstimator loads) {
    TriggerState.Reader in = TriggerState.reader(state, Adaptive.NAME, VERSION);
    Fields f = new Fields(in.readInt(), in.readDouble(), in.readInt(), in.readDouble(), in.readDouble(),
        in.readLong(), in.readDouble(), in.readLong(), in.readDouble(), in.readDouble(), in.readDouble(),
        in.readDoubles());
    Runnable applySignal = signal.read(in);
    Runnable applyLoads = loads.read(in);
    in.end();
    Checks.check(f.ranks() >= 0 && f.steps() >= 0 && f.total() >= 0 && f.noiseCount() >= 0, "state",
        state.length + " bytes", "holds a negative count");
    Checks.check(f.recent() != null && f.recent().length == Math.max(2, confirm), "state", state.length + " bytes",
        "written with another confirmation length than " + confirm);
    applySignal.run();
    applyLoads.run();
    return f;
  }
}
