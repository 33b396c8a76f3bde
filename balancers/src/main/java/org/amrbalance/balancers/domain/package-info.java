/**
 * Domain decomposition (seed 002 chapter 4, seed 000 appendix C): the whole hierarchy's work projected onto
 * the level-0 domain and cut by recursive binary dissection at weighted medians, one region per rank; every
 * grid is cut along the region boundaries.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.balancers.domain;

import javax.annotation.ParametersAreNonnullByDefault;
