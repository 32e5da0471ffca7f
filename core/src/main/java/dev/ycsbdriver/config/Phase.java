package dev.ycsbdriver.config;

/** The two phases of a YCSB run: {@code load} inserts the records, {@code run} executes the workload. */
public enum Phase {
  /** Insert {@code recordcount} (or {@code insertcount}) records; YCSB's {@code -load}. */
  LOAD,
  /** Execute the workload's operation mix; YCSB's {@code -t}. */
  RUN;

  /** @return {@code "load"} or {@code "run"} */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
