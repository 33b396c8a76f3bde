/**
 * Seed 003's optimal periodic remap intervals for random-walk workloads: the extreme-difference tolerance
 * (problem PI) and the deviation tolerance (problem PII), homogeneous and heterogeneous processors.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.triggers.frequency;

import javax.annotation.ParametersAreNonnullByDefault;
