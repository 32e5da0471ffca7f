package dev.ycsbdriver.binding.postgres;

import dev.ycsbdriver.binding.jdbc.JdbcKeys;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.binding.jdbc.Reconnect;
import dev.ycsbdriver.spi.NetworkTimeouts;
import java.util.ArrayList;
import java.util.List;

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
  static final PropertySpec CREATE_TABLE = JdbcKeys.createTable(false);
  /**
   * {@code postgres.connect.timeout}, {@code postgres.login.timeout}, {@code postgres.socket.timeout}: pgjdbc's
   * {@code connectTimeout}, {@code loginTimeout} and {@code socketTimeout} (whole seconds, rounded up), unless
   * the URL sets them.
   */
  static final NetworkTimeouts.Keys TIMEOUTS = NetworkTimeouts.Keys.of("postgres");
  static final List<PropertySpec> ALL = all(URL, USER, PASSWORD, BATCH_SIZE, FETCH_SIZE, AUTO_COMMIT,
      SYNCHRONOUS_COMMIT, CREATE_TABLE, JdbcKeys.DROP_TABLE);

  private PostgresKeys() {
  }

  private static List<PropertySpec> all(PropertySpec... specs) {
    List<PropertySpec> all = new ArrayList<>(List.of(specs));
    all.addAll(TIMEOUTS.all());
    all.addAll(Reconnect.keys("postgres"));
    return List.copyOf(all);
  }
}
