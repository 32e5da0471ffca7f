/**
 * Merges the results of several driver processes of one run ({@code client.index} of {@code client.count}) into
 * one result directory, as if one client had run: {@link dev.ycsbdriver.result.merge.ResultMerger} adds their
 * HdrHistogram interval logs, sums operations and errors, and writes the merged {@code result.json} and YCSB
 * summary. It writes results, so it lives with the result code; reports read merged results like any other.
 */
package dev.ycsbdriver.result.merge;
