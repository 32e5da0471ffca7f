package dev.ycsbdriver.binding.mysql;

import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.support.ConnectionMode;
import dev.ycsbdriver.binding.jdbc.ConnectionSource;
import dev.ycsbdriver.binding.jdbc.JdbcKeys;
import dev.ycsbdriver.binding.jdbc.Reconnect;
import dev.ycsbdriver.binding.jdbc.RestoringStore;
import dev.ycsbdriver.binding.jdbc.ServerSettings;
import dev.ycsbdriver.binding.jdbc.SqlErrors;
import dev.ycsbdriver.binding.jdbc.SqlStore;
import dev.ycsbdriver.binding.jdbc.TimedConnections;
import dev.ycsbdriver.binding.jdbc.UrlCredentials;
import dev.ycsbdriver.binding.jdbc.UserTable;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import dev.ycsbdriver.spi.support.RestoreJournal;
import dev.ycsbdriver.spi.RestoredSetting;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
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

/**
 * The {@code mysql} binding (alias {@code mariadb}): MySQL or MariaDB through Connector/J, one
 * connection per client thread, server-side prepared statements, optional batched inserts. The
 * durability profiles set the GLOBAL {@code innodb_flush_log_at_trx_commit} and {@code sync_binlog} for
 * the run, read them back, and restore the previous values when the run ends (also after Ctrl-C); they are
 * journaled first, so the next command restores them after a {@code kill -9} ({@link RestoreJournal}).
 */
public final class MysqlBindingProvider implements BindingProvider {
  /** The settings read back into the result, in this order. */
  static final List<String> FACT_SETTINGS = List.of("innodb_flush_log_at_trx_commit", "sync_binlog",
      "binlog_group_commit_sync_delay", "binlog_commit_wait_usec", "binlog_commit_wait_count", "log_bin",
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
        + "and fast (0, 0), seed004-durable and seed004-fast, global and restored";
  }

  @Override
  public List<PropertySpec> properties() {
    return MysqlKeys.ALL;
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    // user:password@ taken out first: the host is what follows them, and they are never shown
    UrlCredentials credentials = UrlCredentials.split(s.getTrimmed(JdbcKeys.effective(s, MysqlKeys.URL, JdbcKeys.URL)));
    String url = credentials.url();
    if (url.regionMatches(true, 0, "jdbc:mariadb:", 0, "jdbc:mariadb:".length())) {
      // Connector/J registers jdbc:mysql: only; it speaks to MariaDB under that scheme
      throw new ConfigException("mysql.url: must start with jdbc:mysql: (the binding connects through MySQL "
          + "Connector/J, to MySQL and MariaDB alike), got '" + Secrets.maskText(url)
          + "'; write 'jdbc:mysql:" + Secrets.maskText(url.substring("jdbc:mariadb:".length())) + "'");
    }
    Matcher m = HOST_PORT_DB.matcher(url);
    if (!m.matches()) {
      throw new ConfigException("mysql.url: must be a URL such as jdbc:mysql://127.0.0.1:3306/ycsb, got '"
          + Secrets.maskText(url) + "'");
    }
    String host = m.group(1);
    int port = m.group(2) == null ? 3306 : Integer.parseInt(m.group(2));
    String server = host + ":" + port + "/" + m.group(3);
    int batchSize = s.getInt(JdbcKeys.effective(s, MysqlKeys.BATCH_SIZE, JdbcKeys.BATCH_SIZE));
    int fetchSize = s.getInt(JdbcKeys.effective(s, MysqlKeys.FETCH_SIZE, JdbcKeys.FETCH_SIZE));
    boolean autoCommit = s.getBoolean(JdbcKeys.effective(s, MysqlKeys.AUTO_COMMIT, JdbcKeys.AUTO_COMMIT));
    Reconnect reconnect = Reconnect.from(name(), s, context.errors());
    Map<String, String> globals = new LinkedHashMap<>();
    for (PropertySpec spec : List.of(MysqlKeys.FLUSH_LOG, MysqlKeys.SYNC_BINLOG, MysqlKeys.GROUP_COMMIT_DELAY,
        MysqlKeys.COMMIT_WAIT_USEC, MysqlKeys.COMMIT_WAIT_COUNT)) {
      if (s.contains(spec.key())) {
        globals.put(spec.key().substring("mysql.".length()), Long.toString(s.getLong(spec)));
      }
    }
    boolean strict = s.getBoolean(JdbcKeys.PROFILE_STRICT);

    Properties props = new Properties();
    // Connector/J lets these properties override the URL's own user= and password=, so they are put only when
    // the URL has none
    credentials.putInto(props, s.getTrimmed(JdbcKeys.effective(s, MysqlKeys.USER, JdbcKeys.USER)),
        s.getString(JdbcKeys.effective(s, MysqlKeys.PASSWORD, JdbcKeys.PASSWORD)));
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

    RestoreJournal journal = RestoreJournal.forServer(s, name(), "GLOBAL", host, port);
    // a journal left by a killed run is restored before anything else, with or without a profile
    ServerSettings changed = ServerSettings.open(new ServerSettings.Request(name(), server, context.profile(), source,
        journal, new GlobalSettings(globals.keySet()), globals, strict, context.errors()));
    boolean binlogAsked = globals.containsKey("sync_binlog") || globals.containsKey(GlobalSettings.MYSQL_DELAY)
        || globals.containsKey(GlobalSettings.MARIADB_DELAY);
    return RestoringStore.open(new SqlStore.Spec(name(), server, source, UserTable.of(s),
        "VARCHAR(255)", "TEXT", s.getBoolean(MysqlKeys.CREATE_TABLE), s.getBoolean(JdbcKeys.DROP_TABLE),
        s.getBoolean(JdbcKeys.DROP_TABLE_FORCE),
        context.phase(), batchSize, fetchSize, autoCommit, ServerLocation.ofHost(host,
            ServerLocation.port(m.group(2) == null ? "3306" : m.group(2)), "mariadbd", "mysqld"), SqlErrors.STANDARD,
        ConnectionMode.from(name(), s, batchSize, context.phase())),
        reconnect, c -> facts(c, context.profile(), changed.warnings(), changed.restored(), binlogAsked), changed);
  }

  static ServerFacts facts(Connection c, String profile, List<Warning> changeWarnings, List<RestoredSetting> restored,
                           boolean binlogAsked) throws SQLException {
    Map<String, String> settings = new LinkedHashMap<>();
    List<Warning> warnings = new ArrayList<>(changeWarnings);
    String version;
    try (Statement st = c.createStatement()) {
      try (ResultSet rs = st.executeQuery("SELECT VERSION()")) {
        rs.next();
        version = rs.getString(1);
      }
      for (String name : FACT_SETTINGS) {
        settings.put(name, GlobalSettings.readOrAbsent(c, name));
      }
    }
    String logBin = settings.get("log_bin");
    if (binlogAsked && ("0".equals(logBin) || "OFF".equalsIgnoreCase(logBin))) {
      warnings.add(new Warning(Warning.Code.SETTING_NOT_APPLIED,
          "mysql: log_bin is OFF: the server writes no binary log, so sync_binlog and the group-commit "
          + "delay (binlog_group_commit_sync_delay, MariaDB's binlog_commit_wait_usec) change nothing on it; the "
          + "binary log is a startup option (--log-bin), which scripts/services/mariadb.sh gives a server it starts"));
    }
    String product = version.toLowerCase(java.util.Locale.ROOT).contains("mariadb") ? "MariaDB" : "MySQL";
    return new ServerFacts(product, version, profile, settings, warnings, restored);
  }
}
