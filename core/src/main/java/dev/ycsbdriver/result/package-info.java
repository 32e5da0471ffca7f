/**
 * What a run produced and its views: the in-memory {@link dev.ycsbdriver.result.RunReport}, YCSB's text
 * summary and status line, the versioned result JSON (the typed model of {@code dev.ycsbdriver.result.model}, built
 * from a report by {@link dev.ycsbdriver.result.ResultDocuments}; its figures checked when read:
 * {@link dev.ycsbdriver.result.ResultFigures}), and HdrHistogram interval logs. Every file the driver writes goes
 * through {@link dev.ycsbdriver.result.AtomicFile}: whole or not at all.
 */
package dev.ycsbdriver.result;
