/**
 * {@code bin/ycsb agent}: a small HTTP server (Netty) that runs on the database host and serves its CPU
 * counters as JSON, so that a driver on another machine can measure the server's CPU
 * ({@code -p cpu.server.agent=host:port}).
 *
 * <p>{@link dev.ycsbdriver.agent.AgentServer} binds and serves; {@link dev.ycsbdriver.agent.CpuCounters}
 * reads OSHI. The wire format is {@link dev.ycsbdriver.cpu.AgentReading}; the driver's side of it lives in
 * the {@code cpu} package. Counters are cumulative, never percentages, so the driver computes
 * percentages over its own intervals exactly as it does for local processes.
 */
package dev.ycsbdriver.agent;
