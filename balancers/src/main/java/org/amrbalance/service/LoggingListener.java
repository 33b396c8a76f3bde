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

  /** The log line of one remap. */
  public static String format(RemapEvent e) {
    return String.format(Locale.ROOT,
        "step %d: remap (%s): predicted gain %.4g, measured gain %.4g, cost %.4g, imbalance %.4f -> %.4f,"
            + " moved %d pieces / %d bytes",
        e.step(), e.reason(), e.predictedGain(), e.measuredGain(), e.cost(), e.imbalanceBefore(),
        e.imbalanceAfter(), e.plan().transfers().size(), e.plan().bytes());
  }
}
