package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.distribution.TreeCommand.Outcome;
import dev.ycsbdriver.testing.NoOpDb;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * Runs the assembled {@code bin/ycsb} of {@code target/ycsb-driver-VERSION/} as a real process, the way
 * users and their scripts do: exit codes, the YCSB summary on stdout, the options the launcher takes
 * itself ({@code -cp}, {@code -jvm-args}) and its Java check. Result files go under {@code target/}.
 */
class LauncherIT {
  private static final Path TREE = Path.of(System.getProperty("distribution.dir")).toAbsolutePath();
  private static final Path BUILD_DIR = TREE.getParent();
  private static final Path WORK = BUILD_DIR.resolve("launcher-it");
  private static final String THROUGHPUT = "[OVERALL], Throughput(ops/sec), ";
  private static final AtomicInteger RUNS = new AtomicInteger();

  @Test
  void runWithTheBuiltInBasicBindingPrintsTheYcsbSummary() throws Exception {
    Outcome run = ycsb("run", "basic", "-P", "workloads/workloada", "-p", "recordcount=1000",
        "-p", "operationcount=1000", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).startsWith("[OVERALL], RunTime(ms), ").contains(THROUGHPUT, "[READ], Operations, ");
  }

  @Test
  void aMemoryRunRecordsBothCalibrationsAndComparesTheNextWithTheMachinesHistory() throws Exception {
    Path history = WORK.resolve("calibration-" + RUNS.incrementAndGet()).resolve("calibrations.json");
    // the build's tests run with YCSB_CALIBRATION=false (parent pom.xml); this one calibrates as a user's run does
    Map<String, String> env = Map.of("JAVA_HOME", System.getProperty("java.home"), "YCSB_CALIBRATION_HISTORY",
        history.toString(), "YCSB_CALIBRATION", "true");
    JsonNode first = memoryRun(env);
    JsonNode second = memoryRun(env);

    for (JsonNode c : List.of(first, second)) {
      for (String at : List.of("start", "end")) {
        assertThat(c.path(at).path("cpuScoreOpsPerSec").asDouble()).as(at).isPositive();
        assertThat(c.path(at).path("fsyncMedianMicros").asDouble()).as(at).isPositive();
        assertThat(c.path(at).path("fsyncP99Micros").asDouble()).as(at).isPositive();
      }
    }
    assertThat(first.path("reference").path("unknownReason").asText()).isEqualTo("no earlier calibration on this "
        + "machine");
    assertThat(first.path("startRatio").path("cpuScore").isNull()).isTrue();
    assertThat(second.path("reference").path("earlierCalibrations").asInt()).isEqualTo(2);
    assertThat(second.path("endRatio").path("cpuScore").asDouble()).isPositive();
    assertThat(Files.readString(history)).contains("cpuScoreOpsPerSec");
  }

  /** @return the {@code calibration} object of a short memory run's result.json */
  private static JsonNode memoryRun(Map<String, String> env) throws Exception {
    Path results = results();
    Outcome run = ycsb(env, "run", "memory", "-P", "workloads/workloada", "-p", "operationcount=2000",
        "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stderr()).contains("Calibration: CPU score ");
    try (var files = Files.walk(results)) {
      Path result = files.filter(f -> f.getFileName().toString().equals("result.json")).findFirst().orElseThrow();
      return new ObjectMapper().readTree(result.toFile()).path("calibration");
    }
  }

  @Test
  void dbOptionRunsAnySiteYcsbDbClass() throws Exception {
    Outcome run = ycsb("run", "-db", "site.ycsb.BasicDB", "-P", "workloads/workloada",
        "-p", "operationcount=1000", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).contains(THROUGHPUT);
  }

  @Test
  void cpAddsJarsAndClassesOutsideTheDistribution() throws Exception {
    // core's test stores are not in the tree; -cp reaches them as it reaches an upstream YCSB binding jar
    Path testStores = Path.of(NoOpDb.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Outcome run = ycsb("run", "-db", NoOpDb.class.getName(), "-cp", testStores.toString(),
        "-P", "workloads/workloadc", "-p", "operationcount=500", "-p", "result.dir=" + results());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).contains(THROUGHPUT, "[READ], Return=OK, 500");
  }

  @Test
  void jvmArgsAreGivenToTheJvmAndNotToTheDriver() throws Exception {
    Outcome accepted = ycsb("run", "basic", "-jvm-args", "-Xmx256m -Dycsb.it.marker=1", "-cp", "/some/dir",
        "-P", "workloads/workloadb", "-p", "basicdb.verbose=false", "-p", "result.dir=" + results());
    assertThat(accepted.exitCode()).as(accepted.stderr()).isZero();
    assertThat(accepted.stdout()).contains(THROUGHPUT);

    // an option the JVM rejects proves the words reach the JVM rather than the driver
    Outcome rejected = ycsb("run", "basic", "-jvm-args", "-Xmx256m -XX:+NoSuchOptionInAnyJvm",
        "-P", "workloads/workloadb", "-p", "result.dir=" + results());
    assertThat(rejected.exitCode()).isNotZero();
    assertThat(rejected.stderr()).contains("NoSuchOptionInAnyJvm");
    assertThat(rejected.stdout()).isEmpty();

    // upstream's argparse spelling, as the out-of-memory line suggests it: -jvm-args=<options>
    Outcome joined = ycsb("run", "basic", "-jvm-args=-XX:+NoSuchOptionInAnyJvm", "-P", "workloads/workloadb",
        "-p", "result.dir=" + results());
    assertThat(joined.exitCode()).isNotZero();
    assertThat(joined.stderr()).contains("NoSuchOptionInAnyJvm").doesNotContain("Unknown option");
  }

  @Test
  void bindingsListsEveryBindingInTheTree() throws Exception {
    Outcome list = ycsb("bindings");
    assertThat(list.exitCode()).as(list.stderr()).isZero();
    List<String> expected = new ArrayList<>(List.of("basic"));
    expected.addAll(bindingsWithAProvider());
    assertThat(expected).allSatisfy(name -> assertThat(list.stdout()).containsPattern("(?m)^" + name + "[ :]"));
  }

  @Test
  void unknownBindingIsAUsageError() throws Exception {
    Outcome run = ycsb("run", "nosuchstore", "-P", "workloads/workloada", "-p", "result.dir=" + results());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stderr()).contains("nosuchstore");
    assertThat(run.stdout()).isEmpty();
  }

  @Test
  void withoutJavaItSaysSoInOneLineAndExits2() throws Exception {
    Path noJava = Files.createDirectories(WORK.resolve("no-java"));
    Outcome run = ycsb(Map.of("JAVA_HOME", noJava.toString(), "PATH", toolsWithoutJava().toString()),
        "run", "basic", "-P", "workloads/workloada");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stderr()).isEqualTo("ycsb: no Java found; install a JDK 17+ or set JAVA_HOME\n");
    assertThat(run.stdout()).isEmpty();
  }

  @Test
  void javaOlderThan17IsNamedWithItsPath() throws Exception {
    Path oldJavaHome = WORK.resolve("java8");
    Path oldJava = Files.createDirectories(oldJavaHome.resolve("bin")).resolve("java");
    Files.writeString(oldJava, "#!/bin/sh\necho 'java version \"1.8.0_292\"' >&2\n");
    oldJava.toFile().setExecutable(true);
    Outcome run = ycsb(Map.of("JAVA_HOME", oldJavaHome.toString()), "run", "basic", "-P", "workloads/workloada");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stderr())
        .isEqualTo("ycsb: Java 17 or later is required; found 1.8.0_292 at " + oldJava + "\n");
  }

  /** @return names of the bindings whose directory in the tree holds a jar that registers a provider */
  private static List<String> bindingsWithAProvider() throws IOException {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(TREE.resolve("bindings"))) {
      for (Path dir : dirs) {
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir.resolve("lib"), "*.jar")) {
          for (Path jar : jars) {
            try (JarFile j = new JarFile(jar.toFile())) {
              if (j.getEntry("META-INF/services/dev.ycsbdriver.spi.BindingProvider") != null) {
                names.add(dir.getFileName().toString());
              }
            }
          }
        }
      }
    }
    return names;
  }

  /** @return a directory of links to the tools bin/ycsb needs before it looks for Java, and no java */
  private static Path toolsWithoutJava() throws IOException {
    Path tools = Files.createDirectories(WORK.resolve("tools-without-java"));
    for (String tool : List.of("dirname", "ls", "sed", "head", "find")) {
      Path link = tools.resolve(tool);
      for (String dir : List.of("/usr/bin", "/bin")) {
        Path real = Path.of(dir, tool);
        if (!Files.exists(link) && Files.isExecutable(real)) {
          Files.createSymbolicLink(link, real);
        }
      }
    }
    return tools;
  }

  private static Path results() {
    return WORK.resolve("results-" + RUNS.incrementAndGet());
  }

  private static Outcome ycsb(String... args) throws Exception {
    return ycsb(Map.of("JAVA_HOME", System.getProperty("java.home")), args);
  }

  /** Runs bin/ycsb from the build directory, so relative -P files resolve through ycsb.home. */
  private static Outcome ycsb(Map<String, String> environment, String... args) throws Exception {
    return TreeCommand.run(BUILD_DIR, WORK, environment, List.of(args));
  }
}
