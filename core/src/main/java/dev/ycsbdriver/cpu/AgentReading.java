package dev.ycsbdriver.cpu;

import java.util.List;

/**
 * One answer of {@code bin/ycsb agent} to {@code GET /cpu?process=<names>}: cumulative CPU counters of
 * the database host, read with OSHI at one instant. The JSON body has exactly these fields.
 *
 * <p>Every counter only grows, so the driver turns two readings into a percentage over its own interval,
 * as the local sampler does: {@code 100 * (processCpuMillis2 - processCpuMillis1) / (timestampMillis2 -
 * timestampMillis1)} is the processes' CPU in percent of one logical core.
 *
 * <p>Immutable and thread-safe.
 *
 * @param timestampMillis when the counters were read, in milliseconds on the agent's monotonic clock
 *     ({@code System.nanoTime()}); only differences between two readings mean anything
 * @param logicalCores the agent host's logical cores; 100 x this is the ceiling of every percentage there
 * @param machineBusyTicks OSHI's system CPU load ticks of the host that were not idle or iowait, summed
 *     over every core ({@code /proc/stat} on Linux); only ratios to {@code machineTotalTicks} mean anything
 * @param machineTotalTicks every OSHI system CPU load tick of the host, summed over every core
 * @param processNames the process names asked for, in the order asked; empty when none were asked
 * @param pids how many processes with those names run now (the agent's own process never counts)
 * @param processCpuMillis kernel plus user CPU time of every process with those names that the agent has
 *     seen, in milliseconds; a process that ended keeps the time it had when last seen, so the
 *     counter never goes backwards; 0 when no names were asked
 */
public record AgentReading(long timestampMillis, int logicalCores, long machineBusyTicks, long machineTotalTicks,
                           List<String> processNames, int pids, long processCpuMillis) {

  /** Copies the names; null becomes empty. */
  public AgentReading {
    processNames = processNames == null ? List.of() : List.copyOf(processNames);
  }
}
