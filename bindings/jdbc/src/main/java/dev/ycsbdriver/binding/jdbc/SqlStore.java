package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.support.ConnectionMode;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.DB;

/**
 * An SQL store opened for one run: the start-up checks every SQL binding shares (connect once, drop
 * and create the table when asked, check the table is there, read the server facts), then one
 * {@link JdbcDb} per client thread.
 *
 * <p>The check connection stays open until {@link #close()}: an embedded database (H2) lives as long as
 * a connection to it does. With {@code <binding>.connections=shared} or {@code pool} the store also holds the
 * connections the client threads borrow ({@link SessionPool}), opened here and closed by {@link #close()}.
 * Thread-safe: {@link #newDb()} may be called from several threads.
 */
public final class SqlStore implements Binding {
  /**
   * What to open and how.
   *
   * @param binding the binding's name, subject of every message
   * @param server where it connects, for messages, e.g. {@code 127.0.0.1:5432}; never a password
   * @param source opens a connection with the session settings applied
   * @param table the table and its fields
   * @param keyType SQL type of the key column when creating the table
   * @param fieldType SQL type of the field columns when creating the table
   * @param createTable create the table when it does not exist, in the load phase
   * @param dropTable drop the table first, when it has the columns of a YCSB table ({@link UserTable#foreignColumns})
   * @param dropForeignTable with {@code dropTable}, drop the table whatever its columns ({@code droptable.force})
   * @param phase load or run, for the hint when the table is missing
   * @param batchSize inserts per batch, 0 or 1 for none
   * @param fetchSize rows per scan round trip, 0 for the driver's default
   * @param autoCommit whether statements commit themselves
   * @param location where the server runs, for CPU sampling
   * @param errors how the store says what went wrong (its module's {@link SqlErrors})
   * @param connections how client threads get their connections ({@link ConnectionMode#from})
   */
  public record Spec(String binding, String server, ConnectionSource source, UserTable table, String keyType,
                     String fieldType, boolean createTable, boolean dropTable, boolean dropForeignTable,
                     Phase phase, int batchSize,
                     int fetchSize, boolean autoCommit, ServerLocation location, SqlErrors errors,
                     ConnectionMode connections) {
  }

  /** Reads the server's version and effective settings on the check connection. */
  @FunctionalInterface
  public interface FactsReader {
    /**
     * @return the facts to put in the result
     * @throws SQLException when a setting cannot be read
     */
    ServerFacts read(Connection connection) throws SQLException;
  }

  private final Spec spec;
  private final Reconnect reconnect;
  private final Connection check;
  private final ServerFacts facts;
  /** The connections client threads borrow; null when each keeps its own. */
  private final SessionPool pool;

  private SqlStore(Spec spec, Reconnect reconnect, Connection check, ServerFacts facts, SessionPool pool) {
    this.spec = spec;
    this.reconnect = reconnect;
    this.check = check;
    this.facts = facts;
    this.pool = pool;
  }

  /**
   * @param spec what to open
   * @param reconnect how client threads get a new connection after theirs broke, and where they report errors
   * @param factsReader reads the server facts on the check connection
   * @return the opened store
   * @throws ConfigException when {@code droptable} would drop a table that is not shaped like a YCSB table
   *     (exit code 2)
   * @throws BindingException when the store is unreachable, refuses the credentials, the table is
   *     missing and not to be created, or a statement of the set-up fails (exit code 3)
   */
  public static SqlStore open(Spec spec, Reconnect reconnect, FactsReader factsReader)
      throws ConfigException, BindingException {
    Connection c;
    try {
      c = spec.source().open();
    } catch (SQLException e) {
      throw SqlFailures.connectFailure(spec.binding(), spec.server(), e, spec.errors());
    }
    try {
      c.setAutoCommit(true);
      prepareTable(spec, c);
      ServerFacts facts;
      try {
        facts = factsReader.read(c).withSetting("connections", spec.connections().describe());
        if (!spec.table().readsThroughKeyIndex()) {
          facts = facts.withSetting("reads", "without an index: every read reads the whole table");
        }
      } catch (SQLException e) {
        throw SqlFailures.failure(spec.binding(), "reading the server's settings", e, spec.errors());
      }
      return new SqlStore(spec, reconnect, c, facts, pool(spec, reconnect, c.isReadOnly()));
    } catch (ConfigException | BindingException | SQLException | RuntimeException e) {
      closeQuietly(c);
      if (e instanceof SQLException sql) {
        throw SqlFailures.failure(spec.binding(), "preparing the session", sql, spec.errors());
      }
      if (e instanceof BindingException be) {
        throw be;
      }
      if (e instanceof ConfigException ce) {
        throw ce;
      }
      throw (RuntimeException) e;
    }
  }

  /**
   * @param readOnly whether the store's connections open read-only (the pool keeps them so)
   * @return the connections client threads borrow, opened, or null when each keeps its own
   * @throws BindingException when the pool cannot open its connections (exit code 3)
   */
  private static SessionPool pool(Spec spec, Reconnect reconnect, boolean readOnly) throws BindingException {
    ConnectionMode mode = spec.connections();
    return switch (mode.kind()) {
      case THREAD -> null;
      case SHARED -> new SharedSession(spec.source(), spec.table(), spec.fetchSize(), spec.autoCommit(),
          mode.poolTimeout(), reconnect);
      case POOL -> {
        try {
          yield new PooledSessions(spec.binding(), spec.source(), mode, spec.table(), spec.fetchSize(),
              spec.autoCommit(), readOnly);
        } catch (SQLException e) {
          throw SqlFailures.connectFailure(spec.binding(), spec.server(), e, spec.errors());
        }
      }
    };
  }

  private static void prepareTable(Spec spec, Connection c) throws ConfigException, BindingException {
    String name = spec.table().name();
    try (Statement s = c.createStatement()) {
      if (spec.dropTable()) {
        if (!spec.dropForeignTable() && exists(c, name, spec.errors())) {
          refuseForeign(spec, columns(c, name));
        }
        s.execute(spec.table().dropSql());
      }
      // only the load phase creates: an empty table made for a run would only turn its reads into NOT_FOUND
      if (spec.phase() == Phase.LOAD && spec.createTable() && !exists(c, name, spec.errors())) {
        s.execute(spec.table().createSql(spec.keyType(), spec.fieldType()));
      }
    } catch (SQLException e) {
      throw SqlFailures.failure(spec.binding(), "preparing table " + name, e, spec.errors());
    }
    try {
      if (!exists(c, name, spec.errors())) {
        String hint = spec.phase() == Phase.LOAD
            ? "add -p createtable=true to create it"
            : "load the records first: bin/ycsb load " + spec.binding() + " -P <workload> -p createtable=true";
        throw new BindingException(spec.binding() + ": table " + name + " does not exist; " + hint);
      }
    } catch (SQLException e) {
      throw SqlFailures.failure(spec.binding(), "checking table " + name, e, spec.errors());
    }
  }

  /**
   * @throws ConfigException when the table's columns are not those of a YCSB table: it holds someone else's data
   */
  private static void refuseForeign(Spec spec, List<String> columns) throws ConfigException {
    String differs = spec.table().foreignColumns(columns);
    if (differs != null) {
      throw new ConfigException("droptable: table " + spec.table().name() + " is not a YCSB table (" + differs
          + "), so it is not dropped; check table=, or add -p droptable.force=true to drop it anyway");
    }
  }

  /** @return the table's column names, as the store reports them */
  private static List<String> columns(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
      ResultSetMetaData meta = rs.getMetaData();
      List<String> columns = new ArrayList<>();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        columns.add(meta.getColumnName(i));
      }
      return columns;
    }
  }

  private static boolean exists(Connection c, String table, SqlErrors errors) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.executeQuery("SELECT 1 FROM " + table + " WHERE 1 = 0").close();
      return true;
    } catch (SQLException e) {
      if (errors.isUndefinedTable(e) || !listed(c, table)) {
        return false;
      }
      throw e;
    }
  }

  /**
   * Whether the catalog lists the table, in the case given, upper or lower case (stores fold unquoted names
   * differently): the store-independent answer when the store's own codes did not say "undefined table", as
   * for the generic binding against a store whose module is not on the classpath.
   *
   * @throws SQLException when the catalog cannot be read
   */
  private static boolean listed(Connection c, String table) throws SQLException {
    if (!c.getAutoCommit()) {
      c.rollback();
    }
    java.sql.DatabaseMetaData meta = c.getMetaData();
    for (String name : new String[] {table, table.toUpperCase(java.util.Locale.ROOT), table.toLowerCase(java.util.Locale.ROOT)}) {
      try (java.sql.ResultSet rs = meta.getTables(null, null, name, new String[] {"TABLE"})) {
        if (rs.next()) {
          return true;
        }
      }
    }
    return false;
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException ignored) {
      // already failing; the first error is the one to report
    }
  }

  @Override
  public DB newDb() {
    return new JdbcDb(spec.source(), pool, spec.table(), spec.batchSize(), spec.fetchSize(), spec.autoCommit(),
        reconnect, spec.errors());
  }

  @Override
  public ServerLocation serverLocation() {
    return spec.location();
  }

  @Override
  public ServerFacts serverFacts() {
    return facts;
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.close();
    }
    closeQuietly(check);
  }
}
