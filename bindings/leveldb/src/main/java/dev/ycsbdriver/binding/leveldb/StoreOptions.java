package dev.ycsbdriver.binding.leveldb;

import java.util.LinkedHashMap;
import java.util.Map;
import org.iq80.leveldb.CompressionType;
import org.iq80.leveldb.Options;

/**
 * The LevelDB options a database is opened with (they hold for as long as it stays open; the sync flag is
 * per write and lives in {@link LevelDbDb}). Each has a {@code leveldb.*} key in {@link LevelDbBindingProvider}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param cacheSizeBytes LevelDB's block cache (uncompressed blocks), in bytes; 0 leaves LevelDB's built-in
 *     8 MiB cache
 * @param writeBufferSizeBytes the memtable size at which it is written out as a level-0 table, in bytes
 * @param blockSizeBytes the uncompressed size of a table block, in bytes
 * @param maxOpenFiles table files LevelDB keeps open
 * @param compression {@code snappy} or {@code none}
 */
record StoreOptions(long cacheSizeBytes, int writeBufferSizeBytes, int blockSizeBytes, int maxOpenFiles,
                    String compression) {

  /** @return LevelDB options creating the database when missing, with these values */
  Options toOptions() {
    return new Options().createIfMissing(true).cacheSize(cacheSizeBytes).writeBufferSize(writeBufferSizeBytes)
        .blockSize(blockSizeBytes).maxOpenFiles(maxOpenFiles)
        .compressionType("none".equals(compression) ? CompressionType.NONE : CompressionType.SNAPPY);
  }

  /**
   * @return the options under LevelDB's own names ({@code write_buffer_size}, ...), for the server facts;
   *     an insertion-ordered map
   */
  Map<String, String> facts() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("block_cache_size", cacheSizeBytes == 0 ? "8388608 (LevelDB's built-in cache)" : Long.toString(cacheSizeBytes));
    m.put("write_buffer_size", Integer.toString(writeBufferSizeBytes));
    m.put("block_size", Integer.toString(blockSizeBytes));
    m.put("max_open_files", Integer.toString(maxOpenFiles));
    m.put("compression", "none".equals(compression) ? "kNoCompression" : "kSnappyCompression");
    m.put("paranoid_checks", "false");
    return m;
  }
}
