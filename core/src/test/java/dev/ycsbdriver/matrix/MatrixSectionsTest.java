package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.report.ReferenceFigures;
import dev.ycsbdriver.result.model.CrashSection;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.testing.Resources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix file's crashtest and reference sections and its stores that need an environment variable: what they
 * give, the crash test cell's command line, and errors that name the file, the line and the key.
 */
class MatrixSectionsTest {
  @TempDir
  Path dir;

  private final Path home = Resources.path("/golden/workloads/workloada").getParent().getParent();

  private static final String BASE = """
      recordcount: 1000
      operationcount: 5000
      threads: [8]
      workloads: [workloada]
      stores:
        - binding: postgres
          profiles: [durable, fast]
          properties: {postgres.url: "jdbc:postgresql://127.0.0.1:5432/ycsb", postgres.password: "${env:PG_PW}"}
        - binding: mongodb
          when-env: MONGO_URI
          profiles: [durable]
          properties: {mongodb.url: "${env:MONGO_URI}"}
      """;

  private static final UnaryOperator<String> NO_MONGO = Map.of("PG_PW", "secret")::get;

  private Path write(String yaml) throws IOException {
    Path f = dir.resolve("m.yaml");
    Files.writeString(f, yaml);
    return f;
  }

  @Test
  void crashtestSectionGivesRoundsCrashWindowThreadsPropertiesAndATimeout() throws Exception {
    MatrixSpec spec = MatrixFile.read(write(BASE + """
        crashtest:
          rounds: 3
          after: [5s, 15s]
          threads: 16
          properties: {restart.timeout: 120s}
        """), home, NO_MONGO);
    MatrixSpec.Crashtest c = spec.crashtest();
    assertThat(c.rounds()).isEqualTo(3);
    assertThat(c.afterMin()).isEqualTo(Duration.ofSeconds(5));
    assertThat(c.afterMax()).isEqualTo(Duration.ofSeconds(15));
    assertThat(c.threads()).isEqualTo(16);
    assertThat(c.properties()).containsExactly(Map.entry("restart.timeout", "120s"));
    // 3 x (15 s + 5 min) + 5 min
    assertThat(c.timeout()).isEqualTo(Duration.ofSeconds(3 * 315 + 300));
    assertThat(MatrixFile.read(write(BASE), home, NO_MONGO).crashtest()).isNull();
  }

  @Test
  void theCrashCellRunsCrashtestWithTheStoresAndProfilesPropertiesAndKeepsSecretsOffTheCommandLine() throws Exception {
    MatrixSpec spec = MatrixFile.read(write(BASE + """
        properties: {fieldcount: 10}
        crashtest:
          rounds: 3
          after: [5s, 15s]
          threads: 16
          properties: {restart.timeout: 120s}
        """), home, NO_MONGO);
    Path out = dir.resolve("out").toAbsolutePath();
    CrashCell cell = new CrashCell(spec.stores().get(0), "durable");
    CellArguments args = cell.arguments(spec, out, 1234);
    Path cellDir = out.resolve("cells/postgres/durable/crashtest");
    assertThat(cell.directory(out)).isEqualTo(cellDir);
    assertThat(args.args()).containsExactly("crashtest", "postgres", "-threads", "16",
        "-p", "fieldcount=10", "-p", "postgres.url=jdbc:postgresql://127.0.0.1:5432/ycsb",
        "-p", "profile=durable", "-p", "store.name=postgres", "-p", "result.dir=" + cellDir,
        "-p", "recordcount=1234", "-p", "crash.rounds=3", "-p", "crash.after.min=5000ms",
        "-p", "crash.after.max=15000ms", "-p", "restart.timeout=120s");
    assertThat(args.secrets()).containsOnlyKeys("postgres.password");
    assertThat(cell.label()).isEqualTo("postgres durable crashtest");
  }

  @Test
  void aCrashTestWhoseClaimFailedIsAFindingNotAFailure() throws Exception {
    assertThat(CrashCell.status(1, crashResult("{\"claim\": \"no-loss\", \"claimHeld\": false}")))
        .isEqualTo(CrashCell.FINDING);
    assertThat(CrashCell.status(0, crashResult("{\"claim\": \"no-loss\", \"claimHeld\": true}")))
        .isEqualTo("ok");
    assertThat(CrashCell.status(1, crashResult("{\"claim\": \"no-loss\", \"claimHeld\": true}")))
        .as("a round failed: retry").isEqualTo("failed");
    assertThat(CrashCell.status(3, null)).isEqualTo("failed");
    assertThat(CrashCell.summary(crashResult("{\"claim\": \"no-loss\", \"claimHeld\": false, "
        + "\"acknowledgedWrites\": 98000, \"lostWrites\": 3, \"rounds\": 3, \"roundResults\": [{}, {}]}")))
        .isEqualTo("lost 3 of 98,000 acknowledged writes in 2 crashes, claim no-loss NOT held");
    assertThat(CrashCell.summary(crashResult("{\"claim\": \"no-loss\", \"claimHeld\": null, "
        + "\"acknowledgedWrites\": 6464, \"lostWrites\": null, \"rounds\": 1, \"failure\": {\"round\": 1, "
        + "\"step\": \"restart\", \"reason\": \"restart.command: exit 127\"}}")))
        .as("a restart that failed is no proof of anything").isEqualTo("crash test failed (round 1, restart): lost "
            + "writes unknown");
  }

  /** @return a result document whose {@code crash} object is {@code crash}, the rest absent */
  private static ResultDocument crashResult(String crash) throws IOException {
    return new ResultDocument(null, null, null, null, null, new ObjectMapper().readValue(crash, CrashSection.class));
  }

  @Test
  void crashtestErrorsNameTheLineAndKey() throws Exception {
    Path typo = write(BASE + "crashtest:\n  rounds: 3\n  afterr: [5s, 15s]\n");
    assertThatThrownBy(() -> MatrixFile.read(typo, home, NO_MONGO))
        .hasMessage(typo + ":15: crashtest.afterr: unknown key; did you mean 'after'?");
    Path backwards = write(BASE + "crashtest:\n  after: [15s, 5s]\n");
    assertThatThrownBy(() -> MatrixFile.read(backwards, home, NO_MONGO))
        .hasMessage(backwards + ":14: crashtest.after: max must be at least min, got [15s, 5s]");
    Path rounds = write(BASE + "crashtest:\n  rounds: 0\n");
    assertThatThrownBy(() -> MatrixFile.read(rounds, home, NO_MONGO))
        .hasMessage(rounds + ":14: crashtest.rounds: must be between 1 and 1000, got 0");
  }

  @Test
  void aStoreWhoseEnvironmentVariableIsNotSetIsLeftOutAndNamed() throws Exception {
    MatrixSpec without = MatrixFile.read(write(BASE), home, NO_MONGO);
    assertThat(without.stores()).extracting(MatrixSpec.Store::name).containsExactly("postgres");
    assertThat(without.leftOut()).containsExactly("mongodb (environment variable MONGO_URI is not set)");
    MatrixSpec with = MatrixFile.read(write(BASE), home, Map.of("PG_PW", "secret", "MONGO_URI", "mongodb://h")::get);
    assertThat(with.stores()).extracting(MatrixSpec.Store::name).containsExactly("postgres", "mongodb");
    assertThat(with.leftOut()).isEmpty();
  }

  @Test
  void whenEnvMustNameAVariable() throws Exception {
    Path f = write(BASE.replace("when-env: MONGO_URI", "when-env: \"${MONGO_URI}\""));
    assertThatThrownBy(() -> MatrixFile.read(f, home, NO_MONGO)).hasMessage(f + ":10: stores[1].when-env: must be an "
        + "environment variable's name such as YCSB_MONGODB_URI, got '${MONGO_URI}'");
  }

  @Test
  void referenceSectionGivesTheirFiguresAndRejectsUnknownKeysAndBadFigures() throws Exception {
    String reference = """
        reference:
          source: "Seed 004 (published benchmark)"
          machine: "Apple M1 Max, 10 cores"
          note: "their hardware and client; not comparable in absolute terms"
          figures:
            - {store: postgres, profile: durable, workload: workloada, throughput: 1234}
            - {store: postgres, profile: fast, workload: workloada, throughput: 5678.5, threads: 32}
        """;
    ReferenceFigures ref = MatrixFile.read(write(BASE + reference), home, NO_MONGO).reference();
    assertThat(ref.source()).isEqualTo("Seed 004 (published benchmark)");
    assertThat(ref.machine()).isEqualTo("Apple M1 Max, 10 cores");
    assertThat(ref.figures()).containsExactly(
        new ReferenceFigures.Figure("postgres", "durable", "workloada", null, 1234),
        new ReferenceFigures.Figure("postgres", "fast", "workloada", 32, 5678.5));
    assertThat(MatrixSections.reference(write(BASE + reference), true)).isEqualTo(ref);

    Path unknown = write(BASE + reference.replace("note:", "notes:"));
    assertThatThrownBy(() -> MatrixFile.read(unknown, home, NO_MONGO))
        .hasMessage(unknown + ":16: reference.notes: unknown key; did you mean 'note'?");
    Path figureKey = write(BASE + reference.replace("throughput: 1234", "opsPerSec: 1234"));
    assertThatThrownBy(() -> MatrixFile.read(figureKey, home, NO_MONGO))
        .hasMessageStartingWith(figureKey + ":18: reference.figures[0].opsPerSec: unknown key");
    Path zero = write(BASE + reference.replace("throughput: 1234", "throughput: 0"));
    assertThatThrownBy(() -> MatrixFile.read(zero, home, NO_MONGO)).hasMessage(zero
        + ":18: reference.figures[0].throughput: must be their throughput in ops/s, a number above 0, got '0'");
    Path store = write(BASE + reference.replace("{store: postgres, profile: durable", "{store: oracle, profile: durable"));
    assertThatThrownBy(() -> MatrixFile.read(store, home, NO_MONGO)).hasMessage(store
        + ":18: reference.figures[0].store: must name one of the stores (postgres, mongodb), got oracle");
    Path none = write(BASE);
    assertThatThrownBy(() -> MatrixSections.reference(none, true))
        .hasMessageContaining("reference: a value is required");
    assertThat(MatrixSections.reference(none, false)).isNull();
  }

  @Test
  void shippedSeed004MatricesAreValidWithAndWithoutMongodb() throws Exception {
    Path root = home;
    while (root != null && !Files.isDirectory(root.resolve("conf/matrices"))) {
      root = root.getParent();
    }
    assertThat(root).isNotNull();
    UnaryOperator<String> passwords = Map.of("YCSB_POSTGRES_PASSWORD", "p", "YCSB_MYSQL_PASSWORD", "m")::get;
    for (String name : List.of("seed-004-durable-vs-fast", "seed-004-durable-vs-fast-small")) {
      Path file = root.resolve("conf/matrices/" + name + ".yaml");
      MatrixSpec spec = MatrixFile.read(file, root, passwords);
      assertThat(spec.stores()).extracting(MatrixSpec.Store::name).containsExactly("postgres", "mysql");
      assertThat(spec.leftOut()).containsExactly("mongodb (environment variable YCSB_MONGODB_URI is not set)");
      assertThat(spec.stores().get(0).profiles()).containsExactly("seed004-durable", "seed004-fast");
      assertThat(spec.workloads()).extracting(MatrixSpec.Workload::name)
          .containsExactly("workloada", "workloadb", "workloadc", "workloadd", "workloadf");
      assertThat(spec.threads()).containsExactly(64);
      assertThat(spec.repeats()).isEqualTo(3);
      assertThat(spec.crashtest()).isNotNull();
      // seed 004's published throughput and mean latency: 3 stores x 2 profiles x 5 workloads
      assertThat(spec.reference().figures()).hasSize(30);
      MatrixSpec all = MatrixFile.read(file, root, Map.of("YCSB_POSTGRES_PASSWORD", "p", "YCSB_MYSQL_PASSWORD", "m",
          "YCSB_MONGODB_URI", "mongodb://127.0.0.1:27017")::get);
      assertThat(all.stores()).extracting(MatrixSpec.Store::name).containsExactly("postgres", "mysql", "mongodb");
    }
    MatrixSpec full = MatrixFile.read(root.resolve("conf/matrices/seed-004-durable-vs-fast.yaml"), root, passwords);
    assertThat(full.recordCount()).isEqualTo(1_000_000);
    assertThat(full.operationCount()).isEqualTo(1_000_000);
    assertThat(full.crashtest().rounds()).isEqualTo(3);
  }
}
