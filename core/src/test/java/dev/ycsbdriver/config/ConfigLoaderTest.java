package dev.ycsbdriver.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
  @TempDir
  Path home;

  @Test
  void laterFilesOverrideEarlierOnesAndCommandLineOverridesFiles() throws Exception {
    Files.writeString(home.resolve("a"), "threadcount=2\nrecordcount=10\nfieldcount=3\n");
    Files.writeString(home.resolve("b"), "recordcount=20\n");
    Map<String, String> overrides = new LinkedHashMap<>();
    overrides.put("fieldcount", "7");
    Settings s = new ConfigLoader(home, home).load(List.of("a", "b"), overrides, "basic");
    assertThat(s.raw("threadcount")).isEqualTo("2");
    assertThat(s.raw("recordcount")).isEqualTo("20");
    assertThat(s.raw("fieldcount")).isEqualTo("7");
  }

  @Test
  void relativeFileIsFoundUnderTheInstallationWhenNotInTheWorkingDirectory() throws Exception {
    Path work = Files.createDirectory(home.resolve("elsewhere"));
    Files.createDirectories(home.resolve("workloads"));
    Files.writeString(home.resolve("workloads/workloada"), "readproportion=0.5\n");
    Settings s = new ConfigLoader(home, work).load(List.of("workloads/workloada"), Map.of(), "basic");
    assertThat(s.raw("readproportion")).isEqualTo("0.5");
  }

  @Test
  void profileFileSitsBetweenFilesAndCommandLine() throws Exception {
    Files.createDirectories(home.resolve("conf/postgres"));
    Files.writeString(home.resolve("conf/postgres/durable.properties"), "postgres.synchronous_commit=on\nx=profile\n");
    Files.writeString(home.resolve("w"), "postgres.synchronous_commit=off\nx=file\ny=file\n");
    Map<String, String> overrides = new LinkedHashMap<>();
    overrides.put("profile", "durable");
    overrides.put("y", "cli");
    Settings s = new ConfigLoader(home, home).load(List.of("w"), overrides, "postgres");
    assertThat(s.raw("postgres.synchronous_commit")).isEqualTo("on");
    assertThat(s.raw("x")).isEqualTo("profile");
    assertThat(s.raw("y")).isEqualTo("cli");
  }

  @Test
  void unknownProfileListsTheAvailableOnes() throws Exception {
    Files.createDirectories(home.resolve("conf/postgres"));
    Files.writeString(home.resolve("conf/postgres/durable.properties"), "");
    Files.writeString(home.resolve("conf/postgres/fast.properties"), "");
    assertThatThrownBy(() -> new ConfigLoader(home, home).load(List.of(), Map.of("profile", "durabel"), "postgres"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("profile: postgres has no profile 'durabel'")
        .hasMessageContaining("available: durable, fast")
        .hasMessageContaining("did you mean durable?");
  }

  @Test
  void missingFileIsAConfigError() {
    assertThatThrownBy(() -> new ConfigLoader(home, home).load(List.of("nope"), Map.of(), "basic"))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("-P nope: no such file");
  }
}
