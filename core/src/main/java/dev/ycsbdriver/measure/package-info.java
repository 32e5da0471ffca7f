/**
 * Latency measurement: per-operation HdrHistogram recorders for service time and intended latency,
 * per-status counts, and the bridge that routes YCSB's own measurements into them.
 */
package dev.ycsbdriver.measure;
