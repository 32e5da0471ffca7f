/**
 * CPU sampling with OSHI: the database server's processes, the driver's own process and the whole
 * machine, every {@code cpu.interval} (default 1 s), so a result can give ops per server CPU%.
 *
 * <p>Percentages are in percent of one logical core: a process keeping two cores busy is at 200%.
 * The server's processes are found once, by name or pid, after every client thread has connected (so
 * PostgreSQL's per-connection backends exist), and then sampled by pid: a full process scan costs
 * tens of milliseconds, a pid sample about one.
 *
 * <p>A server on another host is read from {@code bin/ycsb agent} ({@code cpu.server.agent}): the agent serves
 * cumulative counters ({@link dev.ycsbdriver.cpu.AgentReading}) and {@code AgentClock} polls it on the sampler
 * thread, so the percentages come from the same differences over the same intervals.
 */
package dev.ycsbdriver.cpu;
