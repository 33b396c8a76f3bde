/**
 * {@code advise}: which balancer and trigger would save a user time over a whole run, predicted from the run's own
 * hierarchies (one file or a series) and, where given, its step-time trace.
 */
package org.amrbalance.experiments.advise;
