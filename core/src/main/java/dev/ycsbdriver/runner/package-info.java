/**
 * The run: binding discovery, client threads with their {@code DB}s, target pacing on one schedule,
 * the monitor (time series, status lines, histogram logs), stop handling and the run's outcome.
 */
package dev.ycsbdriver.runner;
