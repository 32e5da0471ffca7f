/**
 * Comparison reports from result JSON files, never from console text: {@link dev.ycsbdriver.report.ResultReader}
 * reads runs, {@link dev.ycsbdriver.report.ReportModel} groups them into cells with medians over repeats,
 * {@link dev.ycsbdriver.report.ReportTables} lays out the tables once, and Markdown, HTML, CSV, JSON and
 * XChart images are views of them ({@link dev.ycsbdriver.report.ReportWriter} writes them all).
 */
package dev.ycsbdriver.report;
