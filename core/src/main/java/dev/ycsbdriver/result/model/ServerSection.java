package dev.ycsbdriver.result.model;

import java.util.List;
import java.util.Map;

/**
 * The {@code server} object: what the binding read back from the store.
 *
 * @param product e.g. {@code PostgreSQL}
 * @param version its version
 * @param profile the durability profile applied, or null
 * @param settings the server's effective settings, as read back, in the binding's order
 * @param cpuSource what the server CPU figure measures, or null
 * @param restoredSettings settings restored from an earlier, killed run; null in old results
 */
public record ServerSection(String product, String version, String profile, Map<String, String> settings,
                            String cpuSource, List<RestoredSetting> restoredSettings) {

  /** @return product and version, e.g. {@code PostgreSQL 15.8}, or null when neither is known */
  public String productVersion() {
    String text = ((product == null ? "" : product) + " " + (version == null ? "" : version)).trim();
    return text.isEmpty() ? null : text;
  }

  /**
   * @param scope where the setting lives, e.g. the server's identity
   * @param setting its name
   * @param value the value restored
   * @param leftByPid the process that changed it and did not restore it
   * @param changedAt when it was changed, ISO-8601
   * @param journal the journal file
   */
  public record RestoredSetting(String scope, String setting, String value, long leftByPid, String changedAt,
                                String journal) {
  }
}
