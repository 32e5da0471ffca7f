package dev.ycsbdriver.binding.postgres;

import dev.ycsbdriver.binding.jdbc.JdbcKeys;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.spi.support.ConnectionMode;
import dev.ycsbdriver.binding.jdbc.Reconnect;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.support.RestoreJournal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The postgres binding's keys. Each also answers to upstream YCSB's JDBC key named in its description. */
final class PostgresKeys {
  static final PropertySpec URL = PropertySpec.of("postgres.url", "jdbc:postgresql://127.0.0.1:5432/ycsb", "",
      "pgjdbc URL of the database (or upstream's db.url)");
  static final PropertySpec USER = PropertySpec.of("postgres.user", "postgres", "", "user name (or db.user)");
  static final PropertySpec PASSWORD = PropertySpec.of("postgres.password", "", "",
      "password (or db.passwd); masked in every output");
  static final PropertySpec BATCH_SIZE = PropertySpec.of("postgres.batchsize", "0", "inserts",
      "inserts sent as one batch, rewritten into multi-row INSERTs (reWriteBatchedInserts); 0 or 1 for none (or db.batchsize)").integer(0, 1_000_000);
  static final PropertySpec FETCH_SIZE = PropertySpec.of("postgres.fetchsize", "0", "rows",
      "rows a scan fetches per round trip (needs postgres.autocommit=false); 0 fetches all (or jdbc.fetchsize)").integer(0, 1_000_000);
  static final PropertySpec AUTO_COMMIT = PropertySpec.of("postgres.autocommit", "true", "",
      "true: each statement is its own transaction; false: the driver commits after each write (or jdbc.autocommit)").flag();
  static final PropertySpec SYNCHRONOUS_COMMIT = PropertySpec.optional("postgres.synchronous_commit", "",
      "session synchronous_commit: on, off, local, remote_write or remote_apply; set by the durable and fast profiles").choice("on", "off", "local", "remote_write", "remote_apply");
  /**
   * {@code postgres.system.<name>}: the server settings a profile may set server-wide with {@code ALTER SYSTEM}
   * for the run, journaled first and restored afterwards (PostgreSQL's own names, ranges and base units).
   */
  static final List<PropertySpec> SYSTEM = List.of(
      system("fsync", "", "on: the server forces WAL and data to disk; off: it leaves that to the OS (an OS crash "
          + "or power loss can corrupt the cluster)").choice("on", "off"),
      system("synchronous_commit", "", "the default of every session: on, off, local, remote_write or remote_apply")
          .choice("on", "off", "local", "remote_write", "remote_apply"),
      system("commit_delay", "us", "wait before a WAL flush so that concurrent commits share it, when at least "
          + "commit_siblings other transactions are active; 0 for none").integer(0, 100_000),
      system("commit_siblings", "transactions", "concurrent open transactions needed before commit_delay waits")
          .integer(0, 1000),
      system("full_page_writes", "", "on: the first change of a page after a checkpoint writes the whole page to WAL")
          .choice("on", "off"),
      system("wal_writer_delay", "ms", "how often the WAL writer flushes WAL (asynchronous commits wait up to 3x "
          + "this)").integer(1, 10_000));
  /** The setting names behind {@link #SYSTEM}, in order. */
  static final List<String> SYSTEM_NAMES = SYSTEM.stream().map(p -> p.key().substring("postgres.system.".length()))
      .toList();
  static final PropertySpec RELOAD_TIMEOUT = PropertySpec.of("postgres.reload.timeout", "10000", "ms",
      "how long to wait for the server to apply pg_reload_conf() after ALTER SYSTEM (postgres.system.*)")
      .duration(java.time.Duration.ofMillis(1), java.time.Duration.ofMinutes(10));
  static final PropertySpec CREATE_TABLE = JdbcKeys.createTable(false);
  /**
   * {@code postgres.connect.timeout}, {@code postgres.login.timeout}, {@code postgres.socket.timeout}: pgjdbc's
   * {@code connectTimeout}, {@code loginTimeout} and {@code socketTimeout} (whole seconds, rounded up), unless
   * the URL sets them.
   */
  static final NetworkTimeouts.Keys TIMEOUTS = NetworkTimeouts.Keys.of("postgres");
  static final List<PropertySpec> ALL = all(URL, USER, PASSWORD, BATCH_SIZE, FETCH_SIZE, AUTO_COMMIT,
      SYNCHRONOUS_COMMIT, RELOAD_TIMEOUT, JdbcKeys.PROFILE_STRICT, RestoreJournal.DIR, CREATE_TABLE,
      JdbcKeys.DROP_TABLE, JdbcKeys.DROP_TABLE_FORCE);

  private PostgresKeys() {
  }

  private static PropertySpec system(String name, String unit, String description) {
    return PropertySpec.optional("postgres.system." + name, unit, "server-wide " + name + " for the run (ALTER SYSTEM), "
        + "restored afterwards: " + description);
  }

  /**
   * @return setting name to value of the {@code postgres.system.*} keys given, in {@link #SYSTEM} order
   * @throws ConfigException for a malformed value
   */
  static Map<String, String> system(Settings s) throws ConfigException {
    Map<String, String> wanted = new LinkedHashMap<>();
    for (int i = 0; i < SYSTEM.size(); i++) {
      PropertySpec spec = SYSTEM.get(i);
      if (s.contains(spec.key())) {
        wanted.put(SYSTEM_NAMES.get(i), spec.kind() == PropertySpec.Kind.CHOICE ? s.getChoice(spec)
            : Long.toString(s.getLong(spec)));
      }
    }
    return wanted;
  }

  private static List<PropertySpec> all(PropertySpec... specs) {
    List<PropertySpec> all = new ArrayList<>(List.of(specs));
    all.addAll(SYSTEM);
    all.addAll(TIMEOUTS.all());
    all.addAll(Reconnect.keys("postgres"));
    all.addAll(JdbcKeys.connectionModes("postgres"));
    return List.copyOf(all);
  }
}
