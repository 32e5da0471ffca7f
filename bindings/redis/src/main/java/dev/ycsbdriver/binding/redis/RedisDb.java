package dev.ycsbdriver.binding.redis;

import dev.ycsbdriver.spi.ErrorLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * One client thread's blocking Redis connection (see {@link RecordLayout} for the keys).
 *
 * <ul>
 *   <li>read: {@code HGETALL <table>:<key>}, or {@code HMGET} of the asked fields; nothing found is
 *       {@code NOT_FOUND}.</li>
 *   <li>scan: {@code ZRANGEBYSCORE <table> <score(startkey)> +inf LIMIT 0 <n>}, then one {@code HGETALL} (or
 *       {@code HMGET}) per key, pipelined in one round trip; a key deleted in between is left out.</li>
 *   <li>update: a Lua script ({@code EVALSHA}) that runs {@code HSET} only when the record exists, so a missing
 *       record is {@code NOT_FOUND} and is not created; atomic.</li>
 *   <li>insert: {@code MULTI; HSET <table>:<key> ...; ZADD <table> <score> <key>; EXEC}: record and index
 *       together, one round trip.</li>
 *   <li>delete: {@code MULTI; DEL <table>:<key>; ZREM <table> <key>; EXEC}; nothing deleted is
 *       {@code NOT_FOUND}.</li>
 * </ul>
 *
 * <p>A reply that does not come within {@code redis.socket.timeout}, or a broken connection, fails the operation
 * ({@code ERROR}); the thread then reconnects, waiting a backoff that doubles after each failed attempt
 * ({@code redis.reconnect.backoff.initial} to {@code .max}) inside the next operation, so a dead server costs each
 * thread one failed operation per backoff. Not thread-safe: one instance per client thread.
 */
final class RedisDb extends DB {
  /** HSET the fields only when the record exists: returns 1, or 0 for a missing record. */
  static final String UPDATE_SCRIPT = "if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end "
      + "redis.call('HSET', KEYS[1], unpack(ARGV)) return 1";

  private final RedisEndpoint endpoint;
  private final Backoff backoff;
  private final ErrorLog errors;
  private final ErrorLog.Connection link;
  private final Map<String, RecordLayout> layouts = new HashMap<>();
  private final List<String> keyList = new ArrayList<>(1);
  private Jedis jedis;
  private String updateSha;
  private long waitNanos;
  private long retryAtNanos;

  RedisDb(RedisEndpoint endpoint, Backoff backoff, ErrorLog errors) {
    this.endpoint = endpoint;
    this.backoff = backoff;
    this.errors = errors;
    this.link = errors.connection("redis");
    this.waitNanos = backoff.initialNanos();
  }

  /** Connects and loads the update script. */
  @Override
  public void init() throws DBException {
    try {
      connection();
    } catch (JedisException e) {
      throw new DBException(RedisFailures.startFailure(endpoint, e).getMessage(), e);
    }
  }

  private Jedis connection() {
    if (jedis != null) {
      return jedis;
    }
    long wait = retryAtNanos - System.nanoTime();
    if (retryAtNanos != 0 && wait > 0) {
      LockSupport.parkNanos(wait);
    }
    try {
      Jedis fresh = endpoint.open();
      updateSha = fresh.scriptLoad(UPDATE_SCRIPT);
      jedis = fresh;
      waitNanos = backoff.initialNanos();
      link.restored();
      return jedis;
    } catch (JedisException | IllegalStateException e) {
      retryAtNanos = System.nanoTime() + waitNanos;
      waitNanos = Math.min(waitNanos * 2, backoff.maxNanos());
      throw e;
    }
  }

  private RecordLayout layout(String table) {
    RecordLayout l = layouts.get(table);
    if (l == null) {
      l = new RecordLayout(table);
      layouts.put(table, l);
    }
    return l;
  }

  /**
   * Counts the failure by operation and kind. A broken connection (or a reply that timed out) is closed; the
   * next operation reconnects after the backoff.
   */
  private Status failed(String operation, JedisException e) {
    Throwable root = RedisFailures.rootCause(e);
    errors.error("redis", operation, root.getClass().getSimpleName(), root.getMessage());
    if (!(e instanceof JedisDataException)) {
      link.lost(root.getClass().getSimpleName() + ": " + root.getMessage());
      if (jedis != null) {
        try {
          jedis.close();
        } catch (RuntimeException ignored) {
          // the socket is broken already
        }
        jedis = null;
        retryAtNanos = System.nanoTime() + waitNanos;
      }
    }
    return Status.ERROR;
  }

  private Status ok(Status status) {
    link.restored();
    return status;
  }

  private static void copy(Map<String, String> from, Map<String, ByteIterator> into) {
    for (Map.Entry<String, String> e : from.entrySet()) {
      into.put(e.getKey(), new StringByteIterator(e.getValue()));
    }
  }

  /** @return true when any field was found */
  private static boolean copy(String[] fields, List<String> values, Map<String, ByteIterator> into) {
    boolean any = false;
    for (int i = 0; i < fields.length; i++) {
      String v = values.get(i);
      if (v != null) {
        into.put(fields[i], new StringByteIterator(v));
        any = true;
      }
    }
    return any;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      Jedis j = connection();
      String recordKey = layout(table).recordKey(key);
      if (fields == null) {
        Map<String, String> all = j.hgetAll(recordKey);
        copy(all, result);
        return ok(all.isEmpty() ? Status.NOT_FOUND : Status.OK);
      }
      String[] names = fields.toArray(new String[0]);
      return ok(copy(names, j.hmget(recordKey, names), result) ? Status.OK : Status.NOT_FOUND);
    } catch (JedisException e) {
      return failed("READ", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try {
      Jedis j = connection();
      RecordLayout l = layout(table);
      List<String> keys = j.zrangeByScore(l.indexKey(), RecordLayout.score(startkey), Double.POSITIVE_INFINITY, 0,
          recordcount);
      if (keys.isEmpty()) {
        return ok(Status.OK);
      }
      Pipeline p = new Pipeline(j.getConnection());
      String[] names = fields == null ? null : fields.toArray(new String[0]);
      List<Response<Map<String, String>>> all = names == null ? new ArrayList<>(keys.size()) : null;
      List<Response<List<String>>> some = names == null ? null : new ArrayList<>(keys.size());
      for (String k : keys) {
        if (names == null) {
          all.add(p.hgetAll(l.recordKey(k)));
        } else {
          some.add(p.hmget(l.recordKey(k), names));
        }
      }
      p.sync();
      for (int i = 0; i < keys.size(); i++) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        boolean found;
        if (names == null) {
          Map<String, String> values = all.get(i).get();
          copy(values, row);
          found = !values.isEmpty();
        } else {
          found = copy(names, some.get(i).get(), row);
        }
        if (found) {
          result.add(row);
        }
      }
      return ok(Status.OK);
    } catch (JedisException e) {
      return failed("SCAN", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      Jedis j = connection();
      keyList.clear();
      keyList.add(layout(table).recordKey(key));
      List<String> args = new ArrayList<>(values.size() * 2);
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        args.add(e.getKey());
        args.add(e.getValue().toString());
      }
      Object updated;
      try {
        updated = j.evalsha(updateSha, keyList, args);
      } catch (JedisNoScriptException e) {
        updated = j.eval(UPDATE_SCRIPT, keyList, args); // the server restarted: its script cache is empty
      }
      return ok(Long.valueOf(1).equals(updated) ? Status.OK : Status.NOT_FOUND);
    } catch (JedisException e) {
      return failed("UPDATE", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      Jedis j = connection();
      RecordLayout l = layout(table);
      Map<String, String> hash = new HashMap<>(values.size() * 2);
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        hash.put(e.getKey(), e.getValue().toString());
      }
      Response<Long> added;
      try (Transaction t = new Transaction(j.getConnection())) {
        t.hset(l.recordKey(key), hash);
        added = t.zadd(l.indexKey(), RecordLayout.score(key), key);
        t.exec();
      }
      added.get(); // throws for a command the server refused inside the transaction
      return ok(Status.OK);
    } catch (JedisException e) {
      return failed("INSERT", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      Jedis j = connection();
      RecordLayout l = layout(table);
      Response<Long> deleted;
      try (Transaction t = new Transaction(j.getConnection())) {
        deleted = t.del(l.recordKey(key));
        t.zrem(l.indexKey(), key);
        t.exec();
      }
      return ok(deleted.get() == 0 ? Status.NOT_FOUND : Status.OK);
    } catch (JedisException e) {
      return failed("DELETE", e);
    }
  }

  @Override
  public void cleanup() {
    if (jedis != null) {
      jedis.close();
      jedis = null;
    }
  }

  /**
   * The reconnect backoff.
   *
   * @param initialNanos the first wait, in nanoseconds, at least 1 ms
   * @param maxNanos the largest wait, in nanoseconds, at least {@code initialNanos}
   */
  record Backoff(long initialNanos, long maxNanos) {
  }
}
