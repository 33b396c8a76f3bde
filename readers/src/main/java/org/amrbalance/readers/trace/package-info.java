/**
 * The step-time trace: a CSV log of a solver's per-rank step times, regrids and remaps with their measured cost,
 * as {@code amrbalance.jar replay} reads it and a host writes it ({@link org.amrbalance.readers.trace.StepTraceWriter};
 * the Laplace demo's {@code --trace FILE}). The format is described in docs/triggers.md, "Replaying a step-time
 * trace": the header {@code step,rank,seconds}, one row per rank and step, rows {@code S,regrid,SECONDS} and
 * {@code S,remap,COST} in the order things happened; a gzip file is read as well.
 *
 * <p>A trace that breaks the format is a {@link org.amrbalance.readers.trace.StepTraceFormatException} whose
 * message reads {@code file:line: problem}.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.readers.trace;

import javax.annotation.ParametersAreNonnullByDefault;
