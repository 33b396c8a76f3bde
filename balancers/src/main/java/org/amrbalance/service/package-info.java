/**
 * The balancing service: the one object a host talks to. It asks the configured trigger when to remap,
 * calls the configured balancer, measures the result with {@link org.amrbalance.spi.BalanceReport}, hands the
 * {@link org.amrbalance.spi.MigrationPlan} to the host and feeds the measured cost back to the trigger.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.service;

import javax.annotation.ParametersAreNonnullByDefault;
