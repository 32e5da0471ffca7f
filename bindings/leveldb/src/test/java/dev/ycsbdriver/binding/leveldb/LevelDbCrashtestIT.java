package dev.ycsbdriver.binding.leveldb;

import dev.ycsbdriver.testing.EmbeddedCrashtest;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest leveldb -p profile=durable}: the writer process, which holds the database open, is
 * killed with SIGKILL; a fresh open in the test's process replays LevelDB's log and the audit finds every
 * acknowledged write.
 */
class LevelDbCrashtestIT {
  @Test
  void theDurableProfileLosesNoAcknowledgedWriteWhenTheWriterIsKilled() throws Exception {
    EmbeddedCrashtest.assertDurableLosesNothing("leveldb");
  }
}
