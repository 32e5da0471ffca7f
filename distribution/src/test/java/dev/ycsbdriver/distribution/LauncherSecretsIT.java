package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.JvmCrashDb;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Secrets given to {@code bin/ycsb} stay off every process's command line, which every user can read
 * ({@code /proc/<pid>/cmdline}), and out of the JVM's crash file, which is readable by its owner only.
 */
class LauncherSecretsIT {
  private static final Path TREE = Path.of(System.getProperty("distribution.dir")).toAbsolutePath();
  private static final Path BUILD_DIR = TREE.getParent();
  private static final Path WORK = BUILD_DIR.resolve("launcher-secrets-it");
  private static final String PASSWORD = "Pw-on-the-command-line\\x y";
  private static final String URL_PASSWORD = "UrlPw-on-the-command-line";

  @Test
  void secretsGivenWithMinusPReachTheDriverButNotTheJavaCommandLine() throws Exception {
    Path results = fresh(WORK.resolve("results-cmdline"));
    // 40 operations at 20 ops/s: two seconds to read the running JVM's command line
    Process p = start(WORK.resolve("cmdline.out"), "run", "basic", "-P", "workloads/workloada",
        "-p", "basicdb.verbose=false", "-p", "recordcount=10", "-p", "operationcount=40", "-target", "20",
        "-p", "db.passwd=" + PASSWORD, "-p", "mongodb.url=mongodb://u:" + URL_PASSWORD + "@127.0.0.1/db",
        "-p", "result.dir=" + results);
    Path proc = Path.of("/proc", Long.toString(p.pid()));
    String commandLine = "";
    // the launcher execs the JVM in its own process: wait until the command line is the JVM's
    for (int i = 0; i < 200 && p.isAlive() && !commandLine.contains("dev.ycsbdriver.cli.Main"); i++) {
      commandLine = read(proc.resolve("cmdline"));
      Thread.sleep(25);
    }
    String environment = read(proc.resolve("environ"));
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(Files.readString(WORK.resolve("cmdline.out"))).isZero();

    assertThat(commandLine).contains("dev.ycsbdriver.cli.Main", "-p result.dir=" + results)
        .doesNotContain("Pw-on-the-command-line", URL_PASSWORD);
    assertThat(environment).contains("YCSB_SECRET_PROPERTIES=", URL_PASSWORD);
    assertThat(Files.readString(WORK.resolve("cmdline.out"))).doesNotContain("Pw-on-the-command-line");
    String result = Files.readString(find(results, "result.json").get(0));
    assertThat(result).contains("db.passwd").doesNotContain("Pw-on-the-command-line", URL_PASSWORD);
  }

  @Test
  void theJvmCrashFileIsOwnerOnlyAndHoldsNoSecret() throws Exception {
    Path results = fresh(WORK.resolve("results-crash"));
    Path testStores = Path.of(JvmCrashDb.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Process p = start(WORK.resolve("crash.out"), "run", "-db", JvmCrashDb.class.getName(), "-cp",
        testStores.toString(), "-P", "workloads/workloada", "-p", "db.passwd=" + PASSWORD,
        "-p", "result.dir=" + results);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(Files.readString(WORK.resolve("crash.out"))).isEqualTo(134);

    List<Path> crashFiles = find(results, "hs_err_pid");
    assertThat(crashFiles).hasSize(1);
    Path crashFile = crashFiles.get(0);
    assertThat(Files.getPosixFilePermissions(crashFile.getParent()))
        .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
            PosixFilePermission.OWNER_EXECUTE);
    assertThat(Files.readString(crashFile, StandardCharsets.ISO_8859_1)).contains("java_command: dev.ycsbdriver")
        .doesNotContain("Pw-on-the-command-line");
  }

  private static Process start(Path log, String... args) throws IOException {
    Files.createDirectories(WORK);
    List<String> command = new ArrayList<>();
    command.add(TREE.resolve("bin/ycsb").toString());
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(BUILD_DIR.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().remove("YCSB_SECRET_PROPERTIES");
    return pb.start();
  }

  /** @return the directory, emptied of what an earlier run of this test left */
  private static Path fresh(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> all = Files.walk(dir)) {
        for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(f);
        }
      }
    }
    return dir;
  }

  private static String read(Path procFile) {
    try {
      return new String(Files.readAllBytes(procFile), StandardCharsets.UTF_8).replace('\0', ' ');
    } catch (IOException e) {
      return "";
    }
  }

  private static List<Path> find(Path dir, String namePrefix) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(f -> f.getFileName().toString().startsWith(namePrefix)).toList();
    }
  }
}
