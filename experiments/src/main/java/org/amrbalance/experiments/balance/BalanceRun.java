package org.amrbalance.experiments.balance;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.amrbalance.experiments.plot.Json;
import org.amrbalance.spi.BalanceReport;

/**
 * One balancer on one hierarchy and machine: the report (computed by {@link BalanceReport} from the final
 * assignment) and the wall time of one balance call.
 */
public record BalanceRun(String input, String balancer, int ranks, String topology, BalanceReport report,
    double seconds) {

  /** The run as one JSON object with the report's fields; a value that is not finite (no time) is null. */
  public String toJson() {
    ObjectNode o = Json.object().put("input", input).put("balancer", balancer).put("ranks", ranks)
        .put("topology", topology);
    Json.put(o, "maxLoad", report.maxLoad());
    Json.put(o, "avgLoad", report.averageLoad());
    Json.put(o, "imbalance", report.imbalance());
    Json.put(o, "efficiency", report.efficiency());
    Json.put(o, "levelSynchronousEfficiency", report.levelSynchronousEfficiency());
    o.put("emptyRanks", report.emptyRanks()).put("pieces", report.pieces());
    Json.put(o, "intraGridComm", report.intraGridCommunication());
    Json.put(o, "interGridComm", report.interGridCommunication());
    Json.put(o, "maxInterGridComm", report.maxInterGridCommunication());
    Json.put(o, "seconds", seconds);
    return Json.line(o);
  }
}
