package dev.ycsbdriver.binding.h2;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest h2 -p profile=durable}: the writer process, which holds the embedded database, is
 * killed with SIGKILL; a fresh open in the test's process recovers the file and the audit finds every
 * acknowledged write.
 */
class H2CrashtestIT {
  @Test
  void theDurableProfileLosesNoAcknowledgedWriteWhenTheWriterIsKilled() throws Exception {
    Path results = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");

    CliRun run = CliRun.of("crashtest", "h2", "-p", "profile=durable", "-p", "result.dir=" + results,
        "-p", "crash.rounds=2", "-p", "crash.after.min=1s", "-p", "crash.after.max=2s", "-threads", "2");

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[CRASH], Claim, no-loss").contains("[CRASH], LostWrites, 0")
        .contains("[CRASH], ClaimHeld, true").contains("[CRASH-ROUND-2], WriterThroughput(ops/sec), ");
    JsonNode crash = new ObjectMapper().readTree(Files.readString(run.resultFile())).path("crash");
    assertThat(crash.path("method").asText()).isEqualTo("writer-kill");
    assertThat(crash.path("acknowledgedWrites").asLong()).isPositive();
    assertThat(crash.path("roundResults")).hasSize(2);
  }
}
