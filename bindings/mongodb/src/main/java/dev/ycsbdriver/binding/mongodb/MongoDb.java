package dev.ycsbdriver.binding.mongodb;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;

import com.mongodb.MongoException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import dev.ycsbdriver.spi.BatchedLatency;
import dev.ycsbdriver.spi.ErrorLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.bson.Document;
import org.bson.conversions.Bson;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;

/**
 * One client thread's handle on the shared {@code MongoClient} (which pools connections), one
 * document per record: {@code _id} is the key, each field a string.
 *
 * <p>read: {@code find({_id: key})} with a projection of the asked fields; scan:
 * {@code find({_id: {$gte: start}}).sort({_id: 1}).limit(n)}; update: {@code updateOne({_id: key},
 * {$set: {...}})}; insert: {@code insertOne}; delete: {@code deleteOne({_id: key})}. All under the
 * collection's write concern. A missing record is {@code NOT_FOUND} (not knowable with {@code w:0}:
 * unacknowledged writes are {@code OK}). A failed command is {@code ERROR}.
 *
 * <p>With a batch size {@code n > 1}, inserts are queued ({@code BATCHED_OK}) and sent {@code n} at a
 * time with one unordered {@code insertMany}. Each queued record's INSERT latency is the time from its
 * queueing until the batch was acknowledged ({@link BatchedLatency}); the insert that sends the batch
 * is timed as usual; the batch's own round trip is recorded once more as {@code INSERT-BATCH}.
 * Not thread-safe: one instance per client thread.
 */
final class MongoDb extends DB {
  static final String BATCH_MEASUREMENT = "INSERT-BATCH";

  private final MongoDatabase database;
  private final int batchSize;
  private final Map<String, MongoCollection<Document>> collections = new HashMap<>();
  private final List<Document> queued = new ArrayList<>();
  private final BatchedLatency batched = new BatchedLatency();
  private final ErrorLog errors;
  private final ErrorLog.Connection link;
  private String queuedTable;

  MongoDb(MongoDatabase database, int batchSize, ErrorLog errors) {
    this.database = database;
    this.batchSize = batchSize;
    this.errors = errors;
    this.link = errors.connection("mongodb");
  }

  /** A command succeeded: the connection is up (again). */
  private Status up(Status status) {
    link.restored();
    return status;
  }

  /**
   * Counts the failure by operation and exception class. A socket failure or a server selection timeout
   * means the server is not reachable: the driver reconnects by itself, and every command meanwhile
   * waits up to the server selection timeout ({@code mongodb.timeout}) first, so failures cannot pile up
   * faster than one per thread per timeout.
   */
  private Status failed(String operation, MongoException e) {
    errors.error("mongodb", operation, e.getClass().getSimpleName(), e.getMessage());
    if (e instanceof MongoSocketException || e instanceof MongoTimeoutException) {
      link.lost(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    return Status.ERROR;
  }

  private MongoCollection<Document> collection(String table) {
    return collections.computeIfAbsent(table, database::getCollection);
  }

  private static Bson projection(Set<String> fields) {
    return fields == null ? Projections.excludeId() : Projections.fields(Projections.include(new ArrayList<>(fields)),
        Projections.excludeId());
  }

  private static void copy(Document doc, Map<String, ByteIterator> into) {
    for (Map.Entry<String, Object> e : doc.entrySet()) {
      if (!"_id".equals(e.getKey())) {
        into.put(e.getKey(), new StringByteIterator(String.valueOf(e.getValue())));
      }
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      Document doc = collection(table).find(eq("_id", key)).projection(projection(fields)).first();
      if (doc == null) {
        return up(Status.NOT_FOUND);
      }
      copy(doc, result);
      return up(Status.OK);
    } catch (MongoException e) {
      return failed("READ", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    try {
      FindIterable<Document> found = collection(table).find(gte("_id", startkey)).sort(Sorts.ascending("_id"))
          .limit(recordcount).projection(projection(fields)).batchSize(recordcount);
      for (Document doc : found) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        copy(doc, row);
        result.add(row);
      }
      return up(Status.OK);
    } catch (MongoException e) {
      return failed("SCAN", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      List<Bson> sets = new ArrayList<>(values.size());
      values.forEach((k, v) -> sets.add(Updates.set(k, v.toString())));
      UpdateResult r = collection(table).updateOne(eq("_id", key), Updates.combine(sets));
      return up(r.wasAcknowledged() && r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK);
    } catch (MongoException e) {
      return failed("UPDATE", e);
    }
  }

  private static Document document(String key, Map<String, ByteIterator> values) {
    Document doc = new Document("_id", key);
    values.forEach((k, v) -> doc.append(k, v.toString()));
    return doc;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      if (batchSize <= 1) {
        collection(table).insertOne(document(key, values));
        return up(Status.OK);
      }
      if (queuedTable != null && !queuedTable.equals(table) && !flush()) {
        return Status.ERROR;
      }
      queuedTable = table;
      queued.add(document(key, values));
      if (queued.size() < batchSize) {
        batched.queued();
        return Status.BATCHED_OK;
      }
      return flush() ? Status.OK : Status.ERROR;
    } catch (MongoException e) {
      return failed("INSERT", e);
    }
  }

  /** Sends the queued documents in one unordered insertMany; records its latency as INSERT-BATCH. */
  private boolean flush() {
    if (queued.isEmpty()) {
      return true;
    }
    long start = System.nanoTime();
    try {
      collection(queuedTable).insertMany(new ArrayList<>(queued), new InsertManyOptions().ordered(false));
      batched.acknowledged("INSERT");
      up(Status.OK);
      return true;
    } catch (MongoException e) {
      batched.failed("INSERT");
      failed("INSERT", e);
      return false;
    } finally {
      queued.clear();
      Measurements.getMeasurements().measure(BATCH_MEASUREMENT, (int) ((System.nanoTime() - start) / 1000));
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      DeleteResult r = collection(table).deleteOne(eq("_id", key));
      return up(r.wasAcknowledged() && r.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK);
    } catch (MongoException e) {
      return failed("DELETE", e);
    }
  }

  /**
   * Sends inserts still queued.
   *
   * @throws DBException if that last batch failed: those records were not stored
   */
  @Override
  public void cleanup() throws DBException {
    if (!flush()) {
      throw new DBException("mongodb: the last batch of inserts failed");
    }
  }
}
