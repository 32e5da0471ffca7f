/**
 * What a run produced and its views: the in-memory {@link dev.ycsbdriver.result.RunReport}, YCSB's text
 * summary and status line, the versioned result JSON, and HdrHistogram interval logs.
 */
package dev.ycsbdriver.result;
