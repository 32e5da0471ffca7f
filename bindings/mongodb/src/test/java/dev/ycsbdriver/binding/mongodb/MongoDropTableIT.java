package dev.ycsbdriver.binding.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** {@code droptable} on a user's collection: refused unless forced, a YCSB collection dropped as before. */
class MongoDropTableIT {
  private static final Path RESULTS = Path.of("target", "drop-table-results").toAbsolutePath();

  @Test
  void droptableRefusesACollectionOfOtherDocumentsUnlessForced() {
    try (ItServer server = ItServer.start("MongoDropTableIT");
         MongoClient client = MongoClients.create(server.url())) {
      MongoCollection<Document> canary = client.getDatabase("ycsb_drop_it").getCollection("canary");
      canary.drop();
      canary.insertOne(new Document("_id", 1).append("name", "mine").append("secret", "x"));

      CliRun refused = load(server, "droptable=true");
      assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
      List<String> errors = refused.errLines().stream().filter(l -> l.startsWith("ycsb: ")).toList();
      assertThat(errors).as(refused.toString()).containsExactly("ycsb: droptable: collection canary in database "
          + "ycsb_drop_it is not a YCSB collection (its documents have an _id that is not a string; fields not of "
          + "YCSB: name, secret), so it is not dropped; check table=, or add -p droptable.force=true to drop it "
          + "anyway");
      assertThat(canary.countDocuments()).isEqualTo(1);

      CliRun forced = load(server, "droptable=true", "droptable.force=true");
      assertThat(forced.exitCode()).as(forced.toString()).isZero();
      assertThat(canary.countDocuments()).isEqualTo(5);

      CliRun again = load(server, "droptable=true");
      assertThat(again.exitCode()).as("a YCSB collection is dropped without force: " + again).isZero();
      assertThat(canary.countDocuments()).isEqualTo(5);
      canary.drop();
    }
  }

  private static CliRun load(ItServer server, String... more) {
    List<String> properties = new java.util.ArrayList<>(List.of("mongodb.url=" + server.url(),
        "mongodb.database=ycsb_drop_it", "table=canary", "recordcount=5", "result.dir=" + RESULTS));
    properties.addAll(List.of(more));
    return CliRun.of(CliRun.args("load", "mongodb", "workloada", properties.toArray(String[]::new)));
  }
}
