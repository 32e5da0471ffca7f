package dev.ycsbdriver.binding.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.TransportSettings;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.support.ConnectionMode;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import dev.ycsbdriver.spi.ServerFacts;
import dev.ycsbdriver.spi.ServerLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * The {@code mongodb} binding: MongoDB through the official synchronous driver, one shared client (its
 * connection pool sized to the thread count), one document per record. The durability profiles set the
 * write concern; the effective write concern and the server version go into the result.
 */
public final class MongoBindingProvider implements BindingProvider {
  static final PropertySpec URL = PropertySpec.of("mongodb.url", "mongodb://127.0.0.1:27017", "",
      "connection string; credentials in it are masked in every output");
  static final PropertySpec DATABASE = PropertySpec.of("mongodb.database", "ycsb", "",
      "database name: not empty, at most 63 bytes, none of / \\ . \" $ * < > : | ?, space or NUL; not admin, local "
          + "or config");
  static final PropertySpec BATCH_SIZE = PropertySpec.of("mongodb.batchsize", "1", "inserts",
      "inserts sent together with one insertMany; 1 sends each record with insertOne").integer(1, 1_000_000);
  static final PropertySpec TRANSPORT = PropertySpec.of("mongodb.transport", "default", "",
      "default (the driver's own sockets) or netty (the driver's Netty transport)").choice("default", "netty");
  static final PropertySpec W = PropertySpec.optional("mongodb.writeconcern.w", "",
      "write concern w: 0 (unacknowledged), 1, a number of members, or majority; the profiles set it");
  static final PropertySpec J = PropertySpec.optional("mongodb.writeconcern.j", "",
      "write concern j: true waits for the on-disk journal; the profiles set it").flag();
  /**
   * {@code mongodb.connect.timeout}, {@code mongodb.login.timeout}, {@code mongodb.socket.timeout}: the
   * driver's {@code connectTimeoutMS}, {@code serverSelectionTimeoutMS} (how long an operation, the first
   * included, waits for a server that answers the handshake) and {@code socketTimeoutMS}, unless the
   * connection string sets them.
   */
  static final NetworkTimeouts.Keys TIMEOUTS = NetworkTimeouts.Keys.of("mongodb");
  /** The older name of {@code mongodb.login.timeout}; still read when it is given alone. */
  static final PropertySpec TIMEOUT = PropertySpec.optional("mongodb.timeout", "s",
      "older name of mongodb.login.timeout (server selection timeout)");
  private static final PropertySpec DROP_TABLE = PropertySpec.of("droptable", "false", "",
      "drop the collection before the phase starts; a collection whose documents are not YCSB records (_id and "
          + "field0..n) is refused unless droptable.force=true").flag();
  private static final PropertySpec DROP_TABLE_FORCE = PropertySpec.of("droptable.force", "false", "",
      "with droptable=true, drop the collection even when its documents are not YCSB records: for a collection of "
          + "your own you mean to lose").flag();
  /** How many documents {@code droptable} looks at to tell a YCSB collection from a user's. */
  private static final int DROP_SAMPLE = 100;
  private static final PropertySpec CREATE_TABLE = PropertySpec.of("createtable", "false", "",
      "create the collection before the phase starts when it is missing (the first insert of a load also creates "
          + "it); bin/ycsb crashtest sets it so its run-phase writer finds the collection").flag();
  /** The server's error code for a collection that exists already (another process created it first). */
  private static final int NAMESPACE_EXISTS = 48;

  @Override
  public String name() {
    return "mongodb";
  }

  @Override
  public String description() {
    return "MongoDB through the official sync driver; profiles durable {w:1, j:true}, fast {w:1, j:false}, unsafe {w:0}";
  }

  @Override
  public List<PropertySpec> properties() {
    List<PropertySpec> all = new ArrayList<>(List.of(URL, DATABASE, BATCH_SIZE, TRANSPORT, W, J, DROP_TABLE,
        DROP_TABLE_FORCE, CREATE_TABLE));
    all.addAll(TIMEOUTS.all());
    all.add(TIMEOUT);
    all.addAll(ConnectionMode.keys(name(), "the MongoDB driver's pool"));
    return List.copyOf(all);
  }

  @Override
  public Binding open(BindingContext context) throws ConfigException, BindingException {
    Settings s = context.settings();
    String databaseName = s.getTrimmed(DATABASE);
    String table = s.getTrimmed(CoreWorkloadKeys.TABLE);
    MongoNames.checkDatabase(DATABASE.key(), databaseName);
    MongoNames.checkCollection(CoreWorkloadKeys.TABLE.key(), databaseName, table);
    ConnectionString cs;
    try {
      cs = new ConnectionString(s.getTrimmed(URL));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("mongodb.url: " + Secrets.maskText(e.getMessage()));
    }
    String server = String.join(",", cs.getHosts());
    int batchSize = s.getInt(BATCH_SIZE);
    NetworkTimeouts timeouts = timeouts(s);
    ConnectionMode connections = ConnectionMode.from(name(), s, 0);
    MongoClientSettings.Builder settings = MongoClientSettings.builder()
        // for the driver a server selection timeout of 0 fails at once and a negative one waits forever
        .applyToClusterSettings(c -> c.serverSelectionTimeout(timeouts.login().isZero() ? -1 : timeouts.login().toMillis(),
            TimeUnit.MILLISECONDS))
        .applyToSocketSettings(so -> so.connectTimeout(NetworkTimeouts.millis(timeouts.connect()), TimeUnit.MILLISECONDS)
            .readTimeout(NetworkTimeouts.millis(timeouts.socket()), TimeUnit.MILLISECONDS))
        // the connection string's own timeouts win: it is applied over the keys
        .applyConnectionString(cs)
        .applyToConnectionPoolSettings(p -> pool(p, connections, context.threadCount()));
    WriteConcern wc = writeConcern(s, cs);
    if (wc != null) {
      settings.writeConcern(wc);
    }
    if ("netty".equals(s.getChoice(TRANSPORT))) {
      settings.transportSettings(TransportSettings.nettyBuilder().build());
    }
    MongoClient client = MongoClients.create(settings.build());
    try {
      MongoDatabase database = client.getDatabase(databaseName);
      Document build = database.runCommand(new Document("buildInfo", 1));
      database.runCommand(new Document("ping", 1));
      if (s.getBoolean(DROP_TABLE)) {
        if (!s.getBoolean(DROP_TABLE_FORCE)) {
          refuseForeign(database, table, s.getTrimmed(CoreWorkloadKeys.FIELD_NAME_PREFIX));
        }
        database.getCollection(table).drop();
      }
      boolean exists = database.listCollectionNames().into(new ArrayList<>()).contains(table);
      if (!exists && s.getBoolean(CREATE_TABLE)) {
        createCollection(database, table);
        exists = true;
      }
      if (context.phase() == Phase.RUN && !exists) {
        throw new BindingException("mongodb: table " + table + " does not exist; load the records first: "
            + "bin/ycsb load mongodb -P <workload>");
      }
      ServerFacts facts = facts(build.getString("version"), database.getWriteConcern(), context.profile(),
          database.getReadPreference().getName()).withSetting("connections",
          connections.kind() == ConnectionMode.Kind.THREAD ? "the driver's pool, a connection for every client thread"
          : connections.describe());
      ServerLocation location = location(cs.getHosts().get(0));
      return Binding.of(() -> new MongoDb(database, batchSize, context.errors()), location, facts, client::close);
    } catch (MongoException e) {
      client.close();
      Integer ownTimeout = cs.getServerSelectionTimeout();
      throw MongoFailures.startFailure(server, e, ownTimeout == null ? timeouts.noAnswer(server, NetworkTimeouts.Kind.LOGIN)
          : NetworkTimeouts.noAnswerWithin(server, "serverSelectionTimeoutMS=" + ownTimeout + " in the connection string"));
    } catch (ConfigException | BindingException | RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /**
   * @throws ConfigException when one of the collection's first documents is not a YCSB record: a string
   *     {@code _id} and only {@code <fieldnameprefix><n>} (or {@code field<n>}) fields
   */
  private static void refuseForeign(MongoDatabase database, String table, String fieldPrefix) throws ConfigException {
    java.util.Set<String> foreign = new java.util.TreeSet<>();
    boolean otherId = false;
    for (Document d : database.getCollection(table).find().limit(DROP_SAMPLE)) {
      otherId |= !(d.get("_id") instanceof String);
      for (String field : d.keySet()) {
        if (!field.equals("_id") && !isField(field, fieldPrefix) && !isField(field, "field")) {
          foreign.add(field);
        }
      }
    }
    if (!otherId && foreign.isEmpty()) {
      return;
    }
    List<String> differs = new ArrayList<>();
    if (otherId) {
      differs.add("an _id that is not a string");
    }
    if (!foreign.isEmpty()) {
      List<String> names = new ArrayList<>(foreign);
      differs.add("fields not of YCSB: " + String.join(", ", names.subList(0, Math.min(5, names.size())))
          + (names.size() > 5 ? " and " + (names.size() - 5) + " more" : ""));
    }
    throw new ConfigException("droptable: collection " + table + " in database " + database.getName()
        + " is not a YCSB collection (its documents have " + String.join("; ", differs) + "), so it is not "
        + "dropped; check table=, or add -p droptable.force=true to drop it anyway");
  }

  private static boolean isField(String name, String prefix) {
    return name.length() > prefix.length() && name.startsWith(prefix)
        && name.substring(prefix.length()).chars().allMatch(ch -> ch >= '0' && ch <= '9');
  }

  private static void createCollection(MongoDatabase database, String name) {
    try {
      database.createCollection(name);
    } catch (MongoCommandException e) {
      if (e.getErrorCode() != NAMESPACE_EXISTS) {
        throw e;
      }
    }
  }

  /**
   * The timeouts, the login timeout read from {@code mongodb.timeout} when only that older key is given.
   */
  static NetworkTimeouts timeouts(Settings s) throws ConfigException {
    NetworkTimeouts.Keys keys = s.contains(TIMEOUT.key()) && !s.contains(TIMEOUTS.login().key())
        ? new NetworkTimeouts.Keys(TIMEOUTS.connect(), TIMEOUT, TIMEOUTS.socket()) : TIMEOUTS;
    return keys.read(s);
  }

  private static WriteConcern writeConcern(Settings s, ConnectionString cs) throws ConfigException {
    if (!s.contains(W.key()) && !s.contains(J.key())) {
      return null;
    }
    WriteConcern wc = cs.getWriteConcern() == null ? WriteConcern.ACKNOWLEDGED : cs.getWriteConcern();
    if (s.contains(W.key())) {
      String w = s.getTrimmed(W);
      if (w.matches("\\d+")) {
        wc = wc.withW(Integer.parseInt(w));
      } else if (!w.isEmpty()) {
        wc = wc.withW(w);
      }
    }
    if (s.contains(J.key())) {
      wc = wc.withJournal(s.getBoolean(J));
    }
    if (Integer.valueOf(0).equals(wc.getWObject()) && Boolean.TRUE.equals(wc.getJournal())) {
      throw new ConfigException("mongodb.writeconcern.j: true needs an acknowledged write concern, got w=0");
    }
    return wc;
  }

  static ServerFacts facts(String version, WriteConcern wc, String profile, String readPreference) {
    Map<String, String> settings = new LinkedHashMap<>();
    Object w = wc.getWObject();
    settings.put("w", w == null ? "server default (1)" : String.valueOf(w));
    settings.put("j", wc.getJournal() == null ? "server default" : String.valueOf(wc.getJournal()));
    Integer wtimeout = wc.getWTimeout(TimeUnit.MILLISECONDS);
    settings.put("wtimeout_ms", wtimeout == null ? "none" : Integer.toString(wtimeout));
    settings.put("readPreference", readPreference);
    List<Warning> warnings = new ArrayList<>();
    if (!wc.isAcknowledged()) {
      warnings.add(new Warning(Warning.Code.NOT_DURABLE,
          "mongodb: writes are unacknowledged (w=0): a failed or lost write is never reported"));
    }
    return new ServerFacts("MongoDB", version, profile, settings, warnings);
  }

  static ServerLocation location(String hostAndPort) {
    String host = hostAndPort.startsWith("[") ? hostAndPort.substring(1, hostAndPort.indexOf(']'))
        : hostAndPort.split(":")[0];
    int close = hostAndPort.lastIndexOf(']');
    int colon = hostAndPort.lastIndexOf(':');
    String port = colon > close ? hostAndPort.substring(colon + 1) : "27017";
    return ServerLocation.ofHost(host, ServerLocation.port(port), "mongod");
  }


  /**
   * Sizes the driver's pool: with {@code mongodb.connections=thread} one connection more than the client threads,
   * so no operation waits for one (each thread in effect keeps its own); with {@code shared} or {@code pool} the
   * mode's size, opened at the start, each check-out's wait reported as CONNECTION-WAIT ({@link CheckoutWaits}).
   */
  private static void pool(com.mongodb.connection.ConnectionPoolSettings.Builder pool, ConnectionMode mode,
                           int threads) {
    if (mode.kind() == ConnectionMode.Kind.THREAD) {
      pool.maxSize(Math.max(threads, 1) + 1);
      return;
    }
    pool.maxSize(mode.poolSize()).minSize(mode.poolSize())
        .maxWaitTime(mode.poolTimeout().toMillis(), TimeUnit.MILLISECONDS)
        .addConnectionPoolListener(new CheckoutWaits());
  }
}
