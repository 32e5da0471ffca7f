package dev.ycsbdriver.binding.berkeleydb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * JE locks its environment for the process that opened it ({@code je.lck}): a second process on the same
 * directory gets one line and exit code 3, not a stack trace or a hang.
 */
class BerkeleyLockedEnvironmentIT {

  @Test
  void anEnvironmentAnotherProcessHoldsIsOneLineNamingTheDirectory() throws Exception {
    Path dir = Path.of("target", "it-berkeleydb-locked").toAbsolutePath();
    Path results = Path.of("target", "it-results").toAbsolutePath();
    CliRun load = CliRun.of(CliRun.args("load", "berkeleydb", "workloadc", "berkeleydb.dir=" + dir,
        "recordcount=100", "droptable=true", "result.dir=" + results));
    assertThat(load.exitCode()).as(load.toString()).isZero();

    Path out = Files.createTempFile(Path.of("target"), "locked-", ".out");
    Path err = Files.createTempFile(Path.of("target"), "locked-", ".err");
    Process holder = CliRun.child(CliRun.args("run", "berkeleydb", "workloadc", "berkeleydb.dir=" + dir,
        "recordcount=100", "operationcount=1000000000", "maxexecutiontime=60", "result.dir=" + results), out, err);
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!Files.readString(err).contains("Starting test.")) {
        assertThat(holder.isAlive()).as("the holding driver ended early: " + Files.readString(err)).isTrue();
        assertThat(System.nanoTime()).as("the holding driver did not start within 30 s").isLessThan(deadline);
        Thread.sleep(100);
      }
      Settings s = Settings.of(Map.of("berkeleydb.dir", dir.toString()));
      assertThatThrownBy(() -> BindingCatalog.load().find("berkeleydb")
          .open(new BindingContext(s, Phase.RUN, 1, results, null)).close())
          .isInstanceOf(BindingException.class)
          .hasMessage("berkeleydb: environment " + dir + " is in use by another process (its je.lck is locked); "
              + "stop that process or give another berkeleydb.dir");

      CliRun second = CliRun.of(CliRun.args("run", "berkeleydb", "workloadc", "berkeleydb.dir=" + dir,
          "recordcount=100", "operationcount=10", "result.dir=" + results));
      assertThat(second.exitCode()).as(second.toString()).isEqualTo(3);
      assertThat(second.err()).contains("is in use by another process").doesNotContain("\tat ");
    } finally {
      holder.destroyForcibly();
      holder.waitFor(30, TimeUnit.SECONDS);
    }
  }
}
