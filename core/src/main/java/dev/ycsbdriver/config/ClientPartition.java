package dev.ycsbdriver.config;


/**
 * Which of several driver processes this one is ({@code client.index} of {@code client.count}), and the
 * share of the load phase's key space it inserts.
 *
 * <p>Load phase: the range to insert is {@code [insertstart, insertstart + insertcount)}, where
 * {@code insertstart} defaults to 0 and {@code insertcount} to {@code recordcount - insertstart}, as in
 * YCSB's {@code CoreWorkload}. With {@code n} clients each takes {@code share = insertcount / n} records
 * (integer division): client {@code i} inserts from {@code insertstart + i * share}, {@code share}
 * records, and the last client ({@code i = n - 1}) also the remainder {@code insertcount % n}. For
 * example 10 records over 3 clients: {@code [0,3)}, {@code [3,6)}, {@code [6,10)}. The workload then
 * sees this client's {@code insertstart} and {@code insertcount}; {@code recordcount} stays the total,
 * as {@code CoreWorkload} requires {@code recordcount >= insertstart + insertcount}.
 *
 * <p>Run phase: nothing is partitioned; each client is an independent request stream over the whole key
 * space, so every client must be given the total {@code recordcount}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param index this client, {@code 0 <= index < count}
 * @param count clients in all, at least 1
 */
public record ClientPartition(int index, int count) {
  /** A single client: the default, which changes nothing. */
  public static final ClientPartition SINGLE = new ClientPartition(0, 1);

  public static final PropertySpec INDEX = PropertySpec.of("client.index", "0", "",
      "this driver process's number among client.count processes, 0 to client.count - 1 (required when "
          + "client.count > 1); the load phase inserts this client's share of the key space").integer(0, Integer.MAX_VALUE - 1);
  public static final PropertySpec COUNT = PropertySpec.of("client.count", "1", "clients",
      "driver processes that run the same phase at once (merge their results with 'ycsb report merge')")
      .integer(1, Integer.MAX_VALUE);

  /**
   * @throws IllegalArgumentException if {@code count < 1} or {@code index} lies outside [0, count)
   */
  public ClientPartition {
    if (count < 1 || index < 0 || index >= count) {
      throw new IllegalArgumentException("client.index: must be >= 0 and < client.count (" + count + "), got " + index);
    }
  }

  /**
   * @param settings the merged configuration
   * @return the partition named by {@code client.index} and {@code client.count}; {@link #SINGLE} when
   *     neither is set
   * @throws ConfigException if either is not an integer, {@code client.count < 1}, {@code client.index}
   *     is missing while {@code client.count > 1}, or lies outside [0, client.count)
   */
  public static ClientPartition from(Settings settings) throws ConfigException {
    int count = settings.getInt(COUNT);
    if (count > 1 && !settings.contains(INDEX.key())) {
      // a default of 0 would make every client insert the first partition
      throw new ConfigException(INDEX.key() + ": required with client.count " + count + " (0 to " + (count - 1)
          + "), got none");
    }
    int index = settings.getInt(INDEX);
    if (index >= count) {
      throw new ConfigException(INDEX.key() + ": must be >= 0 and < client.count (" + count + "), got " + index);
    }
    return new ClientPartition(index, count);
  }

  /**
   * Sets this client's {@code insertstart} and {@code insertcount} for a load; returns the settings
   * unchanged for a run or a single client.
   *
   * @param settings the merged configuration, with the range of all clients
   * @param phase load or run
   * @return the settings this client runs with
   * @throws ConfigException if {@code insertstart}, {@code insertcount} or {@code recordcount} is not a
   *     non-negative integer, or the range holds fewer records than there are clients
   */
  public Settings partition(Settings settings, Phase phase) throws ConfigException {
    if (phase != Phase.LOAD || count == 1) {
      return settings;
    }
    long start = settings.getLong(RunConfig.INSERT_START);
    long total = settings.contains(RunConfig.INSERT_COUNT.key())
        ? settings.getLong(RunConfig.INSERT_COUNT)
        : settings.getLong(RunConfig.RECORD_COUNT) - start;
    if (total < count) {
      throw new ConfigException(COUNT.key() + ": must be <= the " + Math.max(total, 0)
          + " records to insert (insertcount, else recordcount - insertstart), got " + count);
    }
    long share = total / count;
    long myStart = start + index * share;
    long myCount = index == count - 1 ? total - index * share : share;
    return settings.with(RunConfig.INSERT_START.key(), Long.toString(myStart))
        .with(RunConfig.INSERT_COUNT.key(), Long.toString(myCount));
  }

  /** @return whether more than one client runs */
  public boolean multiple() {
    return count > 1;
  }

  /** @return the suffix of result directory names, {@code -c<index>of<count>}; empty for one client */
  public String suffix() {
    return multiple() ? "-c" + index + "of" + count : "";
  }
}
