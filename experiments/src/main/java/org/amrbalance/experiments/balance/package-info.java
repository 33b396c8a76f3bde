/** The {@code balance} command: balancers run on hierarchy files, reported through BalanceReport. */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.balance;

import javax.annotation.ParametersAreNonnullByDefault;
