package dev.ycsbdriver.binding.h2;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbdriver.testing.CliRun;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The binding contract of {@link H2IT} again, with a HikariCP pool of connections each operation borrows
 * ({@code h2.connections=pool}), and a pool too small for its threads.
 */
class H2PoolIT extends H2IT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("h2.connections", "pool");
  }

  /**
   * 16 threads share 2 connections: at any moment at most 2 operations are served and the others wait, so the
   * wait, measured apart as CONNECTION-WAIT, is most of an operation's time, and READ's service time is what the
   * store took; together they still obey Little's law for 16 threads.
   */
  @Test
  void aPoolOfTwoUnderSixteenThreadsShowsTheWaitApartFromTheReads() throws Exception {
    CliRun load = cli("load", "workloadc", Map.of("recordcount", "1000", "droptable", "true",
        "createtable", "true"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    CliRun run = cli("run", "workloadc", Map.of("recordcount", "1000", "operationcount", "40000",
        "threadcount", "16", "h2.pool.size", "2"));
    assertThat(run.exitCode()).as(run.toString()).isZero();

    JsonNode result = result(run);
    JsonNode read = operation(result, "READ");
    JsonNode wait = operation(result, "CONNECTION-WAIT");
    assertThat(wait.at("/serviceTime/count").asLong()).as("one wait per read")
        .isEqualTo(read.at("/serviceTime/count").asLong()).isEqualTo(40000);
    assertThat(wait.at("/serviceTime/meanMicros").asDouble()).as("waiting, not a slow store")
        .isGreaterThan(2 * read.at("/serviceTime/meanMicros").asDouble());
    JsonNode little = null;
    for (JsonNode c : result.path("checks")) {
      if (c.path("name").asText().equals("Little's law")) {
        little = c;
      }
    }
    assertThat(little).as("Little's law checked").isNotNull();
    assertThat(little.path("verdict").asText()).as(little.toString()).isEqualTo("passed");
    assertThat(run.out()).contains("[CONNECTION-WAIT], Operations, 40000");
  }

  private static JsonNode operation(JsonNode result, String name) {
    for (JsonNode op : result.path("operations")) {
      if (op.path("name").asText().equals(name)) {
        return op;
      }
    }
    throw new AssertionError("no operation " + name + " in " + result.path("operations"));
  }
}
