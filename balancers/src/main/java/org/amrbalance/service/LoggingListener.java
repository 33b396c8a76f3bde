package org.amrbalance.service;

import java.util.Locale;

/**
 * The default listener: one {@link System.Logger} line (INFO) per remap, written once its gain is measured:
 * why, predicted and measured gain, cost, imbalance before and after; one line per skipped remap; and one
 * WARNING line per step skipped for bad step times.
 */
final class LoggingListener implements BalancingListener {
  private final System.Logger logger;

  public LoggingListener() {
    this(System.getLogger("org.amrbalance.service"));
  }

  public LoggingListener(System.Logger logger) {
    this.logger = logger;
  }

  @Override
  public void onRemapMeasured(RemapEvent e) {
    logger.log(System.Logger.Level.INFO, format(e));
  }

  @Override
  public void onRemapSkipped(long step, String why) {
    logger.log(System.Logger.Level.INFO, "step " + step + ": remap skipped: " + why);
  }

  @Override
  public void onStepSkipped(long step, String why) {
    // why starts with "step N: "; the trigger was not told, so the log is the only trace of the step.
    logger.log(System.Logger.Level.WARNING, "bad step times skipped: " + why);
  }

  /**
   * The log line of one remap: its reason, the imbalance before and after, what it cost and moved, and the gain per
   * step measured on the step after it (and predicted by the trigger, where it predicts one), rounded for reading.
   */
  public static String format(RemapEvent e) {
    return String.format(Locale.ROOT,
        "step %d: remap (%s): imbalance %s -> %.2f, cost %.3g s, moved %d pieces (%d bytes), %s%s",
        e.step(), e.reason(), Double.isNaN(e.imbalanceBefore()) ? "-" // a first placement had nothing before it
            : String.format(Locale.ROOT, "%.2f", e.imbalanceBefore()), e.imbalanceAfter(), e.cost(), e.plan().transfers().size(),
        e.plan().bytes(), Double.isNaN(e.measuredGain()) ? "gain not measured (no step before it)"
            : String.format(Locale.ROOT, "measured gain %.3g s per step", e.measuredGain()),
        Double.isNaN(e.predictedGain()) ? "" : String.format(Locale.ROOT, ", predicted %.3g s", e.predictedGain()));
  }
}
