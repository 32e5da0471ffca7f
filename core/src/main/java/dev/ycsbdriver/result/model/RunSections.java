package dev.ycsbdriver.result.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The sections after the overall figures, from {@code server} to {@code warnings}. A crash test's result has only
 * {@code server}, {@code machine}, {@code config} and {@code warnings}; the others are null there.
 *
 * @param server what the binding read back from the store
 * @param machine the machine's facts
 * @param calibration the machine's condition at the start and end of the run; null when calibration was off, in a
 *     merged result, and in results written before it
 * @param cpu the CPU figures
 * @param operations per operation, in YCSB's order
 * @param timeSeries one point per interval, in time order
 * @param gc garbage collectors' totals
 * @param histogramLogs measurement name to its {@code .hlog} file, relative to the result's directory
 * @param config the effective configuration, masked
 * @param checks the run's figures checked against each other; null in results written before them
 * @param warnings the run's warnings, in the order they arose; a result written before warnings had codes has bare
 *     lines here, read by {@link Warning#ofLine}
 */
public record RunSections(ServerSection server, MachineSection machine,
                          @JsonInclude(JsonInclude.Include.NON_NULL) CalibrationSection calibration,
                          @JsonInclude(JsonInclude.Include.NON_NULL) CpuSection cpu,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<OperationFigures> operations,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<TimePoint> timeSeries,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<Gc> gc,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> histogramLogs,
                          Map<String, String> config,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<Check> checks,
                          List<Warning> warnings) {

  /**
   * @param name the collector's name
   * @param count collections
   * @param timeMillis time spent in them, milliseconds
   */
  public record Gc(String name, long count, long timeMillis) {
  }

  /**
   * @param name e.g. {@code Little's law}
   * @param verdict {@code ok}, {@code failed} or {@code not applicable}
   * @param figures the figures it compared, by name
   * @param tolerance how far they may differ
   * @param detail one line
   */
  public record Check(String name, String verdict, Map<String, Double> figures, String tolerance, String detail) {
  }
}
