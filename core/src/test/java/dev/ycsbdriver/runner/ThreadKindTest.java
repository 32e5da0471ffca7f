package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import dev.ycsbdriver.testing.SummaryLines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadKindTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern RELEASE_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

  @TempDir
  Path results;

  private List<String> workloadF(String... more) {
    List<String> args = new ArrayList<>(List.of("run", "-db", "site.ycsb.BasicDB", "-P",
        Resources.path("/golden/workloads/workloadf").toString(), "-threads", "8", "-p", "operationcount=4000",
        "-p", "basicdb.verbose=false", "-p", "result.dir=" + results));
    for (String m : more) {
      args.addAll(List.of("-p", m));
    }
    return args;
  }

  @Test
  void platformThreadsAreTheDefaultAndTheResultSaysSo() throws Exception {
    CliRun run = CliRun.of(workloadF().toArray(String[]::new));
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(JSON.readTree(run.resultFile().toFile()).get("threadKind").asText()).isEqualTo("platform");
    assertThat(run.err()).doesNotContain("virtual threads");
  }

  @Test
  void virtualThreadsCannotBusyWait() {
    CliRun run = CliRun.of(workloadF("threadkind=virtual", "spin.sleep=true").toArray(String[]::new));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    assertThat(run.err()).contains("threadkind: virtual threads cannot busy-wait");
    assertThat(run.err()).doesNotContain("Exception");
  }

  @Test
  void virtualThreadsRunTheWorkloadOnAJvmThatHasThemAndAreRefusedBeforeIt() throws Exception {
    if (Runtime.version().feature() < RunConfig.VIRTUAL_THREADS_FROM_JAVA) {
      CliRun refused = CliRun.of(workloadF("threadkind=virtual").toArray(String[]::new));
      assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
      assertThat(refused.err().strip()).isEqualTo("ycsb: threadkind: virtual threads need Java 21 or later; this is Java "
          + Runtime.version().feature() + " (use platform, or run with a newer JDK)");
    }
    Path jdk = jdkWithVirtualThreads();
    if (jdk == null) {
      // no JDK 21+ here: the refusal above is all this machine can show; that there is none is checked by asking
      // each JDK installed beside this one for its version, not by reading the files the search read
      assertThat(installedFeatureVersions()).as("JDKs under /usr/lib/jvm, by java -version")
          .allMatch(v -> v < RunConfig.VIRTUAL_THREADS_FROM_JAVA);
      return;
    }
    // workload F: CoreWorkload times each read-modify-write itself and reports it through the measurements
    // singleton, which finds the client's registry (during the warm-up, one that does not count) through the
    // thread it runs on
    CliRun run = CliRun.inChild(jdk, workloadF("threadkind=virtual", "warmup=300ms"), results, 120);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("Client threads: 8 virtual threads (threadkind=virtual).");
    JsonNode result = JSON.readTree(CliRun.resultFile(run.err()).toFile());
    assertThat(result.get("threadKind").asText()).isEqualTo("virtual");
    assertThat(result.get("operationsTotal").asLong()).isEqualTo(4000);
    assertThat(result.at("/warmupOperations/UPDATE").asLong()).isPositive();
    Map<String, String> summary = SummaryLines.asMap(run.out());
    assertThat(Long.parseLong(summary.get("[READ-MODIFY-WRITE], Operations"))).isPositive();
    assertThat(summary.get("[READ-MODIFY-WRITE], Operations")).isEqualTo(summary.get("[UPDATE], Operations"));
  }

  /** @return the feature version each {@code /usr/lib/jvm/<home>/bin/java -version} prints; empty without any */
  private static List<Integer> installedFeatureVersions() throws Exception {
    List<Integer> out = new ArrayList<>();
    Path jvms = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvms)) {
      return out;
    }
    Pattern version = Pattern.compile("version \"(\\d+)");
    try (Stream<Path> homes = Files.list(jvms)) {
      for (Path home : (Iterable<Path>) homes.sorted()::iterator) {
        Path java = home.resolve("bin/java");
        if (!Files.isExecutable(java)) {
          continue;
        }
        Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(java + ": " + text).isZero();
        Matcher m = version.matcher(text);
        assertThat(m.find()).as(java + ": " + text).isTrue();
        out.add(Integer.parseInt(m.group(1)));
      }
    }
    return out;
  }

  /** @return this JVM's home when it has virtual threads, else a JDK 21+ under /usr/lib/jvm, else null */
  private static Path jdkWithVirtualThreads() throws IOException {
    if (Runtime.version().feature() >= RunConfig.VIRTUAL_THREADS_FROM_JAVA) {
      return Path.of(System.getProperty("java.home"));
    }
    Path jvms = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvms)) {
      return null;
    }
    try (Stream<Path> homes = Files.list(jvms)) {
      for (Path home : (Iterable<Path>) homes.sorted()::iterator) {
        Path release = home.resolve("release");
        if (Files.isRegularFile(release) && Files.isExecutable(home.resolve("bin/java"))) {
          Matcher m = RELEASE_VERSION.matcher(Files.readString(release));
          if (m.find() && Integer.parseInt(m.group(1)) >= RunConfig.VIRTUAL_THREADS_FROM_JAVA) {
            return home;
          }
        }
      }
    }
    return null;
  }
}
