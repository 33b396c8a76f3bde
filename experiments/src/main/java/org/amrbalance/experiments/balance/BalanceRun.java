package org.amrbalance.experiments.balance;

import java.util.Locale;
import org.amrbalance.spi.BalanceReport;

/**
 * One balancer on one hierarchy and machine: the report (computed by {@link BalanceReport} from the final
 * assignment) and the wall time of one balance call.
 */
public record BalanceRun(String input, String balancer, int ranks, String topology, BalanceReport report,
    double seconds) {

  /** The run as one JSON object with the report's fields. */
  public String toJson() {
    return String.format(Locale.ROOT,
        "{\"input\": %s, \"balancer\": %s, \"ranks\": %d, \"topology\": %s, \"maxLoad\": %s, \"avgLoad\": %s,"
            + " \"imbalance\": %s, \"efficiency\": %s, \"levelSynchronousEfficiency\": %s, \"emptyRanks\": %d, \"pieces\": %d, \"intraGridComm\": %s,"
            + " \"interGridComm\": %s, \"maxInterGridComm\": %s, \"seconds\": %s}",
        quote(input), quote(balancer), ranks, quote(topology), num(report.maxLoad()), num(report.averageLoad()),
        num(report.imbalance()), num(report.efficiency()), num(report.levelSynchronousEfficiency()),
        report.emptyRanks(), report.pieces(),
        num(report.intraGridCommunication()), num(report.interGridCommunication()),
        num(report.maxInterGridCommunication()), num(seconds));
  }

  private static String num(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "null";
  }

  private static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
