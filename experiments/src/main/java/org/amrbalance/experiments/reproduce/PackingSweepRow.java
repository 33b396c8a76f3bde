package org.amrbalance.experiments.reproduce;

/**
 * One point of a seed 002 §5.3.5 sweep: one packing algorithm on {@code levels} generated levels, costs
 * summed over the levels (spec 14.2), utilization averaged over them.
 *
 * @param experiment sweep name (orders, scaling, variance, grid-ratio, mesh-ratio, grids)
 * @param xName the swept parameter
 * @param x its value
 * @param algorithm e.g. {@code TP} (decreasing area, non-uniform scaling) or {@code LP}
 * @param levels levels packed
 * @param grids grids packed, over all levels
 * @param computation sum over levels of the largest rank load in points ({@code BalanceReport.maxLoad})
 * @param communication sum over levels of the largest piece's ghost exchange 2(a + b)
 * @param total computation + communication
 * @param utilization mean over levels of the share of ranks holding a piece, in %
 * @param lowerBound sum over levels of ceil(level points / ranks): the computation of a perfect balance
 * @param intraGridComm sum over levels of {@code BalanceReport.intraGridCommunication} (hops x face points)
 */
record PackingSweepRow(String experiment, String xName, double x, String algorithm, int levels, long grids,
    double computation, double communication, double total, double utilization, double lowerBound,
    double intraGridComm) {
}
