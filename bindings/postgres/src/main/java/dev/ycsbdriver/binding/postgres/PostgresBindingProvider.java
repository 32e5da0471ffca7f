package dev.ycsbdriver.binding.postgres;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.support.ConnectionMode;
import dev.ycsbdriver.binding.jdbc.ConnectionSource;
import dev.ycsbdriver.binding.jdbc.JdbcKeys;
import dev.ycsbdriver.binding.jdbc.Reconnect;
import dev.ycsbdriver.binding.jdbc.RestoringStore;
import dev.ycsbdriver.binding.jdbc.ServerSettings;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.postgresql.Driver;

/**
 * The {@code postgres} binding: PostgreSQL through pgjdbc, one connection per client thread, prepared
 * statements (server-side after pgjdbc's {@code prepareThreshold}, 5 executions), optional batched
 * inserts, {@code synchronous_commit} set on every session by the durability profile, and server settings
 * ({@code postgres.system.*}) set with {@code ALTER SYSTEM} for the run, journaled first and restored when it
 * ends or, after a {@code kill -9}, by the next command ({@link RestoreJournal}); all read back.
 */
public final class PostgresBindingProvider implements BindingProvider {
  /** The settings read back into the result, in this order. */
  static final List<String> FACT_SETTINGS = List.of("synchronous_commit", "fsync", "wal_level", "commit_delay",
      "commit_siblings", "full_page_writes", "wal_writer_delay");

  @Override
  public String name() {
    return "postgres";
  }

  @Override
  public List<String> aliases() {
    return List.of("postgresql");
  }

  @Override
  public String description() {
    return "PostgreSQL through pgjdbc; profiles durable (synchronous_commit=on) and fast (off), seed004-durable and "
        + "seed004-fast (server-wide, ALTER SYSTEM, restored)";
  }

  @Override
  public List<PropertySpec> properties() {
    return PostgresKeys.ALL;
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    // pgjdbc reads no user:password@ (it would take them for the host): they travel as properties instead
    UrlCredentials credentials = UrlCredentials.split(s.getTrimmed(JdbcKeys.effective(s, PostgresKeys.URL,
        JdbcKeys.URL)));
    String url = credentials.url();
    Properties parsed = Driver.parseURL(url, null);
    if (parsed == null) {
      throw new ConfigException("postgres.url: must be a pgjdbc URL such as jdbc:postgresql://127.0.0.1:5432/ycsb, got '"
          + Secrets.maskText(url) + "'");
    }
    try {
      // the driver's own checks of the URL's enumerated options, which it otherwise makes only while connecting
      org.postgresql.jdbc.SslMode.of(parsed);
      org.postgresql.jdbc.GSSEncMode.of(parsed);
    } catch (org.postgresql.util.PSQLException e) {
      throw new ConfigException("postgres.url: " + Secrets.maskText(e.getMessage() + ", in '"
          + url + "'") + "; see pgjdbc's documentation of the connection parameters", e);
    }
    String host = parsed.getProperty("PGHOST", "localhost");
    String server = host + ":" + parsed.getProperty("PGPORT", "5432") + "/" + parsed.getProperty("PGDBNAME", "");
    int batchSize = s.getInt(JdbcKeys.effective(s, PostgresKeys.BATCH_SIZE, JdbcKeys.BATCH_SIZE));
    String synchronousCommit = s.contains(PostgresKeys.SYNCHRONOUS_COMMIT.key())
        ? s.getChoice(PostgresKeys.SYNCHRONOUS_COMMIT) : null;
    boolean autoCommit = s.getBoolean(JdbcKeys.effective(s, PostgresKeys.AUTO_COMMIT, JdbcKeys.AUTO_COMMIT));
    Reconnect reconnect = Reconnect.from(name(), s, context.errors());
    ConnectionMode connections = ConnectionMode.from(name(), s, batchSize, context.phase());

    Properties connectionProps = new Properties();
    credentials.putInto(connectionProps, s.getTrimmed(JdbcKeys.effective(s, PostgresKeys.USER, JdbcKeys.USER)),
        s.getString(JdbcKeys.effective(s, PostgresKeys.PASSWORD, JdbcKeys.PASSWORD)));
    connectionProps.setProperty("ApplicationName", "ycsb-driver");
    connectionProps.setProperty("reWriteBatchedInserts", Boolean.toString(batchSize > 1));
    NetworkTimeouts timeouts = PostgresKeys.TIMEOUTS.read(s);
    TimedConnections.putUnlessInUrl(connectionProps, url, "connectTimeout",
        Integer.toString(NetworkTimeouts.ceilSeconds(timeouts.connect())));
    TimedConnections.putUnlessInUrl(connectionProps, url, "loginTimeout",
        Integer.toString(NetworkTimeouts.ceilSeconds(timeouts.login())));
    TimedConnections.putUnlessInUrl(connectionProps, url, "socketTimeout",
        Integer.toString(NetworkTimeouts.ceilSeconds(timeouts.socket())));
    ConnectionSource source = TimedConnections.reportingTimeouts(() -> {
      Connection c = DriverManager.getConnection(url, connectionProps);
      if (synchronousCommit != null) {
        try (Statement st = c.createStatement()) {
          // validated against the fixed list above, so it is safe to put in the statement
          st.execute("SET synchronous_commit TO " + synchronousCommit);
        } catch (SQLException e) {
          c.close();
          throw e;
        }
      }
      return c;
    }, server, timeouts, url,
        Map.of(NetworkTimeouts.Kind.CONNECT, "connectTimeout",
        NetworkTimeouts.Kind.LOGIN, "loginTimeout"));
    Map<String, String> system = PostgresKeys.system(s);
    RestoreJournal journal = RestoreJournal.forServer(s, name(), "ALTER SYSTEM", host,
        ServerLocation.port(parsed.getProperty("PGPORT", "5432")));
    // a journal left by a killed run is restored before anything else, with or without a profile
    ServerSettings changed = ServerSettings.open(new ServerSettings.Request(name(), server, context.profile(), source,
        journal, new SystemSettings(s.getDuration(PostgresKeys.RELOAD_TIMEOUT)), system,
        s.getBoolean(JdbcKeys.PROFILE_STRICT), context.errors()));
    SqlStore.Spec spec = new SqlStore.Spec(name(), server, source, UserTable.of(s),
        "VARCHAR(255)", "TEXT", s.getBoolean(PostgresKeys.CREATE_TABLE), s.getBoolean(JdbcKeys.DROP_TABLE), s.getBoolean(JdbcKeys.DROP_TABLE_FORCE),
        context.phase(), batchSize, s.getInt(JdbcKeys.effective(s, PostgresKeys.FETCH_SIZE, JdbcKeys.FETCH_SIZE)), autoCommit,
        ServerLocation.ofHost(host, ServerLocation.port(parsed.getProperty("PGPORT", "5432")), "postgres"), PostgresErrors.INSTANCE,
        connections);
    boolean claimsNoLoss = "no-loss".equalsIgnoreCase(s.getChoice(RunConfig.DURABILITY_CLAIM));
    return RestoringStore.open(spec, reconnect, c -> facts(c, context.profile(), claimsNoLoss, changed.warnings(),
        changed.restored()), changed);
  }

  /**
   * @param claimsNoLoss whether the profile claims that a crash of the server loses no acknowledged commit
   *     ({@code durability.claim} {@code no-loss}), which {@code synchronous_commit=off} contradicts
   */
  static ServerFacts facts(Connection c, String profile, boolean claimsNoLoss, List<Warning> changeWarnings,
                           List<RestoredSetting> restored) throws SQLException {
    Map<String, String> settings = new LinkedHashMap<>();
    String version;
    try (Statement st = c.createStatement()) {
      version = show(st, "server_version");
      for (String name : FACT_SETTINGS) {
        settings.put(name, show(st, name));
      }
    }
    List<Warning> warnings = new ArrayList<>(changeWarnings);
    if ("off".equals(settings.get("fsync"))) {
      warnings.add(new Warning(Warning.Code.NOT_DURABLE,
          "postgres: fsync is off on the server: no commit survives a power loss, whatever the profile"));
    }
    if (claimsNoLoss && "off".equals(settings.get("synchronous_commit"))) {
      warnings.add(new Warning(Warning.Code.NOT_DURABLE, "postgres: durability.claim=no-loss, but synchronous_commit "
          + "is off: a crash of the server loses the commits of the last 3 x wal_writer_delay"));
    }
    return new ServerFacts("PostgreSQL", version, profile, settings, warnings, restored);
  }

  private static String show(Statement st, String name) throws SQLException {
    try (ResultSet rs = st.executeQuery("SHOW " + name)) {
      rs.next();
      return rs.getString(1);
    }
  }


}
