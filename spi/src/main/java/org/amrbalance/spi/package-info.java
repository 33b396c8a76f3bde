/**
 * The contract between a host AMR solver and the balancers: geometry ({@link org.amrbalance.spi.Box}),
 * layout ({@link org.amrbalance.spi.Hierarchy}), mapping ({@link org.amrbalance.spi.Assignment}), the
 * machine, the hooks a host registers ({@link org.amrbalance.spi.AmrHost}) and the one shared code path
 * for metrics ({@link org.amrbalance.spi.BalanceReport}).
 *
 * <p>Every value type validates its arguments in its static factory; a bad argument is an
 * {@link IllegalArgumentException} whose message names the field and the value.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.spi;

import javax.annotation.ParametersAreNonnullByDefault;
