/**
 * The one small HTTP server under the driver's network endpoints ({@code bin/ycsb agent} and the live
 * {@code /metrics} of {@code -p status.port}): Netty with a single event-loop thread, full requests, and a
 * close that also ends the connections clients keep alive. The endpoints' protocols live with them.
 */
package dev.ycsbdriver.http;
