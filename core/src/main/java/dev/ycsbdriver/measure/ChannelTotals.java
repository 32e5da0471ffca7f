package dev.ycsbdriver.measure;

import org.HdrHistogram.Histogram;

/**
 * The latency distributions of one channel over a span of the run (an interval, a status window, or
 * the whole run), in nanoseconds ({@link LatencyUnit#RECORDED}).
 *
 * <p>The histograms belong to whoever received this object; once handed out as final totals they are
 * never written again, so readers on any thread may use them.
 *
 * @param name the YCSB measurement name, e.g. {@code READ} or {@code UPDATE-FAILED}
 * @param service service times (end minus actual start)
 * @param intended intended latencies (end minus scheduled start); the same object as {@code service}
 *     when no target was set, since both are then equal
 */
public record ChannelTotals(String name, Histogram service, Histogram intended) {
  /**
   * What YCSB puts before a measurement's name for its intended latency ({@code Intended-READ}), in the
   * summary of {@code measurement.interval=both}; ycsb-driver names its status-line blocks and
   * {@code .hlog} files the same way.
   */
  public static final String INTENDED_PREFIX = "Intended-";

  /** @return the name of this channel's intended latency, e.g. {@code Intended-READ} */
  public String intendedName() {
    return INTENDED_PREFIX + name;
  }

  /** @return whether intended latency was measured apart from service time */
  public boolean intendedMeasured() {
    return intended != service;
  }
}
