package dev.ycsbdriver.binding.sqlite;

import dev.ycsbdriver.testing.EmbeddedCrashtest;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest sqlite -p profile=durable}: the writer process, which holds the embedded database, is
 * killed with SIGKILL; a fresh open in the test's process recovers the file and the audit finds every
 * acknowledged write.
 */
class SqliteCrashtestIT {
  @Test
  void theDurableProfileLosesNoAcknowledgedWriteWhenTheWriterIsKilled() throws Exception {
    EmbeddedCrashtest.assertDurableLosesNothing("sqlite");
  }
}
