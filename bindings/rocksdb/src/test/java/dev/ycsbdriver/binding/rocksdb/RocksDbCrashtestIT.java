package dev.ycsbdriver.binding.rocksdb;

import dev.ycsbdriver.testing.EmbeddedCrashtest;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest rocksdb -p profile=durable}: the writer process, which holds the database open, is
 * killed with SIGKILL; a fresh open in the test's process replays the write-ahead log and the audit finds every
 * acknowledged write.
 */
class RocksDbCrashtestIT {
  @Test
  void theDurableProfileLosesNoAcknowledgedWriteWhenTheWriterIsKilled() throws Exception {
    EmbeddedCrashtest.assertDurableLosesNothing("rocksdb");
  }
}
