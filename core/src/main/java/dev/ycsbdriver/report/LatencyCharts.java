package dev.ycsbdriver.report;

import dev.ycsbdriver.result.HistogramLogs;
import dev.ycsbdriver.result.LatencyLog;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Latency percentile curves, one chart per profile and workload: one line per store and operation, in the store's
 * colour ({@link ChartStyle}), one line style per operation (solid, dashed, dotted, dash-dot in the order the
 * operations come).
 *
 * <p>A curve adds every interval of the run's HdrHistogram log ({@code .hlog}) and plots the histogram's percentile
 * distribution the way HdrHistogram's own plotter does: the x axis is {@code 1 / (1 - percentile)} on a log scale,
 * so 10 is p90, 100 is p99 and 1000 is p99.9. Without the log, the percentiles written in the result JSON are drawn
 * instead. Stateless and thread-safe.
 */
final class LatencyCharts {
  /** The floor of a latency on a log axis, which cannot show 0: one nanosecond, the finest unit recorded. */
  private static final double SMALLEST_MICROS = 0.001;

  private static final BasicStroke[] LINES = {SeriesLines.SOLID, SeriesLines.DASH_DASH, SeriesLines.DOT_DOT,
      SeriesLines.DASH_DOT};

  private LatencyCharts() {
  }

  /**
   * @param model the grouped results
   * @param profile the profile; stores without profiles are drawn too, in grey
   * @param t client threads
   * @param workload the workload
   * @return the chart; without series when no store ran the workload there
   * @throws IOException when a histogram log cannot be read
   */
  static XYChart percentiles(ReportModel model, String profile, int t, String workload) throws IOException {
    XYChart chart = new XYChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT)
        .title("Latency by percentile, " + workload + ", profile " + ReportFormat.profileName(profile) + ", "
            + ReportFormat.threads(t))
        .xAxisTitle("1 / (1 - percentile): 10 = p90, 100 = p99, 1,000 = p99.9 (log scale)")
        .yAxisTitle(OperationNames.anyBatched(model) ? "service time per record (µs, log scale)"
            : "service time (µs, log scale)").build();
    ChartStyle.basic(chart.getStyler());
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    for (String s : model.stores()) {
      ReportCell c = model.cell(profile, s, t, workload);
      if (c == null || c.runs().isEmpty()) {
        continue;
      }
      Color color = ChartStyle.color(model, s, c.profile());
      List<RunResult.OperationFigures> ops = c.figureRuns().get(0).operations();
      for (int i = 0; i < ops.size(); i++) {
        List<double[]> points = curve(c.figureRuns(), ops.get(i));
        if (points.size() < 2) {
          continue;
        }
        XYSeries series = chart.addSeries(model.names().name(s) + " " + OperationNames.of(model, c, ops.get(i).name()),
            points.stream().mapToDouble(p -> p[0]).toArray(), points.stream().mapToDouble(p -> p[1]).toArray());
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(color);
        series.setLineWidth(ChartStyle.LINE_WIDTH);
        series.setLineStyle(LINES[i % LINES.length]);
      }
    }
    return chart;
  }

  /** @return points (1/(1-p), micros) from the runs' histogram logs added up, else from the result JSON */
  private static List<double[]> curve(List<RunResult> runs, RunResult.OperationFigures op) throws IOException {
    List<LatencyLog> logs = new ArrayList<>();
    for (RunResult r : runs) {
      Path log = r.histogramLogs().get(op.name());
      if (log == null || !Files.isRegularFile(log)) {
        logs = null;
        break;
      }
      logs.add(HistogramLogs.read(log));
    }
    LatencyLog all = logs == null ? null : LatencyLog.concat(logs);
    Histogram sum = all == null ? null : all.sum();
    List<double[]> points = new ArrayList<>();
    if (sum != null && sum.getTotalCount() > 0) {
      for (HistogramIterationValue v : sum.percentiles(5)) {
        double p = v.getPercentileLevelIteratedTo();
        if (p >= 100.0) {
          break;
        }
        points.add(new double[] {1.0 / (1.0 - p / 100.0),
            Math.max(SMALLEST_MICROS, all.unit().toMicros(v.getValueIteratedTo()))});
      }
      return points;
    }
    for (Map.Entry<Double, Double> e : op.percentiles().entrySet()) {
      if (e.getKey() < 100.0) {
        points.add(new double[] {1.0 / (1.0 - e.getKey() / 100.0), Math.max(SMALLEST_MICROS, e.getValue())});
      }
    }
    return points;
  }
}
