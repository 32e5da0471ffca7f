package dev.ycsbdriver.binding.mysql;

import dev.ycsbdriver.binding.jdbc.JdbcKeys;
import dev.ycsbdriver.spi.support.ConnectionMode;
import dev.ycsbdriver.binding.jdbc.Reconnect;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import dev.ycsbdriver.spi.support.RestoreJournal;
import java.util.ArrayList;
import java.util.List;

/** The mysql binding's keys. Each also answers to upstream YCSB's JDBC key named in its description. */
final class MysqlKeys {
  static final PropertySpec URL = PropertySpec.of("mysql.url", "jdbc:mysql://127.0.0.1:3306/ycsb", "",
      "Connector/J URL of the database (or upstream's db.url)");
  static final PropertySpec USER = PropertySpec.of("mysql.user", "root", "", "user name (or db.user)");
  static final PropertySpec PASSWORD = PropertySpec.of("mysql.password", "", "",
      "password (or db.passwd); masked in every output");
  static final PropertySpec BATCH_SIZE = PropertySpec.of("mysql.batchsize", "0", "inserts",
      "inserts sent as one batch, rewritten into multi-row INSERTs (rewriteBatchedStatements); 0 or 1 for none (or db.batchsize)").integer(0, 1_000_000);
  static final PropertySpec FETCH_SIZE = PropertySpec.of("mysql.fetchsize", "0", "rows",
      "rows a scan fetches per round trip; 0 fetches all (or jdbc.fetchsize)").integer(0, 1_000_000);
  static final PropertySpec AUTO_COMMIT = PropertySpec.of("mysql.autocommit", "true", "",
      "true: each statement is its own transaction; false: the driver commits after each write (or jdbc.autocommit)").flag();
  static final PropertySpec FLUSH_LOG = PropertySpec.optional("mysql.innodb_flush_log_at_trx_commit", "",
      "GLOBAL innodb_flush_log_at_trx_commit for the run (0, 1 or 2), restored afterwards; set by the profiles").integer(0, 2);
  static final PropertySpec SYNC_BINLOG = PropertySpec.optional("mysql.sync_binlog", "commits",
      "GLOBAL sync_binlog for the run, restored afterwards; set by the profiles").integer(0, 4_294_967_295L);
  static final PropertySpec GROUP_COMMIT_DELAY = PropertySpec.optional("mysql.binlog_group_commit_sync_delay", "us",
      "GLOBAL binlog_group_commit_sync_delay for the run (MySQL 5.7+; absent on MariaDB, recorded and not set), "
          + "restored afterwards; set by profile seed004-durable").integer(0, 1_000_000);
  static final PropertySpec COMMIT_WAIT_USEC = PropertySpec.optional("mysql.binlog_commit_wait_usec", "us",
      "GLOBAL binlog_commit_wait_usec for the run (MariaDB; absent on MySQL, recorded and not set): the longest a "
          + "binary log group commit waits for binlog_commit_wait_count commits, restored afterwards; set by profile "
          + "seed004-durable as MariaDB's equivalent of binlog_group_commit_sync_delay").integer(0, 1_000_000);
  static final PropertySpec COMMIT_WAIT_COUNT = PropertySpec.optional("mysql.binlog_commit_wait_count", "commits",
      "GLOBAL binlog_commit_wait_count for the run (MariaDB; absent on MySQL, recorded and not set): 0 waits not at "
          + "all, else a group commit waits for this many commits or binlog_commit_wait_usec, restored afterwards; "
          + "set by profile seed004-durable").integer(0, 1_000_000);
  static final PropertySpec CREATE_TABLE = JdbcKeys.createTable(false);
  /**
   * {@code mysql.connect.timeout}, {@code mysql.login.timeout}, {@code mysql.socket.timeout}: Connector/J's
   * {@code connectTimeout} and {@code socketTimeout}, unless the URL sets them. Connector/J has no login
   * timeout of its own: its handshake reads are bounded by {@code socketTimeout}, so that is the login
   * timeout while connecting and the socket timeout once connected.
   */
  static final NetworkTimeouts.Keys TIMEOUTS = NetworkTimeouts.Keys.of("mysql");
  static final List<PropertySpec> ALL = all(URL, USER, PASSWORD, BATCH_SIZE, FETCH_SIZE, AUTO_COMMIT,
      FLUSH_LOG, SYNC_BINLOG, GROUP_COMMIT_DELAY, COMMIT_WAIT_USEC, COMMIT_WAIT_COUNT, JdbcKeys.PROFILE_STRICT, RestoreJournal.DIR, CREATE_TABLE, JdbcKeys.DROP_TABLE,
      JdbcKeys.DROP_TABLE_FORCE);

  private MysqlKeys() {
  }

  private static List<PropertySpec> all(PropertySpec... specs) {
    List<PropertySpec> all = new ArrayList<>(List.of(specs));
    all.addAll(TIMEOUTS.all());
    all.addAll(Reconnect.keys("mysql"));
    all.addAll(JdbcKeys.connectionModes("mysql"));
    return List.copyOf(all);
  }
}
