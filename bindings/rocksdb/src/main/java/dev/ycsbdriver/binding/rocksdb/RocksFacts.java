package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.ServerFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.CompressionType;
import org.rocksdb.Env;
import org.rocksdb.MutableColumnFamilyOptions;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * Reads back what is in force on an open database, for the result's server facts: the write options every write
 * of this binding uses, the table's mutable column family options and the database options as RocksDB reports
 * them, the block cache capacity and table's key estimate from RocksDB's properties, and the filter policy from
 * the {@code OPTIONS} file RocksDB wrote when it opened. Stateless.
 */
final class RocksFacts {
  private RocksFacts() {
  }

  /**
   * @param store the open database
   * @param table the run's table (an existing column family)
   * @param writeOptions the options of every write
   * @param profile the durability profile, or null
   * @return product {@code RocksDB}, its version, and the settings in force
   * @throws BindingException when RocksDB cannot report its options
   */
  static ServerFacts read(RocksStore store, String table, WriteOptions writeOptions, String profile)
      throws BindingException {
    ColumnFamilyHandle cf = store.table(table);
    RocksDB db = store.db();
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("database", store.dir().toString());
    settings.put("sync", Boolean.toString(writeOptions.sync()));
    settings.put("disableWAL", Boolean.toString(writeOptions.disableWAL()));
    try {
      MutableColumnFamilyOptions.MutableColumnFamilyOptionsBuilder cfo = db.getOptions(cf);
      settings.put("write_buffer_size", Long.toString(cfo.writeBufferSize()));
      settings.put("max_write_buffer_number", Integer.toString(cfo.maxWriteBufferNumber()));
      settings.put("compression", compressionName(cfo.compressionType()));
      settings.put("max_background_jobs", Integer.toString(db.getDBOptions().maxBackgroundJobs()));
      settings.put("block_cache_capacity", db.getProperty(cf, "rocksdb.block-cache-capacity"));
      settings.put("filter_policy", optionsFileValue(store.dir(), table, "filter_policy"));
      settings.put("estimate_num_keys", db.getProperty(cf, "rocksdb.estimate-num-keys"));
    } catch (RocksDBException e) {
      throw new BindingException("rocksdb: cannot read the options of " + store.dir() + " ("
          + RocksFailures.describe(e) + ")", e);
    }
    List<Warning> warnings = new ArrayList<>();
    if (writeOptions.disableWAL()) {
      warnings.add(new Warning(Warning.Code.NOT_DURABLE,
          "rocksdb: disableWAL=true: writes live only in memtables until a flush; a crash of the driver "
          + "loses every write not yet flushed to an SST file"));
    }
    return new ServerFacts("RocksDB", RocksDB.rocksdbVersion().toString(), profile, settings, warnings);
  }

  private static String compressionName(CompressionType type) {
    return type.getLibraryName() == null ? "none" : type.getLibraryName();
  }

  /**
   * @return the value of {@code option} in the table's block-based table section of the newest OPTIONS file, or
   *     {@code unknown}
   */
  private static String optionsFileValue(Path dir, String table, String option) throws RocksDBException {
    String file = OptionsUtil.getLatestOptionsFileName(dir.toString(), Env.getDefault());
    List<String> lines;
    try {
      lines = Files.readAllLines(dir.resolve(file));
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
    String section = "[TableOptions/BlockBasedTable \"" + table + "\"]";
    boolean inSection = false;
    for (String raw : lines) {
      String line = raw.strip();
      if (line.startsWith("[")) {
        inSection = line.equals(section);
      } else if (inSection && line.startsWith(option + "=")) {
        String value = line.substring(option.length() + 1);
        return value.isEmpty() || value.equals("nullptr") ? "none" : value;
      }
    }
    return "unknown";
  }
}
