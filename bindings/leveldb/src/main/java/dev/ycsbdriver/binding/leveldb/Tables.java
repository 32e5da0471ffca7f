package dev.ycsbdriver.binding.leveldb;

import java.io.IOException;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.DBIterator;
import org.iq80.leveldb.WriteBatch;
import org.iq80.leveldb.WriteOptions;

/**
 * A table's existence and removal in the shared key space: a table exists when its marker key is present
 * ({@link KeyLayout#tableMarker}). Writes here are synced whatever the profile: they happen once per phase.
 * Stateless.
 */
final class Tables {
  /** Deletes per write batch when a table is dropped. */
  private static final int DROP_BATCH = 10_000;
  private static final WriteOptions SYNC = new WriteOptions().sync(true);

  private Tables() {
  }

  /** @return whether the table's marker is present */
  static boolean exists(DB db, String table) {
    return db.get(KeyLayout.tableMarker(table)) != null;
  }

  /** Writes the table's marker. */
  static void create(DB db, String table) {
    db.put(KeyLayout.tableMarker(table), new byte[0], SYNC);
  }

  /**
   * Deletes every record of the table and its marker, in batches of 10,000, then compacts the table's key
   * range so the space is given back.
   *
   * @return the records deleted
   * @throws IOException when the iterator cannot be closed
   */
  static long drop(DB db, String table) throws IOException {
    byte[] prefix = KeyLayout.tablePrefix(table);
    long deleted = 0;
    try (DBIterator it = db.iterator()) {
      it.seek(prefix);
      WriteBatch batch = db.createWriteBatch();
      int inBatch = 0;
      try {
        while (it.hasNext()) {
          byte[] key = it.next().getKey();
          if (!KeyLayout.hasPrefix(key, prefix)) {
            break;
          }
          batch.delete(key);
          deleted++;
          if (++inBatch == DROP_BATCH) {
            db.write(batch, SYNC);
            batch.close();
            batch = db.createWriteBatch();
            inBatch = 0;
          }
        }
        batch.delete(KeyLayout.tableMarker(table));
        db.write(batch, SYNC);
      } finally {
        batch.close();
      }
    }
    if (deleted > 0) {
      byte[] end = prefix.clone();
      end[end.length - 1] = 1; // table 0x01: just past every key of the table
      db.compactRange(prefix, end);
    }
    return deleted;
  }
}
