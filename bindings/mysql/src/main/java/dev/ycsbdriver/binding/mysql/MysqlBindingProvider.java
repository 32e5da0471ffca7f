package dev.ycsbdriver.binding.mysql;

import dev.ycsbdriver.binding.jdbc.ConnectionSource;
import dev.ycsbdriver.binding.jdbc.JdbcKeys;
import dev.ycsbdriver.binding.jdbc.Reconnect;
import dev.ycsbdriver.binding.jdbc.SqlFailures;
import dev.ycsbdriver.binding.jdbc.SqlStore;
import dev.ycsbdriver.binding.jdbc.TimedConnections;
import dev.ycsbdriver.binding.jdbc.UserTable;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.NetworkTimeouts;
import dev.ycsbdriver.spi.RestoreJournal;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsb.DB;

/**
 * The {@code mysql} binding (alias {@code mariadb}): MySQL or MariaDB through Connector/J, one
 * connection per client thread, server-side prepared statements, optional batched inserts. The
 * durability profiles set the GLOBAL {@code innodb_flush_log_at_trx_commit} and {@code sync_binlog} for
 * the run, read them back, and restore the previous values when the run ends (also after Ctrl-C); they are
 * journaled first, so the next command restores them after a {@code kill -9} ({@link RestoreJournal}).
 */
public final class MysqlBindingProvider implements BindingProvider {
  /** The settings read back into the result, in this order. */
  static final List<String> FACT_SETTINGS = List.of("innodb_flush_log_at_trx_commit", "sync_binlog", "log_bin",
      "innodb_doublewrite");
  private static final Pattern HOST_PORT_DB = Pattern.compile("jdbc:(?:mysql|mariadb)://([^/:?,]+)(?::(\\d+))?/?([^?]*).*");

  @Override
  public String name() {
    return "mysql";
  }

  @Override
  public List<String> aliases() {
    return List.of("mariadb");
  }

  @Override
  public String description() {
    return "MySQL or MariaDB through Connector/J; profiles durable (innodb_flush_log_at_trx_commit=1, sync_binlog=1) "
        + "and fast (0, 0), global and restored";
  }

  @Override
  public List<PropertySpec> properties() {
    return MysqlKeys.ALL;
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    String url = s.getTrimmed(JdbcKeys.effective(s, MysqlKeys.URL, JdbcKeys.URL));
    Matcher m = HOST_PORT_DB.matcher(url);
    if (!m.matches()) {
      throw new ConfigException("mysql.url: must be a URL such as jdbc:mysql://127.0.0.1:3306/ycsb, got '" + url + "'");
    }
    String host = m.group(1);
    int port = m.group(2) == null ? 3306 : Integer.parseInt(m.group(2));
    String server = host + ":" + port + "/" + m.group(3);
    int batchSize = s.getInt(JdbcKeys.effective(s, MysqlKeys.BATCH_SIZE, JdbcKeys.BATCH_SIZE));
    int fetchSize = s.getInt(JdbcKeys.effective(s, MysqlKeys.FETCH_SIZE, JdbcKeys.FETCH_SIZE));
    boolean autoCommit = s.getBoolean(JdbcKeys.effective(s, MysqlKeys.AUTO_COMMIT, JdbcKeys.AUTO_COMMIT));
    Reconnect reconnect = Reconnect.from(name(), s, context.errors());
    Map<String, Long> globals = new LinkedHashMap<>();
    if (s.contains(MysqlKeys.FLUSH_LOG.key())) {
      globals.put("innodb_flush_log_at_trx_commit", (long) s.getInt(MysqlKeys.FLUSH_LOG));
    }
    if (s.contains(MysqlKeys.SYNC_BINLOG.key())) {
      globals.put("sync_binlog", s.getLong(MysqlKeys.SYNC_BINLOG));
    }
    boolean strict = s.getBoolean(MysqlKeys.PROFILE_STRICT);

    Properties props = new Properties();
    props.setProperty("user", s.getTrimmed(JdbcKeys.effective(s, MysqlKeys.USER, JdbcKeys.USER)));
    String password = s.getString(JdbcKeys.effective(s, MysqlKeys.PASSWORD, JdbcKeys.PASSWORD));
    if (password != null && !password.isEmpty()) {
      props.setProperty("password", password);
    }
    props.setProperty("useServerPrepStmts", "true");
    props.setProperty("cachePrepStmts", "true");
    props.setProperty("rewriteBatchedStatements", Boolean.toString(batchSize > 1));
    if (fetchSize > 0) {
      props.setProperty("useCursorFetch", "true");
    }
    NetworkTimeouts timeouts = MysqlKeys.TIMEOUTS.read(s);
    TimedConnections.putUnlessInUrl(props, url, "connectTimeout",
        Integer.toString(NetworkTimeouts.millis(timeouts.connect())));
    // Connector/J bounds its handshake reads with socketTimeout only: the login timeout while connecting
    Duration handshake = timeouts.login().isZero() ? timeouts.socket() : timeouts.login();
    boolean ownSocketTimeout = TimedConnections.putUnlessInUrl(props, url, "socketTimeout",
        Integer.toString(NetworkTimeouts.millis(handshake)));
    boolean switchAfterLogin = ownSocketTimeout && !handshake.equals(timeouts.socket());
    ConnectionSource connect = () -> DriverManager.getConnection(url, props);
    ConnectionSource source = TimedConnections.reportingTimeouts(switchAfterLogin
        ? TimedConnections.withSocketTimeout(connect, timeouts.socket()) : connect, server, timeouts, url,
        Map.of(NetworkTimeouts.Kind.CONNECT, "connectTimeout",
        NetworkTimeouts.Kind.LOGIN, "socketTimeout"));

    Connection admin = null;
    GlobalSettings changed = null;
    List<String> warnings = new ArrayList<>();
    RestoreJournal journal = RestoreJournal.forServer(s, name(), "GLOBAL", host, port);
    RestoreJournal.Recovery recovery = new RestoreJournal.Recovery(List.of(), List.of());
    // a journal left by a killed run is restored before anything else, with or without a profile
    if (!globals.isEmpty() || Files.exists(journal.path())) {
      try {
        admin = source.open();
      } catch (SQLException e) {
        throw SqlFailures.connectFailure(name(), server, e);
      }
      try {
        Connection c = admin;
        String serverId = GlobalSettings.serverId(c);
        recovery = journal.recover(serverId, (n, v) -> GlobalSettings.setGlobal(c, n, v));
        warnings.addAll(recovery.warnings());
        if (!globals.isEmpty()) {
          changed = new GlobalSettings(admin, journal, serverId);
          changed.journal(globals.keySet());
        }
      } catch (SQLException e) {
        close(admin);
        throw SqlFailures.failure(name(), "reading the server's identity and GLOBAL settings", e);
      } catch (ConfigException | BindingException e) {
        close(admin);
        throw e;
      }
    }
    if (changed != null) {
      for (Map.Entry<String, Long> g : globals.entrySet()) {
        try {
          changed.set(g.getKey(), g.getValue());
        } catch (SQLException e) {
          String inForce = inForce(admin, g.getKey());
          if (strict) {
            changed.restore();
            close(admin);
            throw new BindingException("mysql: cannot SET GLOBAL " + g.getKey() + " = " + g.getValue() + " for profile "
                + context.profile() + " (" + e.getMessage() + "); " + g.getKey() + " stays " + inForce
                + "; grant SUPER (MariaDB) or SYSTEM_VARIABLES_ADMIN (MySQL 8+), or add -p profile.strict=false", e);
          }
          warnings.add("mysql: could not set GLOBAL " + g.getKey() + " = " + g.getValue() + "; " + inForce
              + " is in force for this run");
        }
      }
    }
    SqlStore store;
    List<RestoredSetting> restored = recovery.restored();
    try {
      store = SqlStore.open(new SqlStore.Spec(name(), server, source, UserTable.of(s.toProperties()),
          "VARCHAR(255)", "TEXT", s.getBoolean(MysqlKeys.CREATE_TABLE), s.getBoolean(JdbcKeys.DROP_TABLE),
          context.phase(), batchSize, fetchSize, autoCommit, ServerLocation.ofHost(host,
              ServerLocation.port(m.group(2) == null ? "3306" : m.group(2)), "mariadbd", "mysqld")),
          reconnect, c -> facts(c, context.profile(), warnings, restored));
    } catch (BindingException e) {
      if (changed != null) {
        changed.restore();
      }
      close(admin);
      throw e;
    }
    return new RestoringBinding(store, changed, admin);
  }

  private static String inForce(Connection c, String name) {
    try {
      return GlobalSettings.read(c, name);
    } catch (SQLException e) {
      return "unknown";
    }
  }

  private static void close(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // nothing more to release
      }
    }
  }

  static ServerFacts facts(Connection c, String profile, List<String> warnings, List<RestoredSetting> restored)
      throws SQLException {
    Map<String, String> settings = new LinkedHashMap<>();
    String version;
    try (Statement st = c.createStatement()) {
      try (ResultSet rs = st.executeQuery("SELECT VERSION()")) {
        rs.next();
        version = rs.getString(1);
      }
      for (String name : FACT_SETTINGS) {
        settings.put(name, GlobalSettings.read(c, name));
      }
    }
    String product = version.toLowerCase(java.util.Locale.ROOT).contains("mariadb") ? "MariaDB" : "MySQL";
    return new ServerFacts(product, version, profile, settings, warnings, restored);
  }



  /** The opened store, which puts the global settings back when it closes. */
  private record RestoringBinding(SqlStore store, GlobalSettings changed, Connection admin) implements Binding {
    @Override
    public DB newDb() {
      return store.newDb();
    }

    @Override
    public ServerLocation serverLocation() {
      return store.serverLocation();
    }

    @Override
    public ServerFacts serverFacts() {
      return store.serverFacts();
    }

    @Override
    public void close() {
      store.close();
      if (changed != null) {
        changed.restore();
      }
      MysqlBindingProvider.close(admin);
    }
  }
}
