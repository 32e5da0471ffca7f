package dev.ycsbdriver.binding.h2;

import dev.ycsbdriver.testing.EmbeddedFileStoreContract;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The h2 binding against an embedded H2 file database under target/. */
class H2IT extends EmbeddedFileStoreContract {
  @Override
  protected String bindingName() {
    return "h2";
  }

  @Override
  protected String databaseFileName() {
    return "ycsb.mv.db";
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    return Map.of("durable", Map.of("WRITE_DELAY", "0", "LOCK_TIMEOUT", "10000"),
        "fast", Map.of("WRITE_DELAY", "500", "LOCK_TIMEOUT", "10000"));
  }

  @Test
  void aReadOnlyStoreServesReadsAndRefusesWrites() throws Exception {
    assertReadOnlyRuns("READONLY", "TRUE");
  }
}
