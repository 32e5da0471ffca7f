package dev.ycsbdriver.binding.h2;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.result.model.Warning;
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
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code h2} binding: an embedded H2 2.x file database ({@code <h2.dir>/ycsb.mv.db}) in the driver's
 * process, one connection per client thread, the same SQL as the other SQL bindings. The table is
 * created when missing unless {@code createtable=false}, so {@code load h2} works with nothing else.
 *
 * <p>Durability is H2's {@code WRITE_DELAY}: with 0 every commit is written to the database file
 * before the operation returns (it survives a crash of the driver, but H2 does not fsync per commit, so
 * not a power loss); with the default 500 ms, commits are written by a background thread up to that
 * long after they return.
 */
public final class H2BindingProvider implements BindingProvider {
  /**
   * A directory of H2 2.x files: a database file starting with {@code H:2,} (its MVStore header) whatever its
   * name, its {@code *.trace.db}, {@code *.lock.db}, {@code *.temp.db} and {@code *.mv.db.tempFile} files, and an
   * empty {@code *.mv.db}, which H2 takes for a new database.
   */
  static final StoreFiles FILES = new HeadedFiles("H2", "a directory of H2 files (ycsb.mv.db)", "H:2,",
      Pattern.compile(".+\\.(trace|lock|temp)\\.db|.+\\.mv\\.db\\.tempFile"), Pattern.compile(".+\\.mv\\.db"));

  static final PropertySpec DIR = PropertySpec.optional("h2.dir", "",
      "directory of the database file ycsb.mv.db; default <result.dir>/h2");
  static final PropertySpec WRITE_DELAY = PropertySpec.optional("h2.write_delay", "ms",
      "H2 WRITE_DELAY: longest time a commit waits to be written to the file; 0 writes each commit before it returns; "
          + "H2's default is 500; set by the durable (0) and fast (500) profiles").integer(0, 3_600_000);
  static final PropertySpec BATCH_SIZE = PropertySpec.of("h2.batchsize", "0", "inserts",
      "inserts sent as one batch; 0 or 1 sends each insert on its own").integer(0, 1_000_000);
  static final PropertySpec LOCK_TIMEOUT = PropertySpec.of("h2.lock_timeout", "10000", "ms",
      "how long an operation waits for a row another thread has locked before it fails").integer(0, 3_600_000);
  static final PropertySpec CREATE_TABLE = JdbcKeys.createTable(true);
  static final PropertySpec READ_INDEX = JdbcKeys.readIndex("h2", UserTable.NoIndexHint.H2);
  static final PropertySpec READ_ONLY = JdbcKeys.readOnly("h2", "H2's ACCESS_MODE_DATA=r");

  @Override
  public String name() {
    return "h2";
  }

  @Override
  public String description() {
    return "embedded H2 file database in the driver's process; profiles durable (WRITE_DELAY=0) and fast (500 ms)";
  }

  @Override
  public List<PropertySpec> properties() {
    List<PropertySpec> all = new ArrayList<>(List.of(DIR, WRITE_DELAY, BATCH_SIZE, LOCK_TIMEOUT, CREATE_TABLE, JdbcKeys.DROP_TABLE,
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
    StringBuilder url = new StringBuilder("jdbc:h2:file:").append(dir.resolve("ycsb"))
        .append(";LOCK_TIMEOUT=").append(s.getInt(LOCK_TIMEOUT));
    if (s.contains(WRITE_DELAY.key())) {
      url.append(";WRITE_DELAY=").append(s.getInt(WRITE_DELAY));
    }
    if (JdbcKeys.readOnly(s, READ_ONLY, context.phase())) {
      url.append(";ACCESS_MODE_DATA=r");
    }
    String jdbcUrl = url.toString();
    ConnectionSource source = () -> DriverManager.getConnection(jdbcUrl, "sa", "");
    SqlStore.Spec spec = new SqlStore.Spec(name(), dir.toString(), source, JdbcKeys.table(s, READ_INDEX, UserTable.NoIndexHint.H2),
        "VARCHAR(255)", "VARCHAR", s.getBoolean(CREATE_TABLE), s.getBoolean(JdbcKeys.DROP_TABLE),
        s.getBoolean(JdbcKeys.DROP_TABLE_FORCE), context.phase(),
        s.getInt(BATCH_SIZE), 0, true, ServerLocation.embedded(), H2Errors.INSTANCE,
        ConnectionMode.from(name(), s, s.getInt(BATCH_SIZE), context.phase()));
    boolean readOnly = s.getBoolean(READ_ONLY);
    boolean claimsNoLoss = "no-loss".equalsIgnoreCase(s.getChoice(RunConfig.DURABILITY_CLAIM));
    return SqlStore.open(spec, Reconnect.embedded(name(), context.errors()),
        c -> facts(c, context.profile(), claimsNoLoss, dir, readOnly));
  }

  /**
   * @param claimsNoLoss whether the profile claims that a crash loses no acknowledged write ({@code durability.claim}
   *     {@code no-loss}): true of a process crash with {@code WRITE_DELAY=0}, never of a machine crash, which the
   *     facts then say
   */
  private static ServerFacts facts(Connection c, String profile, boolean claimsNoLoss, Path dir, boolean readOnly)
      throws SQLException {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("database", dir.resolve("ycsb.mv.db").toString());
    // WRITE_DELAY is a database setting; LOCK_TIMEOUT is the session's, read with H2's LOCK_TIMEOUT() function
    settings.put("WRITE_DELAY", firstValue(c,
        "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'"));
    settings.put("LOCK_TIMEOUT", firstValue(c, "SELECT LOCK_TIMEOUT()"));
    settings.put("READONLY", firstValue(c, "SELECT READONLY()"));
    List<Warning> warnings = new ArrayList<>();
    if (claimsNoLoss) {
      warnings.add(new Warning(Warning.Code.NOT_DURABLE,
          "h2: H2 does not fsync each commit; with WRITE_DELAY=0 a commit survives a crash of the driver "
          + "process, not of the machine"));
    }
    if (readOnly && !"TRUE".equalsIgnoreCase(settings.get("READONLY"))) {
      warnings.add(new Warning(Warning.Code.SETTING_NOT_APPLIED,
          "h2: h2.readonly=true was asked but the database is open for writing (READONLY() is "
          + settings.get("READONLY") + "): something in this process opened it first"));
    }
    return new ServerFacts("H2", c.getMetaData().getDatabaseProductVersion(), profile, settings, warnings);
  }

  private static String firstValue(Connection c, String query) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(query); ResultSet rs = ps.executeQuery()) {
      return rs.next() ? rs.getString(1) : "unknown";
    }
  }
}
