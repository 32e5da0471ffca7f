package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.testing.EmbeddedFileStoreContract;
import java.util.Map;

/** The rocksdb binding against a RocksDB database under target/. */
class RocksDbIT extends EmbeddedFileStoreContract {
  @Override
  protected String bindingName() {
    return "rocksdb";
  }

  @Override
  protected String databaseFileName() {
    // RocksDB's pointer to the current MANIFEST: present in every database directory
    return "CURRENT";
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of("durable", Map.of("sync", "true", "disableWAL", "false"),
        "fast", Map.of("sync", "false", "disableWAL", "false"),
        "unsafe", Map.of("sync", "false", "disableWAL", "true"));
  }
}
