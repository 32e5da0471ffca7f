package dev.ycsbdriver.measure;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Takes interval histograms from every channel of a {@link MeasurementRegistry} and accumulates them:
 * into run totals, and into a window that a status line reports and then resets.
 *
 * <p>Not thread-safe: one harvesting thread calls every method. Recording threads are never blocked
 * (HdrHistogram's {@code Recorder} phase flip).
 */
public final class IntervalHarvester {
  private static final int SIGNIFICANT_DIGITS = 3;

  private final MeasurementRegistry registry;
  private final Map<LatencyChannel, State> states = new IdentityHashMap<>();

  /** @param registry the run's measurements */
  public IntervalHarvester(MeasurementRegistry registry) {
    this.registry = registry;
  }

  /**
   * Takes what each channel recorded since the previous call and adds it to the totals and the
   * status window.
   *
   * @param startEpochMillis start of the interval (wall clock), stored in the interval histograms
   * @param endEpochMillis end of the interval
   * @return one entry per channel that exists, in channel creation order; the histograms are reused by
   *     the next call, so use them before calling again
   */
  public List<ChannelTotals> harvest(long startEpochMillis, long endEpochMillis) {
    List<ChannelTotals> out = new ArrayList<>();
    for (LatencyChannel channel : registry.channels()) {
      State s = states.computeIfAbsent(channel, c -> new State(c.recordsIntended()));
      channel.harvestService(s.serviceInterval);
      stamp(s.serviceInterval, startEpochMillis, endEpochMillis);
      s.serviceTotal.add(s.serviceInterval);
      s.serviceWindow.add(s.serviceInterval);
      Histogram intendedInterval = s.serviceInterval;
      if (channel.recordsIntended()) {
        channel.harvestIntended(s.intendedInterval);
        stamp(s.intendedInterval, startEpochMillis, endEpochMillis);
        s.intendedTotal.add(s.intendedInterval);
        s.intendedWindow.add(s.intendedInterval);
        intendedInterval = s.intendedInterval;
      }
      out.add(new ChannelTotals(channel.name(), s.serviceInterval, intendedInterval));
    }
    return out;
  }

  /**
   * Hands out the distributions accumulated since the previous call (the status window) and starts a
   * new window. Call {@link #harvest} first so the window is current.
   *
   * @return one entry per channel, in channel creation order; owned by the caller
   */
  public List<ChannelTotals> takeWindow() {
    List<ChannelTotals> out = new ArrayList<>();
    for (LatencyChannel channel : registry.channels()) {
      State s = states.get(channel);
      if (s == null) {
        continue;
      }
      Histogram service = s.serviceWindow.copy();
      Histogram intended = s.intendedWindow == null ? service : s.intendedWindow.copy();
      s.serviceWindow.reset();
      if (s.intendedWindow != null) {
        s.intendedWindow.reset();
      }
      out.add(new ChannelTotals(channel.name(), service, intended));
    }
    return out;
  }

  /**
   * @return the whole run's distributions per channel name; call after a final {@link #harvest}. The
   *     histograms are copies, owned by the caller.
   */
  public Map<String, ChannelTotals> totals() {
    Map<String, ChannelTotals> out = new java.util.LinkedHashMap<>();
    for (LatencyChannel channel : registry.channels()) {
      State s = states.get(channel);
      Histogram service = s == null ? newHistogram() : s.serviceTotal.copy();
      Histogram intended = s == null || s.intendedTotal == null ? service : s.intendedTotal.copy();
      out.put(channel.name(), new ChannelTotals(channel.name(), service, intended));
    }
    return out;
  }

  private static void stamp(Histogram h, long start, long end) {
    h.setStartTimeStamp(start);
    h.setEndTimeStamp(end);
  }

  private static Histogram newHistogram() {
    return new Histogram(SIGNIFICANT_DIGITS);
  }

  private static final class State {
    final Histogram serviceInterval = newHistogram();
    final Histogram intendedInterval = newHistogram();
    final Histogram serviceTotal = newHistogram();
    final Histogram serviceWindow = newHistogram();
    final Histogram intendedTotal;
    final Histogram intendedWindow;

    State(boolean intended) {
      intendedTotal = intended ? newHistogram() : null;
      intendedWindow = intended ? newHistogram() : null;
    }
  }
}
