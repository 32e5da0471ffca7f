package dev.ycsbdriver.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The names a report shows a reader for its stores: the product the runs' server reported, where they agree on it, in
 * place of the binding's name. The {@code mysql} binding talks to MySQL and to MariaDB, so its store reads
 * {@code MariaDB} when the server's product or version string says MariaDB (MariaDB's version strings end in
 * {@code -MariaDB...}, also when a MySQL driver reports the product as MySQL), else {@code MySQL}; a
 * {@code postgres} store reads {@code PostgreSQL}, an {@code h2} store {@code H2}. The tables, the findings table,
 * summary sentences, chart legends and the README block name a store through {@link #name}; keys (report.json's and
 * the CSV files' {@code store} columns, matrix files) keep the store's own name, and so do, for now, the seed rows'
 * table in report.md/html, a finding's noise-floor text, the configurations table's key column and latency-only
 * reference rows.
 *
 * <p>A store is renamed only when its name is its binding's ({@code mysql}) or starts with it and a hyphen
 * ({@code h2-pool} reads {@code H2-pool}), when the product is the one the binding is named after (its name starts
 * with the binding's, or MySQL or MariaDB for {@code mysql}), when its product is one word (a product named in several, e.g.
 * {@code Berkeley DB Java Edition}, would crowd tables and legends), and when every run of it that ended ok reported
 * the same product: runs that disagree, or one without a server version, leave the store's own name.
 *
 * <p>Immutable and thread-safe.
 *
 * @param names store name to the name shown; a store not in it is shown by its own name
 */
public record StoreNames(Map<String, String> names) {
  /** Names without renaming: every store is shown by its own name. */
  public static final StoreNames NONE = new StoreNames(Map.of());

  /** The binding's name and alias that talk to MySQL and MariaDB, and those products' names in lower case. */
  private static final java.util.Set<String> MYSQL_FAMILY = java.util.Set.of("mysql", "mariadb");

  /** Copies the map. */
  public StoreNames {
    names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
  }

  /**
   * @param store a store's name as the results key it, e.g. {@code mysql}
   * @return the name to show, e.g. {@code MariaDB}; the store's own name when it is not renamed; null for null
   */
  public String name(String store) {
    return store == null ? null : names.getOrDefault(store, store);
  }

  /**
   * @param text a text that names a store by its key first, or after {@code ours }, e.g. a finding's noise floor
   *     {@code mysql durable/fast on workloadc 1.02x}; may be null
   * @return the text with that key replaced by the store's name ({@code MariaDB durable/fast on ...}); the text
   *     itself when it starts with no renamed store
   */
  public String leading(String text) {
    if (text == null) {
      return null;
    }
    String lead = text.startsWith("ours ") ? "ours " : "";
    String rest = text.substring(lead.length());
    return names.entrySet().stream().filter(e -> rest.startsWith(e.getKey() + " "))
        .max(java.util.Comparator.comparingInt(e -> e.getKey().length()))
        .map(e -> lead + e.getValue() + rest.substring(e.getKey().length())).orElse(text);
  }

  /**
   * @param stores the report's stores, in its order
   * @param cells its cells; the runs of each (those that ended ok) are read
   * @return the names of the stores, each renamed as the class describes
   */
  public static StoreNames of(List<String> stores, List<ReportCell> cells) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String store : stores) {
      List<RunResult> runs = cells.stream().filter(c -> c.store().equals(store))
          .flatMap(c -> c.runs().stream()).toList();
      String shown = shown(store, runs);
      if (!shown.equals(store)) {
        out.put(store, shown);
      }
    }
    return new StoreNames(out);
  }

  /**
   * @param report a report's {@code report.json}, parsed; its {@code storeNames} object (store to name shown)
   * @return those names; {@link #NONE} when the report has none
   */
  public static StoreNames read(JsonNode report) {
    Map<String, String> out = new LinkedHashMap<>();
    report.path("storeNames").properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
    return out.isEmpty() ? NONE : new StoreNames(out);
  }

  /**
   * @param store the store's name
   * @param runs its runs
   * @return the name to show: the store's own unless the runs agree on a one-word product
   */
  static String shown(String store, List<RunResult> runs) {
    String product = null;
    for (RunResult r : runs) {
      String p = product(r.server());
      if (p == null || (product != null && !product.equals(p))) {
        return store;
      }
      product = p;
    }
    if (product == null || runs.isEmpty()) {
      return store;
    }
    String binding = runs.get(0).binding();
    if (binding == null || runs.stream().anyMatch(r -> !binding.equals(r.binding())) || !sameFamily(binding, product)) {
      return store;
    }
    if (store.equals(binding)) {
      return product;
    }
    return store.startsWith(binding + "-") ? product + store.substring(binding.length()) : store;
  }

  /**
   * @return whether the product is the one the binding is named after: its name starts with the binding's
   *     ({@code postgres}: PostgreSQL, {@code h2}: H2), or the binding talks to MySQL and MariaDB and it is one of them
   */
  private static boolean sameFamily(String binding, String product) {
    String p = product.toLowerCase(Locale.ROOT);
    boolean mysqlFamily = MYSQL_FAMILY.contains(binding) && MYSQL_FAMILY.contains(p);
    return mysqlFamily || p.startsWith(binding.toLowerCase(Locale.ROOT));
  }

  /**
   * @param server the server's product and version as the result records them, e.g.
   *     {@code MySQL 5.5.5-10.11.19-MariaDB-0+deb12u1} or {@code PostgreSQL 15.8}; may be null
   * @return the product's name: {@code MariaDB} when the text names MariaDB anywhere, else its first word when the
   *     product is named in one that starts with a capital ({@code PostgreSQL}, {@code MySQL}); null when unknown,
   *     named in several words or in lower case ({@code ycsb-driver memory store})
   */
  static String product(String server) {
    if (server == null || server.isBlank()) {
      return null;
    }
    if (server.toLowerCase(Locale.ROOT).contains("mariadb")) {
      return "MariaDB";
    }
    String[] words = server.trim().split("\\s+");
    // a one-word product is followed by a version, which starts with a digit or names its library
    boolean oneWord = words.length == 1 || Character.isDigit(words[1].charAt(0)) || words[1].equals(words[1]
        .toLowerCase(Locale.ROOT));
    return oneWord && Character.isUpperCase(words[0].charAt(0)) ? words[0] : null;
  }
}
