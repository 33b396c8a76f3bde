/**
 * Runs across host boundaries on one machine: network namespaces joined by a bridge, each with its own address and
 * host name, reached through a remote shell that enters them.
 */
package org.amrbalance.integration.cluster;
