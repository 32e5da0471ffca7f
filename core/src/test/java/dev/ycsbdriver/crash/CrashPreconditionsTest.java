package dev.ycsbdriver.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What keeps a crash test from a false finding or a leaked secret before and around its rounds: a writer whose
 * writes all fail ends the round at once with its first error, and the built-in restart's log holds no secret.
 */
class CrashPreconditionsTest {
  @TempDir
  Path dir;

  @Test
  void aWriterWhoseWritesAllFailEndsTheRoundAtOnceWithItsFirstError() {
    long started = System.nanoTime();

    CliRun run = CliRun.of("crashtest", "crashfile", "-p", "result.dir=" + dir, "-p", "crashfile.readonlyrun=true",
        "-p", "crash.rounds=1", "-p", "crash.after.min=1s", "-p", "crash.after.max=1s", "-threads", "2",
        "-p", "fieldcount=2", "-p", "fieldlength=20", "-p", "crash.writer.timeout=60s");

    long seconds = (System.nanoTime() - started) / 1_000_000_000L;
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
    assertThat(seconds).as("seconds until the round ended (crash.writer.timeout is 60 s)").isLessThan(30);
    assertThat(run.err()).contains("writer: its first ").contains("writes all failed, none acknowledged; first error: "
        + "crashfile: INSERT failed (read-only): the store is read-only");
  }

  @Test
  void aServerCommandLineIsLoggedWithEverySecretMasked() {
    CrashSecrets secrets = CrashSecrets.of(Map.of("redis.password", "s3cr3t-pw", "redis.port", "6390",
        "postgres.url", "jdbc:postgresql://u:urlpw@h/db"));

    String logged = secrets.maskCommand(List.of("redis-server", "/etc/redis.conf", "--requirepass", "other-pw",
        "--masterauth=third-pw", "-a", "fourth-pw", "--user", "ycsb", "on", ">s3cr3t-pw", "--port", "6390",
        "password=fifth-pw", "postgres://u:urlpw@h/db"));

    assertThat(logged).doesNotContain("s3cr3t-pw").doesNotContain("other-pw").doesNotContain("third-pw")
        .doesNotContain("fourth-pw").doesNotContain("fifth-pw").doesNotContain("urlpw")
        .contains("redis-server /etc/redis.conf --requirepass **** --masterauth=**** -a ****")
        .contains("--user ycsb on >**** --port 6390");
    assertThat(secrets.mask("AUTH failed for s3cr3t-pw")).isEqualTo("AUTH failed for ****");
  }
}
