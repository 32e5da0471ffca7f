package dev.ycsbdriver.spi;

import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.support.RestoreJournal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the binding read back from the store when it opened: the server's version, the durability
 * profile in force and the effective settings behind it, so "durable" in a result is evidence, not
 * a label.
 *
 * <p>Immutable and thread-safe.
 *
 * @param product the store's product name, e.g. {@code PostgreSQL}, {@code H2}
 * @param version the server's version as the server reports it, or {@code null} if unknown
 * @param profile the durability profile name ({@code durable}, {@code fast}, a user profile), or
 *     {@code null} when none was chosen and the server's own settings apply
 * @param settings effective server or session settings read back from the store, in the order the
 *     binding lists them (e.g. {@code synchronous_commit -> on}); never null, may be empty
 * @param warnings facts a reader must know, each with its code (e.g. {@link Warning.Code#NOT_DURABLE}: {@code fsync
 *     is off: commits are not durable}); never null, may be empty
 * @param restoredSettings server-wide settings an earlier driver left changed (it was killed) and this
 *     command restored from the {@link RestoreJournal} before it measured; never null, usually empty
 */
public record ServerFacts(String product, String version, String profile, Map<String, String> settings,
                          List<Warning> warnings, List<RestoredSetting> restoredSettings) {

  /**
   * The setting of a store that its own driver process fills before a run and that ends with that process (the
   * memory binding): the records preloaded. A matrix reads it to know that a cell's inserts do not outlive
   * the cell.
   */
  public static final String PRELOADED_RECORDS = "preloaded_records";

  /** Copies the collections; {@code settings} keeps its order. */
  public ServerFacts {
    settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    warnings = List.copyOf(warnings);
    restoredSettings = List.copyOf(restoredSettings);
  }

  /** Facts of a command that restored nothing. */
  public ServerFacts(String product, String version, String profile, Map<String, String> settings,
                     List<Warning> warnings) {
    this(product, version, profile, settings, warnings, List.of());
  }

  /**
   * @param name a setting's name, e.g. {@code connections}
   * @param value its value
   * @return these facts with the setting added last, or its value replaced where it is
   */
  public ServerFacts withSetting(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(settings);
    more.put(name, value);
    return new ServerFacts(product, version, profile, more, warnings, restoredSettings);
  }

  /** @return facts for a store about which nothing is known (a plain {@code -db} class) */
  public static ServerFacts unknown() {
    return new ServerFacts(null, null, null, Map.of(), List.of());
  }
}
