package dev.ycsbdriver.binding.rocksdb;

import java.util.Locale;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.Filter;
import org.rocksdb.LRUCache;

/**
 * The options a RocksDB database is opened with, fixed for as long as it stays open: the same for every column
 * family (table). Two bindings of one process share an open database only when their tunings are equal.
 *
 * <p>Immutable and thread-safe; the native objects it makes belong to the caller.
 *
 * @param blockCacheBytes capacity of the LRU block cache shared by all tables, in bytes, at least 0
 * @param writeBufferBytes size of one memtable ({@code write_buffer_size}), in bytes, at least 64 KiB
 * @param maxWriteBufferNumber memtables per table before writes stall ({@code max_write_buffer_number}), at least 1
 * @param compression {@code none}, {@code snappy}, {@code lz4}, {@code lz4hc}, {@code zstd}, {@code zlib} or
 *     {@code bzip2}: the compression of SST blocks on every level
 * @param bloomBitsPerKey bits per key of a Bloom filter on each SST file; 0 for no filter (RocksDB's default)
 * @param maxBackgroundJobs flush and compaction threads ({@code max_background_jobs}), at least 1
 */
record RocksTuning(long blockCacheBytes, long writeBufferBytes, int maxWriteBufferNumber, String compression,
                   int bloomBitsPerKey, int maxBackgroundJobs) {

  /** @return RocksDB's {@link CompressionType} for {@link #compression()} */
  CompressionType compressionType() {
    return switch (compression.toLowerCase(Locale.ROOT)) {
      case "none" -> CompressionType.NO_COMPRESSION;
      case "snappy" -> CompressionType.SNAPPY_COMPRESSION;
      case "lz4" -> CompressionType.LZ4_COMPRESSION;
      case "lz4hc" -> CompressionType.LZ4HC_COMPRESSION;
      case "zstd" -> CompressionType.ZSTD_COMPRESSION;
      case "zlib" -> CompressionType.ZLIB_COMPRESSION;
      case "bzip2" -> CompressionType.BZLIB2_COMPRESSION;
      default -> throw new IllegalArgumentException("compression: unknown " + compression);
    };
  }

  /** @return database-wide options: create the database and missing column families, background jobs */
  DBOptions dbOptions() {
    return new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
        .setMaxBackgroundJobs(maxBackgroundJobs);
  }

  /** @return a new block cache of {@link #blockCacheBytes()}; the caller closes it after the database */
  Cache blockCache() {
    return new LRUCache(blockCacheBytes);
  }

  /** @return a new Bloom filter policy of {@link #bloomBitsPerKey()}, or null for none; the caller closes it */
  Filter bloomFilter() {
    return bloomBitsPerKey > 0 ? new BloomFilter(bloomBitsPerKey, false) : null;
  }

  /**
   * @param cache the block cache every table shares
   * @param filter the filter policy every table shares, or null for none
   * @return the options of one column family; the caller closes them after the database
   */
  ColumnFamilyOptions tableOptions(Cache cache, Filter filter) {
    BlockBasedTableConfig table = new BlockBasedTableConfig().setBlockCache(cache);
    if (filter != null) {
      table.setFilterPolicy(filter);
    }
    return new ColumnFamilyOptions().setWriteBufferSize(writeBufferBytes).setMaxWriteBufferNumber(maxWriteBufferNumber)
        .setCompressionType(compressionType()).setTableFormatConfig(table);
  }
}
