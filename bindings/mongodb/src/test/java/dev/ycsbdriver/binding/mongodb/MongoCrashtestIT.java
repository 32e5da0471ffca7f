package dev.ycsbdriver.binding.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb crashtest mongodb -p profile=durable} on a fresh database: the crash table is created before the
 * first round (the writer runs the run phase, which needs the collection), the writer writes over TCP and the
 * audit reads every ledger key back.
 *
 * <p>The server is a real MongoDB when {@code YCSB_IT_MONGODB_URI} is set, as for {@link MongoIT}: then it is
 * crashed for real with the built-in kill (SIGKILL to the {@code mongod} listening on the URI's port, which must
 * run on this machine as a user this test may kill and start again) and restarted by re-running its command line.
 * Otherwise the in-process wire-protocol server {@code de.bwaldvogel:mongo-java-server}, which cannot be killed:
 * {@code crash.command} and {@code restart.command} only append a marker line to a file, so this proves the
 * command hooks, the writer, the ledger and the audit path, not MongoDB's durability.
 */
class MongoCrashtestIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static ItServer server;
  private static String url;

  @BeforeAll
  static void startServer() {
    server = ItServer.start("MongoCrashtestIT");
    url = server.url();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theDurableProfileLosesNoAcknowledgedWriteOnAFreshDatabase() throws Exception {
    Path work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "crashtest-it-");
    Path markers = work.resolve("markers");
    String database = "ycsb_crash_" + Long.toString(System.currentTimeMillis(), 36);
    List<String> args = new ArrayList<>(List.of("crashtest", "mongodb", "-p", "profile=durable",
        "-p", "mongodb.url=" + url, "-p", "mongodb.database=" + database, "-p", "result.dir=" + work.resolve("results"),
        "-p", "crash.rounds=2", "-p", "crash.after.min=1s", "-p", "crash.after.max=2s", "-p", "stop.timeout=2s",
        "-p", "restart.grace=500ms", "-threads", "4"));
    if (!server.real()) {
      args.addAll(List.of("-p", "crash.command=echo crash >> " + markers,
          "-p", "restart.command=echo restart >> " + markers));
    }

    CliRun run = CliRun.of(args.toArray(String[]::new));

    try {
      assertThat(run.exitCode()).as(run.toString()).isZero();
      assertThat(run.out()).contains("[CRASH], Rounds, 2").contains("[CRASH], LostWrites, 0")
          .contains("[CRASH], Claim, no-loss").contains("[CRASH], ClaimHeld, true")
          .contains("[OVERALL], RunTime(ms), ").contains("[INSERT], Operations, ");
      JsonNode crash = JSON.readTree(Files.readString(run.resultFile())).path("crash");
      assertThat(crash.path("method").asText()).isEqualTo(server.real() ? "kill" : "command");
      assertThat(crash.path("roundResults")).hasSize(2);
      long acknowledgedInserts = 0;
      for (JsonNode r : crash.path("roundResults")) {
        assertThat(r.path("acknowledgedWrites").asLong()).as(run.toString()).isPositive();
        assertThat(r.path("lostWrites").asLong()).isZero();
        assertThat(r.path("recoveryTimeMillis").isNumber()).isTrue();
        acknowledgedInserts += r.path("acknowledgedInserts").asLong();
      }
      if (!server.real()) {
        assertThat(Files.readAllLines(markers)).as("the crash and restart commands, in order")
            .containsExactly("crash", "restart", "crash", "restart");
      }
      try (MongoClient client = MongoClients.create(url)) {
        assertThat(client.getDatabase(database).getCollection("crashtest").countDocuments())
            .as("documents the writers stored in this server").isGreaterThanOrEqualTo(acknowledgedInserts);
      }
    } finally {
      try (MongoClient client = MongoClients.create(url)) {
        client.getDatabase(database).drop();
      }
    }
  }
}
