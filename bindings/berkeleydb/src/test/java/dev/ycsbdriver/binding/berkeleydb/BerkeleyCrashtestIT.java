package dev.ycsbdriver.binding.berkeleydb;

import dev.ycsbdriver.testing.EmbeddedCrashtest;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest berkeleydb -p profile=durable}: the writer process, which holds the JE environment, is
 * killed with SIGKILL; a fresh open in the test's process runs JE's recovery and the audit finds every acknowledged
 * write, in both modes.
 */
class BerkeleyCrashtestIT {
  @Test
  void theDurableProfileLosesNoAcknowledgedWriteWhenTheTransactionalWriterIsKilled() throws Exception {
    EmbeddedCrashtest.assertDurableLosesNothing("berkeleydb");
  }

  @Test
  void theDurableProfileLosesNoAcknowledgedWriteWhenTheNonTransactionalWriterIsKilled() throws Exception {
    EmbeddedCrashtest.assertDurableLosesNothing("berkeleydb", "berkeleydb.transactional=false");
  }
}
