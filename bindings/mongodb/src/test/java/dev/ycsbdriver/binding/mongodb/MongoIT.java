package dev.ycsbdriver.binding.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.BindingContract;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.SummaryLines;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The mongodb binding under the contract, through the real MongoDB Java driver over TCP.
 *
 * <p>The server is a real MongoDB when {@code YCSB_IT_MONGODB_URI} is set; otherwise the in-process
 * wire-protocol server {@code de.bwaldvogel:mongo-java-server}. That server ignores write concerns and
 * rejects unacknowledged writes, so there the profiles are checked only as the write concern the
 * binding configured and reads back, and the {@code unsafe} profile ({@code w:0}) is checked only
 * against a real MongoDB. It has no authentication either: the mapping of an authentication failure
 * is checked in {@code MongoFailuresTest}.
 */
class MongoIT extends BindingContract {
  private static ItServer server;
  private static String url;

  @BeforeAll
  static void startServer() {
    server = ItServer.start("MongoIT");
    url = server.url();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  protected String bindingName() {
    return "mongodb";
  }

  @Override
  protected Map<String, String> connection() {
    return Map.of("mongodb.url", url, "mongodb.database", "ycsb_it");
  }

  @Override
  protected Map<String, Map<String, String>> profileReadBack() {
    Map<String, Map<String, String>> profiles = new LinkedHashMap<>();
    profiles.put("durable", Map.of("w", "1", "j", "true"));
    profiles.put("fast", Map.of("w", "1", "j", "false"));
    if (server.real()) {
      profiles.put("unsafe", Map.of("w", "0"));
    }
    return profiles;
  }

  @Override
  protected Map<String, String> unreachable() {
    return Map.of("mongodb.url", "mongodb://127.0.0.1:1", "mongodb.timeout", "1s");
  }

  @Override
  protected String unreachableMessage() {
    return "mongodb: cannot connect to 127.0.0.1:1 (connection refused); is the server running?";
  }

  @Override
  protected Map<String, String> badCredentials() {
    // credentials live inside mongodb.url, which the binding masks; the binding declares no password key
    return Map.of();
  }

  @Override
  protected String badCredentialsMessage() {
    return "";
  }

  @Test
  void batchedLoadStoresEveryRecordAndReportsTheBatchesApart() throws Exception {
    CliRun load = cli("load", "workloada", Map.of("recordcount", "1001", "droptable", "true",
        "mongodb.batchsize", "100", "threadcount", "1"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    Map<String, String> summary = SummaryLines.asMap(load.out());
    assertThat(summary).containsEntry("[INSERT], Return=BATCHED_OK", "991").containsEntry("[INSERT], Return=OK", "10");
    assertThat(summary).containsEntry("[INSERT-BATCH], Operations", "11");
    // every record once, with the time it waited for its batch: none at 0 us
    assertThat(summary).containsEntry("[INSERT], Operations", "1001");
    assertThat(Long.parseLong(summary.get("[INSERT], MinLatency(us)"))).isPositive();
    CliRun run = cli("run", "workloadc", Map.of("recordcount", "1001", "operationcount", "2000"));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(SummaryLines.asMap(run.out())).containsEntry("[READ], Return=OK", "2000");
  }

  @Test
  void nettyTransportRunsTheSameWorkload() throws Exception {
    cli("load", "workloadc", Map.of("recordcount", "200", "droptable", "true"));
    CliRun run = cli("run", "workloadc", Map.of("recordcount", "200", "operationcount", "1000",
        "mongodb.transport", "netty", "threadcount", "4"));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(SummaryLines.asMap(run.out())).containsEntry("[READ], Return=OK", "1000");
  }

  @Test
  void credentialsInTheUrlAreNeverPrinted() throws Exception {
    String withSecret = url.replace("mongodb://", "mongodb://u:s3cr3t-pw@");
    CliRun run = cli("run", "workloada", Map.of("mongodb.url", withSecret, "table", "nosuchtable"));
    assertThat(run.out() + run.err()).doesNotContain("s3cr3t-pw");
  }
}
