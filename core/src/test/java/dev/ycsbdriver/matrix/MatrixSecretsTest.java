package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.SecretProperties;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix hands each cell its secrets through the child's environment, never its command line, and
 * saves none of them in its results: the cells' command lines are read from {@code /proc} while they run.
 */
class MatrixSecretsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PASSWORD = "s3cr3t-pw-1";
  private static final String URL_PASSWORD = "s3cr3t-url-2";
  private static final String URL = "jdbc:postgresql://ycsb:" + URL_PASSWORD + "@127.0.0.1/ycsb";

  @TempDir
  Path dir;

  /** A running cell as /proc showed it. */
  private record Seen(String commandLine, String environment, String environmentMode) {
  }

  @Test
  void cellsGetTheirSecretsThroughTheEnvironmentAndNoResultFileHoldsThem() throws Exception {
    String path = System.getenv("PATH");
    assertThat(path).as("the test takes an ${env:...} value from PATH").isNotBlank();
    Path out = dir.resolve("out");
    Path file = dir.resolve("m.yaml");
    Files.writeString(file, """
        name: m
        output: %s
        recordcount: 60
        operationcount: 60
        warmup: 0
        loadThreads: 1
        threads: [1]
        workloads: [%s]
        properties: {basicdb.verbose: "true", basicdb.simulatedelay: "30", db.password: %s}
        stores:
          - binding: basic
            properties: {db.url: "%s", ycsbtest.path: "${env:PATH}"}
        """.formatted(out, Resources.path("/golden/workloads/workloada"), PASSWORD, URL));

    CompletableFuture<CliRun> matrix = CompletableFuture.supplyAsync(() -> CliRun.of("matrix", file.toString()));
    Map<Long, Seen> cells = new LinkedHashMap<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!matrix.isDone() && System.nanoTime() < deadline) {
      watch(out.resolve("cells"), cells);
      Thread.sleep(20);
    }
    CliRun run = matrix.get(1, TimeUnit.SECONDS);

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(cells).as("the load and the run cell were seen running").hasSize(2);
    for (Seen cell : cells.values()) {
      assertThat(cell.commandLine()).contains("dev.ycsbdriver.cli.Main", " basic ", "-p store.name=basic")
          .doesNotContain(PASSWORD, URL_PASSWORD, "db.password", "db.url", path);
      assertThat(cell.environment()).contains(SecretProperties.ENVIRONMENT_VARIABLE + "=", PASSWORD, URL_PASSWORD);
      assertThat(cell.environmentMode()).as("only the same user reads a process's environment").isEqualTo("r--------");
    }
    Path cellDir = out.resolve("cells/basic/default/t1/workloada/r1");
    // BasicDB prints the properties it was given: the secrets reached the binding
    assertThat(cellDir.resolve(CellProcess.SUMMARY_FILE)).content()
        .contains("\"db.password\"=\"" + PASSWORD + "\"", "\"db.url\"=\"" + URL + "\"", "\"ycsbtest.path\"=\"" + path);
    assertThat(cellDir.resolve(CellProcess.LOG_FILE)).content()
        .contains("(from the environment: db.password, db.url, ycsbtest.path)");
    JsonNode result = JSON.readTree(out.resolve(JSON.readTree(cellDir.resolve(MatrixRunner.CELL_FILE).toFile())
        .get("result").asText()).toFile());
    assertThat(result.at("/config/db.password").asText()).isEqualTo("****");
    assertThat(result.at("/config/db.url").asText()).isEqualTo("jdbc:postgresql://ycsb:****@127.0.0.1/ycsb");
    assertThat(out.resolve("matrix.yaml")).content().contains("db.password: \"****\"", "ycsb:****@127.0.0.1",
        "${env:PATH}");
    List<Path> saved = files(out);
    assertThat(saved).extracting(p -> p.getFileName().toString())
        .contains("matrix.yaml", "report.md", "report.html", "report.csv", "result.json", "cell.json", "log.txt");
    for (Path f : saved) {
      if (!f.getFileName().toString().equals(CellProcess.SUMMARY_FILE)) {
        assertThat(Files.readString(f, StandardCharsets.ISO_8859_1)).as(out.relativize(f).toString())
            .doesNotContain(PASSWORD, URL_PASSWORD);
      }
    }
  }

  /** Reads the command line and environment of every cell now running under {@code cells}. */
  private static void watch(Path cells, Map<Long, Seen> seen) throws IOException {
    if (!Files.isDirectory(cells)) {
      return;
    }
    List<Path> pidFiles;
    try (Stream<Path> walk = Files.walk(cells)) {
      pidFiles = walk.filter(f -> f.getFileName().toString().equals(CellProcess.PID_FILE)).toList();
    } catch (IOException | java.io.UncheckedIOException e) {
      return; // a cell directory went away while it was walked
    }
    for (Path pidFile : pidFiles) {
      try {
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        if (!seen.containsKey(pid)) {
          Path proc = Path.of("/proc", Long.toString(pid));
          String commandLine = new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8)
              .replace('\0', ' ');
          String environment = new String(Files.readAllBytes(proc.resolve("environ")), StandardCharsets.UTF_8);
          String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(proc.resolve("environ")));
          if (!commandLine.isEmpty()) {
            seen.put(pid, new Seen(commandLine, environment, mode));
          }
        }
      } catch (IOException | NumberFormatException e) {
        // the pid file is half written, or the cell has just ended: the next look decides
      }
    }
  }

  private static List<Path> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile).toList();
    }
  }
}
