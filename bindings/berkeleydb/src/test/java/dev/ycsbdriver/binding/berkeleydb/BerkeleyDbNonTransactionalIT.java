package dev.ycsbdriver.binding.berkeleydb;

import java.nio.file.Path;
import java.util.Map;

/**
 * The berkeleydb binding with {@code berkeleydb.transactional=false}, against its own JE environment under target/:
 * the same contract as {@link BerkeleyDbIT}, and the profiles applied as a log flush after each write.
 */
class BerkeleyDbNonTransactionalIT extends BerkeleyDbIT {
  @Override
  protected Map<String, String> connection() {
    return Map.of("berkeleydb.dir", Path.of("target", "it-berkeleydb-nontransactional").toAbsolutePath().toString(),
        "berkeleydb.transactional", "false");
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of(
        "durable", Map.of("transactional", "false", "durability", "COMMIT_SYNC",
            "durability.applied", WriteDurability.LogFlush.FSYNC.description()),
        "fast", Map.of("transactional", "false", "durability", "COMMIT_WRITE_NO_SYNC",
            "durability.applied", WriteDurability.LogFlush.WRITE.description()),
        "nosync", Map.of("transactional", "false", "durability", "COMMIT_NO_SYNC",
            "durability.applied", WriteDurability.LogFlush.NONE.description()));
  }
}
