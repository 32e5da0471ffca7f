package dev.ycsbdriver.binding.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A MongoDB server that goes away mid-run and comes back on the same port (the in-process wire-protocol
 * server, shut down and bound again): the driver reconnects by itself; the binding reports the errors
 * once per kind and the outage, and the server selection timeout keeps the failures to about one per
 * thread per timeout.
 */
class MongoOutageIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aServerThatGoesAwayAndComesBackIsReportedAsAnOutageWithoutAnErrorStorm() throws Exception {
    MongoServer server = new MongoServer(new MemoryBackend());
    server.bind("127.0.0.1", 0);
    int port = server.getLocalAddress().getPort();
    List<String> common = List.of("-P", Path.of(System.getProperty("ycsb.home"), "workloads", "workloada").toString(),
        "-p", "mongodb.url=mongodb://127.0.0.1:" + port, "-p", "mongodb.database=ycsb_outage",
        "-p", "mongodb.timeout=1s", "-p", "recordcount=500", "-p", "failonerror=false",
        "-p", "result.dir=" + Path.of("target", "it-results", "mongo-outage"));
    try {
      CliRun load = CliRun.of(List.of("load", "mongodb", "-threads", "2"), common.toArray(String[]::new));
      assertThat(load.exitCode()).as(load.toString()).isZero();

      CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of(
          List.of("run", "mongodb", "-threads", "4", "-p", "maxexecutiontime=9", "-p", "operationcount=100000000"),
          common.toArray(String[]::new)));
      Thread.sleep(2500);
      server.shutdownNow();
      Thread.sleep(3000);
      // a new, empty server on the same port: reads and updates find nothing, which is NOT_FOUND, not ERROR
      server = new MongoServer(new MemoryBackend());
      server.bind("127.0.0.1", port);
      CliRun run = running.get(60, TimeUnit.SECONDS);

      assertThat(run.exitCode()).as(run.toString()).isZero();
      JsonNode result = JSON.readTree(run.resultFile().toFile());
      assertThat(result.get("errors")).as(run.toString()).isNotEmpty();
      List<String> printed = run.errLines().stream().filter(l -> l.contains("further errors of this kind")).toList();
      assertThat(printed).hasSize(result.get("errors").size()).allMatch(l -> l.startsWith("mongodb: "));
      JsonNode outage = result.get("connectionOutages").get(0);
      assertThat(outage).as(run.toString()).isNotNull();
      assertThat(outage.get("restoredTime").isNull()).as("the driver reconnected").isFalse();
      long failed = 0;
      for (JsonNode op : result.get("operations")) {
        failed += op.path("statusCounts").path("ERROR").asLong();
      }
      // 4 threads, a 1 s selection timeout, about 3 s down: a dozen or so, not thousands
      assertThat(failed).isPositive().isLessThan(60);
      assertThat(result.get("throughputOkOpsPerSec").asDouble()).isLessThan(result.get("throughputOpsPerSec").asDouble());
    } finally {
      server.shutdownNow();
    }
  }
}
