package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.spi.support.ConnectionMode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The {@code jdbc} binding: any JDBC database, configured with upstream YCSB's keys ({@code db.driver},
 * {@code db.url}, {@code db.user}, {@code db.passwd}, {@code db.batchsize}, {@code jdbc.fetchsize},
 * {@code jdbc.autocommit}). It does not know the server's process, so the server's CPU needs
 * {@code cpu.server.process} or {@code cpu.server.pid}.
 */
public final class GenericJdbcProvider implements BindingProvider {
  private static final PropertySpec CREATE_TABLE = JdbcKeys.createTable(false);

  @Override
  public String name() {
    return "jdbc";
  }

  @Override
  public String description() {
    return "any JDBC database, with upstream YCSB's db.* keys (put the JDBC driver's jar on -cp)";
  }

  @Override
  public List<PropertySpec> properties() {
    List<PropertySpec> all = new ArrayList<>(List.of(JdbcKeys.URL, JdbcKeys.USER, JdbcKeys.PASSWORD, JdbcKeys.DRIVER,
        JdbcKeys.BATCH_SIZE, JdbcKeys.FETCH_SIZE, JdbcKeys.AUTO_COMMIT, CREATE_TABLE, JdbcKeys.DROP_TABLE, JdbcKeys.DROP_TABLE_FORCE));
    all.addAll(JdbcKeys.TIMEOUTS.all());
    all.addAll(Reconnect.keys(name()));
    all.addAll(JdbcKeys.connectionModes(name()));
    return List.copyOf(all);
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    String given = s.getTrimmed(JdbcKeys.URL);
    if (given == null || given.isEmpty()) {
      throw new ConfigException("db.url: a JDBC URL is required, e.g. -p db.url=jdbc:postgresql://127.0.0.1:5432/ycsb");
    }
    // user:password@ travel as properties: not every driver reads them from the URL (pgjdbc takes them for the host)
    UrlCredentials credentials = UrlCredentials.split(given);
    String url = credentials.url();
    String driver = s.getTrimmed(JdbcKeys.DRIVER);
    if (driver != null && !driver.isEmpty()) {
      try {
        Class.forName(driver);
      } catch (ClassNotFoundException e) {
        throw new ConfigException("db.driver: class " + driver + " not found; put the JDBC driver's jar on -cp");
      }
    }
    Reconnect reconnect = Reconnect.from(name(), s, context.errors());
    Properties login = new Properties();
    credentials.putInto(login, s.getTrimmed(JdbcKeys.USER), s.getString(JdbcKeys.PASSWORD));
    NetworkTimeouts timeouts = JdbcKeys.TIMEOUTS.read(s);
    // JDBC's only driver-independent login bound is global; this process runs one binding
    DriverManager.setLoginTimeout(NetworkTimeouts.ceilSeconds(timeouts.login()));
    String server = Secrets.maskText(url);
    ConnectionSource connect = () -> DriverManager.getConnection(url, login);
    ConnectionSource source = TimedConnections.reportingTimeouts(timeouts.socket().isZero() ? connect
        : TimedConnections.withSocketTimeout(connect, timeouts.socket()), server, timeouts, url,
        Map.of());
    SqlStore.Spec spec = new SqlStore.Spec(name(), server, source,
        UserTable.of(s), "VARCHAR(255)", "TEXT", s.getBoolean(CREATE_TABLE),
        s.getBoolean(JdbcKeys.DROP_TABLE), s.getBoolean(JdbcKeys.DROP_TABLE_FORCE), context.phase(), s.getInt(JdbcKeys.BATCH_SIZE),
        s.getInt(JdbcKeys.FETCH_SIZE), s.getBoolean(JdbcKeys.AUTO_COMMIT),
        ServerLocation.unknown("the jdbc binding cannot tell which processes are the server; "
            + "set cpu.server.process or cpu.server.pid"), SqlErrors.forUrl(url),
        ConnectionMode.from(name(), s, s.getInt(JdbcKeys.BATCH_SIZE), context.phase()));
    return SqlStore.open(spec, reconnect, c -> {
      DatabaseMetaData md = c.getMetaData();
      return new ServerFacts(md.getDatabaseProductName(), md.getDatabaseProductVersion(), context.profile(),
          Map.of(), List.of());
    });
  }
}
