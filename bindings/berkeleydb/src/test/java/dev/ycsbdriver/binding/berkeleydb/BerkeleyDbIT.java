package dev.ycsbdriver.binding.berkeleydb;

import dev.ycsbdriver.testing.EmbeddedFileStoreContract;
import java.util.Map;

/** The berkeleydb binding in its default, transactional mode, against a JE environment under target/. */
class BerkeleyDbIT extends EmbeddedFileStoreContract {
  @Override
  protected String bindingName() {
    return "berkeleydb";
  }

  @Override
  protected String databaseFileName() {
    // JE's first log file
    return "00000000.jdb";
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of(
        "durable", Map.of("transactional", "true", "durability", "COMMIT_SYNC",
            "durability.applied", "by each write's commit"),
        "fast", Map.of("transactional", "true", "durability", "COMMIT_WRITE_NO_SYNC",
            "durability.applied", "by each write's commit"),
        "nosync", Map.of("transactional", "true", "durability", "COMMIT_NO_SYNC"));
  }
}
