package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import java.util.List;

/**
 * The {@code rocksdb} binding's keys, each with its kind, range, unit and default. Defaults are RocksDB's own
 * (11.x) unless a description says otherwise.
 */
final class RocksKeys {
  /** RocksDB's column family that always exists; no table may take its name. */
  static final String DEFAULT_COLUMN_FAMILY = "default";
  private static final long MIB = 1024L * 1024;

  static final PropertySpec DIR = PropertySpec.optional("rocksdb.dir", "",
      "database directory; default <result.dir>/rocksdb");
  static final PropertySpec SYNC = PropertySpec.optional("rocksdb.sync", "",
      "WriteOptions.sync: true fsyncs the write-ahead log before each write returns; RocksDB's default is false; "
          + "set by the durable (true) and fast (false) profiles").flag();
  static final PropertySpec DISABLE_WAL = PropertySpec.of("rocksdb.disable_wal", "false", "",
      "WriteOptions.disableWAL: true skips the write-ahead log, so a crash of the driver loses every write not yet "
          + "flushed to an SST file; set by the unsafe profile; cannot be combined with rocksdb.sync=true").flag();
  static final PropertySpec BLOCK_CACHE = PropertySpec.of("rocksdb.block_cache_size_mb", "32", "MiB",
      "capacity of the LRU block cache all tables share (uncompressed data, index and filter blocks); "
          + "0 caches nothing").integer(0, 1L << 20);
  static final PropertySpec WRITE_BUFFER = PropertySpec.of("rocksdb.write_buffer_size_mb", "64", "MiB",
      "write_buffer_size: size of one memtable of a table before it is flushed to an SST file").integer(1, 1L << 16);
  static final PropertySpec MAX_WRITE_BUFFERS = PropertySpec.of("rocksdb.max_write_buffer_number", "2", "memtables",
      "max_write_buffer_number: memtables of a table (one active, the rest flushing) before writes stall")
      .integer(1, 64);
  static final PropertySpec COMPRESSION = PropertySpec.of("rocksdb.compression", "snappy", "",
      "compression of SST blocks: none, snappy, lz4, lz4hc, zstd, zlib or bzip2")
      .choice("none", "snappy", "lz4", "lz4hc", "zstd", "zlib", "bzip2");
  static final PropertySpec BLOOM_BITS = PropertySpec.of("rocksdb.bloom_bits_per_key", "10", "bits",
      "Bloom filter bits per key of each SST file, so a read of a missing key skips the file; 0 for none "
          + "(RocksDB's default is none; 10 gives about 1% false positives)").integer(0, 64);
  static final PropertySpec BACKGROUND_JOBS = PropertySpec.of("rocksdb.max_background_jobs", "2", "threads",
      "max_background_jobs: threads for flushes and compactions").integer(1, 256);
  static final PropertySpec CREATE_TABLE = PropertySpec.of("createtable", "true", "",
      "in the load phase, create the table (a column family) when it does not exist").flag();
  static final PropertySpec DROP_TABLE = PropertySpec.of("droptable", "false", "",
      "drop the table (its column family and every record) before the phase starts").flag();

  private RocksKeys() {
  }

  /** @return every key, in the order {@code bin/ycsb bindings} shows them */
  static List<PropertySpec> all() {
    return List.of(DIR, SYNC, DISABLE_WAL, BLOCK_CACHE, WRITE_BUFFER, MAX_WRITE_BUFFERS, COMPRESSION, BLOOM_BITS,
        BACKGROUND_JOBS, CREATE_TABLE, DROP_TABLE);
  }

  /**
   * @return the tuning these settings ask for
   * @throws ConfigException for a malformed or out-of-range value
   */
  static RocksTuning tuning(Settings s) throws ConfigException {
    return new RocksTuning(s.getLong(BLOCK_CACHE) * MIB, s.getLong(WRITE_BUFFER) * MIB, s.getInt(MAX_WRITE_BUFFERS),
        s.getChoice(COMPRESSION), s.getInt(BLOOM_BITS), s.getInt(BACKGROUND_JOBS));
  }
}
