/**
 * Comparison reports from result JSON files, never from console text: {@link dev.ycsbdriver.report.ResultReader}
 * reads runs (and crash test results, kept apart as entries per store and profile),
 * {@link dev.ycsbdriver.report.ReportModel} groups them into cells, each figure the median over repeats or the
 * best run's ({@link dev.ycsbdriver.report.RepeatAggregate}), {@link dev.ycsbdriver.report.Ranking} ranks stores
 * by one figure ({@link dev.ycsbdriver.report.RankFigure}), {@link dev.ycsbdriver.report.RatioInterval} gives every
 * ratio of two cells its 95% interval (ties read as ties; {@code NoiseFloor} is the read-only A/A control),
 * {@link dev.ycsbdriver.report.ReportTables} lays out the tables once, and Markdown, HTML, CSV, JSON and
 * XChart images are views of them, opened by the summary sentences of {@code ReportSummary} and the
 * durable-vs-fast table of {@link dev.ycsbdriver.report.DurableVsFast} ({@link dev.ycsbdriver.report.ReportWriter} writes them all).
 * The charts ({@link dev.ycsbdriver.report.ReportCharts}) share one colour per store and one axis rule
 * ({@code ChartStyle}); no report names a path of the machine ({@code MachinePaths}).
 * Merging several clients' results into one is result code, in {@link dev.ycsbdriver.result.merge}.
 */
package dev.ycsbdriver.report;
