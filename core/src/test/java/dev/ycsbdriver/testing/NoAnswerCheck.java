package dev.ycsbdriver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The check every network binding passes against a {@link SilentServer}: {@code bin/ycsb run} ends with
 * exit code 3 and one error line that names the timeout key, no stack trace, no sooner than the timeout
 * and no later than the timeout plus the driver's start-up.
 */
public final class NoAnswerCheck {
  /** The driver's start-up (workload, machine facts, the store driver's classes) on a busy 2-core machine. */
  private static final long SLACK_MILLIS = 6_000;

  private NoAnswerCheck() {
  }

  /**
   * @param binding the binding's name
   * @param properties the {@code -p} properties for a server on the given port: its URL and a short timeout
   * @param timeoutMillis the timeout that must run out
   * @param expectedLine the one error line for the given port, e.g. {@code ycsb: postgres: no answer from ...}
   * @param results where the run may write
   * @throws Exception when the silent server cannot start
   */
  public static void assertNoAnswer(String binding, IntFunction<Map<String, String>> properties, long timeoutMillis,
                                    IntFunction<String> expectedLine, Path results) throws Exception {
    try (SilentServer server = SilentServer.start()) {
      List<String> args = new ArrayList<>(List.of("run", binding, "-P",
          Path.of(System.getProperty("ycsb.home"), "workloads", "workloadc").toString(), "-p", "result.dir=" + results));
      properties.apply(server.port()).forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
      long start = System.nanoTime();
      CliRun run = CliRun.of(args.toArray(String[]::new));
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

      assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
      assertThat(run.errLines()).as(run.toString()).filteredOn(l -> l.startsWith("ycsb: "))
          .containsExactly(expectedLine.apply(server.port()));
      assertThat(run.err()).as("no stack trace").doesNotContain("\tat ", "Exception");
      assertThat(server.connections()).as("connections the silent server accepted").isPositive();
      assertThat(elapsedMillis).as(run.toString()).isBetween(timeoutMillis - 100, timeoutMillis + SLACK_MILLIS);
    }
  }
}
