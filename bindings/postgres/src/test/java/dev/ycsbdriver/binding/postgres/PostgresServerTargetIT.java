package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.cpu.ServerTarget;
import dev.ycsbdriver.spi.ServerLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The server CPU of a run against the PostgreSQL on 127.0.0.1:5432 is that cluster's: its postmaster (the
 * process listening on the port, named in the data directory's {@code postmaster.pid}) and its backends,
 * not every process named postgres on the machine (other clusters run here on other ports).
 */
class PostgresServerTargetIT {
  /** Where Debian's clusters keep their data directories: {@code <major>/<cluster>/postmaster.pid}. */
  private static final Path CLUSTERS = Path.of("/var/lib/postgresql");

  /**
   * @return the pid of the postmaster listening on 5432: the first line of the {@code postmaster.pid} whose
   *     fourth line is the port, among Debian's clusters (15 on Debian 12, 17 on Debian 13)
   */
  static long postmasterPid() throws IOException {
    try (var files = Files.find(CLUSTERS, 3, (path, attrs) -> path.getFileName().toString().equals("postmaster.pid"))) {
      for (Path file : (Iterable<Path>) files::iterator) {
        String[] lines = Files.readString(file).split("\n");
        if (lines.length > 3 && lines[3].trim().equals("5432")) {
          return Long.parseLong(lines[0].trim());
        }
      }
    }
    throw new AssertionError("no cluster under " + CLUSTERS + " listens on 5432; run scripts/services/postgres.sh");
  }

  @Test
  void theServerIsThePostmasterListeningOn5432AndItsBackends() throws Exception {
    long postmaster = postmasterPid();
    // what the binding derives from its default URL, jdbc:postgresql://127.0.0.1:5432/ycsb
    ServerLocation location = ServerLocation.ofHost("127.0.0.1", 5432, "postgres");
    assertThat(location).isEqualTo(new ServerLocation.LocalProcesses(List.of("postgres"), "127.0.0.1", 5432));

    ServerTarget target = ServerTarget.resolve(location, Settings.of(Map.of()));

    assertThat(target.description()).startsWith("postgres pid " + postmaster + " listening on 127.0.0.1:5432 and"
        + " its children (");
    assertThat(target.fallbackWarning()).isNull();
    assertThat(target.pids()).contains((int) postmaster).hasSizeGreaterThan(1);
    for (int pid : target.pids()) {
      assertThat(pid == postmaster || descendsFrom(pid, postmaster)).as("pid " + pid + " is the postmaster's").isTrue();
    }
  }

  private static boolean descendsFrom(long pid, long ancestor) {
    Optional<ProcessHandle> p = ProcessHandle.of(pid);
    for (int depth = 0; p.isPresent() && depth < 64; depth++) {
      p = p.get().parent();
      if (p.isPresent() && p.get().pid() == ancestor) {
        return true;
      }
    }
    return false;
  }
}
