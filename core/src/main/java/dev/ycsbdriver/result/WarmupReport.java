package dev.ycsbdriver.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the warm-up of a run did: how it was asked for, how long it ran, why it ended and how many
 * operations it left out of the figures.
 *
 * @param requested {@code none}, {@code auto}, or the fixed duration asked for (e.g. {@code 1500ms})
 * @param millis how long the warm-up ran, in milliseconds; 0 without one
 * @param endedBy why it ended: {@code none} (there was none), {@code time} (a fixed warm-up's end),
 *     {@code steady} (auto: the driver was warm), {@code max} (auto: {@code warmup.max} reached before steady
 *     state), {@code failure} (auto: an operation failed), {@code stop} (Ctrl-C, or every thread ended)
 * @param detail one phrase on the state at its end, e.g. {@code JIT compiler quiet, throughput within 5% ...};
 *     empty when there is nothing to say
 * @param operations operations done during the warm-up per measurement name, every status counted
 */
public record WarmupReport(String requested, long millis, String endedBy, String detail, Map<String, Long> operations) {
  /** The report of a run without warm-up. */
  public static final WarmupReport NONE = new WarmupReport("none", 0, "none", "", Map.of());

  /** Copies the map, keeping its order. */
  public WarmupReport {
    operations = Collections.unmodifiableMap(new LinkedHashMap<>(operations));
  }
}
