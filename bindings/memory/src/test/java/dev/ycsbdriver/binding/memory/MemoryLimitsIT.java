package dev.ycsbdriver.binding.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Runs that cannot fit the JVM or the machine are refused before anything runs: one line, exit 2, at once. */
class MemoryLimitsIT {
  private static final String RESULTS = "result.dir=" + Path.of("target", "limits-results").toAbsolutePath();

  @Test
  void aBillionFieldsAreRefusedAtOnceNamingTheHeap() {
    long start = System.nanoTime();
    CliRun run = CliRun.of(CliRun.args("load", "memory", "workloada", "fieldcount=1000000000", RESULTS));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.errLines()).as(run.toString()).hasSize(1);
    assertThat(run.errLines().get(0)).as(run.toString())
        .startsWith("ycsb: fieldcount: 1 client thread with records of 1000000000 fields of at least 100 bytes need at "
            + "least 167,847 MiB of heap")
        .contains("and this JVM may use ").doesNotContain("\tat ");
    assertThat(System.nanoTime() - start).as("refused before anything runs").isLessThan(10_000_000_000L);
  }

  @Test
  void theDocumentedMaximumOfThreadsIsRefusedAtOnceNamingTheLimit() {
    long start = System.nanoTime();
    CliRun run = CliRun.of(CliRun.args("run", "memory", "workloada", "threadcount=100000", "operationcount=1000000",
        RESULTS));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.errLines()).as(run.toString()).hasSize(1);
    // which limit comes first depends on the machine: pid_max (32768 by default), max_map_count (65530), ...
    assertThat(run.errLines().get(0)).as(run.toString()).startsWith("ycsb: threadcount: 100000 client threads need ")
        .contains("lower threadcount");
    assertThat(System.nanoTime() - start).as("refused before anything runs").isLessThan(10_000_000_000L);
  }
}
