package dev.ycsbdriver.binding.sqlite;

import dev.ycsbdriver.spi.support.ConnectionMode;
import dev.ycsbdriver.binding.jdbc.ConnectionSource;
import dev.ycsbdriver.binding.jdbc.JdbcKeys;
import dev.ycsbdriver.binding.jdbc.Reconnect;
import dev.ycsbdriver.binding.jdbc.SqlStore;
import dev.ycsbdriver.binding.jdbc.UserTable;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.support.HeadedFiles;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import dev.ycsbdriver.spi.support.StoreDirectory;
import dev.ycsbdriver.spi.StoreFiles;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.sqlite.SQLiteConfig;

/**
 * The {@code sqlite} binding: an SQLite file database ({@code <sqlite.dir>/ycsb.db}) in the driver's
 * process, WAL journal, one connection per client thread with a busy timeout so that many threads wait
 * for the single writer instead of failing with {@code SQLITE_BUSY}. Durability is the connection's
 * {@code synchronous} pragma, set by the profiles and read back.
 */
public final class SqliteBindingProvider implements BindingProvider {
  /**
   * A directory of SQLite files: a database file starting with the 16 bytes {@code SQLite format 3\0} whatever
   * its name (sqlite.org, "Database File Format", 1.3), its {@code -wal}, {@code -shm} and {@code -journal} files,
   * and an empty {@code <name>.db} of one dot (so not H2's {@code ycsb.mv.db}), which SQLite takes for a new
   * database.
   */
  static final StoreFiles FILES = new HeadedFiles("SQLite", "a directory of SQLite files (ycsb.db)",
      "SQLite format 3\0", Pattern.compile(".+-(wal|shm|journal)"), Pattern.compile("[^.]+\\.db"));

  static final PropertySpec DIR = PropertySpec.optional("sqlite.dir", "",
      "directory of the database file ycsb.db; default <result.dir>/sqlite");
  static final PropertySpec SYNCHRONOUS = PropertySpec.optional("sqlite.synchronous", "",
      "PRAGMA synchronous of every connection: off, normal, full or extra; SQLite's default is full; "
          + "set by the durable (full) and fast (off) profiles").choice("off", "normal", "full", "extra");
  static final PropertySpec JOURNAL_MODE = PropertySpec.of("sqlite.journal_mode", "wal", "",
      "PRAGMA journal_mode: wal (readers never wait for the writer), delete, truncate, persist, memory or off").choice("wal", "delete", "truncate", "persist", "memory", "off");
  static final PropertySpec BUSY_TIMEOUT = PropertySpec.of("sqlite.busy_timeout", "30000", "ms",
      "how long a connection waits for the write lock before an operation fails with SQLITE_BUSY").integer(0, Integer.MAX_VALUE);
  static final PropertySpec BATCH_SIZE = PropertySpec.of("sqlite.batchsize", "0", "inserts",
      "inserts sent as one batch in one transaction; 0 or 1 sends each insert on its own").integer(0, 1_000_000);
  static final PropertySpec CREATE_TABLE = JdbcKeys.createTable(true);
  static final PropertySpec READ_INDEX = JdbcKeys.readIndex("sqlite", UserTable.NoIndexHint.SQLITE);
  static final PropertySpec READ_ONLY = JdbcKeys.readOnly("sqlite", "SQLite's SQLITE_OPEN_READONLY");
  /** {@code PRAGMA synchronous} answers with a number. */
  private static final List<String> SYNCHRONOUS_NAMES = List.of("OFF", "NORMAL", "FULL", "EXTRA");

  @Override
  public String name() {
    return "sqlite";
  }

  @Override
  public String description() {
    return "SQLite file database in the driver's process, WAL; profiles durable (synchronous=FULL) and fast (OFF)";
  }

  @Override
  public List<PropertySpec> properties() {
    List<PropertySpec> all = new ArrayList<>(List.of(DIR, SYNCHRONOUS, JOURNAL_MODE, BUSY_TIMEOUT, BATCH_SIZE, CREATE_TABLE, JdbcKeys.DROP_TABLE,
        JdbcKeys.DROP_TABLE_FORCE,
        READ_ONLY, READ_INDEX));
    all.addAll(JdbcKeys.connectionModes(name()));
    return List.copyOf(all);
  }

  @Override
  public Optional<StoreFiles> storeFiles() {
    return Optional.of(FILES);
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    Path dir = StoreDirectory.claim(FILES, DIR.key(), name(), s.getTrimmed(DIR),
        context.resultDirectory());
    SQLiteConfig config = new SQLiteConfig();
    config.setJournalMode(SQLiteConfig.JournalMode.valueOf(
        s.getChoice(JOURNAL_MODE).toUpperCase(Locale.ROOT)));
    config.setBusyTimeout(s.getInt(BUSY_TIMEOUT));
    config.setReadOnly(JdbcKeys.readOnly(s, READ_ONLY, context.phase()));
    if (s.contains(SYNCHRONOUS.key())) {
      config.setSynchronous(SQLiteConfig.SynchronousMode.valueOf(
          s.getChoice(SYNCHRONOUS).toUpperCase(Locale.ROOT)));
    }
    String url = "jdbc:sqlite:" + dir.resolve("ycsb.db");
    ConnectionSource source = () -> config.createConnection(url);
    SqlStore.Spec spec = new SqlStore.Spec(name(), dir.toString(), source, JdbcKeys.table(s, READ_INDEX, UserTable.NoIndexHint.SQLITE),
        "VARCHAR(255)", "TEXT", s.getBoolean(CREATE_TABLE), s.getBoolean(JdbcKeys.DROP_TABLE),
        s.getBoolean(JdbcKeys.DROP_TABLE_FORCE), context.phase(),
        s.getInt(BATCH_SIZE), 0, true, ServerLocation.embedded(), SqliteErrors.INSTANCE,
        ConnectionMode.from(name(), s, s.getInt(BATCH_SIZE), context.phase()));
    return SqlStore.open(spec, Reconnect.embedded(name(), context.errors()), c -> facts(c, context.profile(), dir));
  }

  private static ServerFacts facts(Connection c, String profile, Path dir) throws SQLException {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("database", dir.resolve("ycsb.db").toString());
    String version;
    try (Statement st = c.createStatement()) {
      version = pragma(st, "SELECT sqlite_version()");
      settings.put("journal_mode", pragma(st, "PRAGMA journal_mode"));
      String sync = pragma(st, "PRAGMA synchronous");
      int level = Integer.parseInt(sync);
      settings.put("synchronous", level >= 0 && level < SYNCHRONOUS_NAMES.size() ? SYNCHRONOUS_NAMES.get(level) : sync);
      settings.put("busy_timeout", pragma(st, "PRAGMA busy_timeout"));
    }
    settings.put("read_only", Boolean.toString(c.isReadOnly()));
    return new ServerFacts("SQLite", version, profile, settings, List.of());
  }

  private static String pragma(Statement st, String sql) throws SQLException {
    try (ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
