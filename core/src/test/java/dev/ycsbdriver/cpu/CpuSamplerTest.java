package dev.ycsbdriver.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.ServerLocation;
import dev.ycsbdriver.testing.Burner;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Samples real processes: busy threads in this JVM and busy child processes. Bounds are loose because
 * the machine is shared (2 cores), but a sampler that reads nothing, the wrong process or the wrong
 * unit fails them.
 */
class CpuSamplerTest {
  /** A copy of {@code yes} with a name no other process has, so it can be found by name. */
  private static final String BURNER = "ycsbcpuburn";
  private Burner burner;

  @BeforeEach
  void copyBurner() throws IOException {
    burner = new Burner(BURNER);
  }

  @AfterEach
  void killChildren() {
    burner.close();
  }

  private Process burn() throws IOException {
    return burner.start();
  }

  private static Settings settings(String... keyValues) {
    java.util.Map<String, String> map = new java.util.LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      map.put(keyValues[i], keyValues[i + 1]);
    }
    return Settings.of(map);
  }

  /** CPU time used so far by these processes, by the JDK's own reading (independent of OSHI), in ms. */
  private static double cpuMillis(ProcessHandle... processes) {
    double total = 0;
    for (ProcessHandle p : processes) {
      total += p.info().totalCpuDuration().orElseThrow().toNanos() / 1e6;
    }
    return total;
  }

  /**
   * Asserts the sampler's average matches what the JDK saw over the same time: the machine may be busy
   * (other builds share its cores), so only the agreement of two readings is checked, with room for
   * clock-tick rounding and the few milliseconds between the readings.
   */
  private static void assertAgrees(double sampledPercent, double jdkCpuMillis, double wallMillis) {
    double expected = 100.0 * jdkCpuMillis / wallMillis;
    assertThat(expected).as("the busy processes got some CPU at all").isGreaterThan(5.0);
    assertThat(sampledPercent).isCloseTo(expected, org.assertj.core.data.Offset.offset(8.0 + 0.15 * expected));
  }

  private static CpuSummary sampleFor(ServerTarget target, Duration length) throws InterruptedException {
    CpuSampler sampler = CpuSampler.start(target, Duration.ofMillis(200));
    Thread.sleep(length.toMillis());
    return sampler.stop();
  }

  @Test
  void embeddedStoreCountsTheDriverProcessAsTheServer() throws Exception {
    Thread busy = new Thread(() -> {
      long end = System.nanoTime() + 1_200_000_000L;
      long x = 0;
      while (System.nanoTime() < end) {
        x += System.nanoTime() % 7;
      }
      if (x == 42) {
        System.out.print("");
      }
    });
    double before = cpuMillis(ProcessHandle.current());
    long start = System.nanoTime();
    CpuSampler sampler = CpuSampler.start(ServerTarget.resolve(ServerLocation.embedded(), Settings.of(Map.of())),
        Duration.ofMillis(200));
    busy.start();
    busy.join();
    CpuSummary cpu = sampler.stop();
    double wall = (System.nanoTime() - start) / 1e6;
    double used = cpuMillis(ProcessHandle.current()) - before;

    assertThat(cpu.serverIsDriver()).isTrue();
    assertThat(cpu.serverSource()).contains("embedded");
    assertAgrees(cpu.driver().averagePercent(), used, wall);
    assertThat(cpu.server().averagePercent()).isEqualTo(cpu.driver().averagePercent());
    assertThat(cpu.driver().peakPercent()).isGreaterThanOrEqualTo(cpu.driver().averagePercent());
    assertThat(cpu.samples()).hasSizeGreaterThanOrEqualTo(4);
    assertThat(cpu.samples()).allSatisfy(s -> assertThat(s.windowMillis()).isLessThan(1_000));
    assertThat(cpu.machine().averagePercent()).isBetween(cpu.driver().averagePercent() * 0.5, 100.0 * cpu.logicalCores());
  }

  @Test
  void serverGivenByPidIsSampledAndTheIdleDriverIsNot() throws Exception {
    Process p = burn();
    ServerTarget target = ServerTarget.resolve(ServerLocation.unknown("remote"),
        settings("cpu.server.pid", Long.toString(p.pid())));
    assertThat(target.pids()).containsExactly((int) p.pid());

    double before = cpuMillis(p.toHandle());
    long start = System.nanoTime();
    CpuSummary cpu = sampleFor(target, Duration.ofMillis(1_200));
    double wall = (System.nanoTime() - start) / 1e6;

    assertThat(cpu.serverIsDriver()).isFalse();
    assertThat(cpu.serverSource()).contains("pid " + p.pid());
    assertAgrees(cpu.server().averagePercent(), cpuMillis(p.toHandle()) - before, wall);
    assertThat(cpu.opsPerServerCpuPercent(1_000.0)).isEqualTo(1_000.0 / cpu.server().averagePercent());
    assertThat(cpu.samples()).allSatisfy(s -> assertThat(s.serverPercent()).isBetween(0.0, 100.0 * cpu.logicalCores() + 20));
  }

  @Test
  void aRehearsalBeforeTheStartLeavesTheFiguresToTheSamplersOwnReadingsAndStopsItsThread() throws Exception {
    Process p = burn();
    ServerTarget target = ServerTarget.resolve(ServerLocation.unknown("remote"),
        settings("cpu.server.pid", Long.toString(p.pid())));
    CpuSampler.Rehearsal rehearsal = CpuSampler.Rehearsal.start(target, Duration.ofMillis(50));
    Thread.sleep(500); // the burner's CPU in this half second is before the sampler's start: not counted
    assertThat(samplerThreads()).isEqualTo(1);
    rehearsal.finish(5_000);
    // discard() signals the thread and does not join it (the end of a warm-up must not wait): it ends soon after,
    // later under other load
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (samplerThreads() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(samplerThreads()).isZero();

    double before = cpuMillis(p.toHandle());
    long start = System.nanoTime();
    CpuSummary cpu = sampleFor(target, Duration.ofMillis(1_200));
    double wall = (System.nanoTime() - start) / 1e6;

    assertAgrees(cpu.server().averagePercent(), cpuMillis(p.toHandle()) - before, wall);
  }

  @Test
  void serverGivenByNameSumsEveryProcessOfThatName() throws Exception {
    Process a = burn();
    Process b = burn();
    ServerTarget target = ServerTarget.resolve(ServerLocation.localProcesses("nosuchserver"),
        settings("cpu.server.process", BURNER));
    assertThat(target.pids()).containsExactlyInAnyOrder((int) a.pid(), (int) b.pid());
    assertThat(target.description()).contains("processes named " + BURNER).contains("2 pids");

    double before = cpuMillis(a.toHandle(), b.toHandle());
    long start = System.nanoTime();
    CpuSummary cpu = sampleFor(target, Duration.ofMillis(1_200));
    double wall = (System.nanoTime() - start) / 1e6;

    // the sum of both: sampling only one of them would read about half
    assertAgrees(cpu.server().averagePercent(), cpuMillis(a.toHandle(), b.toHandle()) - before, wall);
    assertThat(cpu.server().averagePercent()).isLessThanOrEqualTo(100.0 * cpu.logicalCores() + 5);
  }

  @Test
  void processThatEndsKeepsTheTimeItUsed() throws Exception {
    Process p = burn();
    ServerTarget target = ServerTarget.resolve(ServerLocation.localProcesses(BURNER), Settings.of(Map.of()));
    double before = cpuMillis(p.toHandle());
    long start = System.nanoTime();
    CpuSampler sampler = CpuSampler.start(target, Duration.ofMillis(200));
    Thread.sleep(700);
    double usedBeforeKill = cpuMillis(p.toHandle()) - before;
    p.destroyForcibly().waitFor();
    Thread.sleep(500);
    CpuSummary cpu = sampler.stop();
    double wall = (System.nanoTime() - start) / 1e6;

    // the time it used up to its last sample still counts after it ended (at most one 200 ms sample
    // of its life is missed)
    assertThat(usedBeforeKill).as("the process got some CPU at all").isGreaterThan(20.0);
    assertThat(cpu.server().averagePercent()).isGreaterThan(100.0 * usedBeforeKill / wall * 0.5 - 5);
  }

  @Test
  void missingServerProcessIsNotAvailableWithTheReasonAndNeverZero() throws Exception {
    ServerTarget target = ServerTarget.resolve(ServerLocation.localProcesses("nosuchserverprocess"),
        Settings.of(Map.of()));
    assertThat(target.unavailableReason()).startsWith("no process named nosuchserverprocess on this machine");

    CpuSummary cpu = sampleFor(target, Duration.ofMillis(300));

    assertThat(cpu.server().available()).isFalse();
    assertThat(cpu.server().unavailableReason()).contains("nosuchserverprocess");
    assertThat(cpu.opsPerServerCpuPercent(1_000.0)).isNull();
    assertThat(cpu.driver().available()).isTrue();
    assertThat(cpu.machine().averagePercent()).isBetween(0.0, 100.0 * cpu.logicalCores());
    assertThat(cpu.samples()).allSatisfy(s -> assertThat(s.serverPercent()).isNaN());
  }

  @Test
  void remoteServerGivesTheBindingsReason() throws Exception {
    ServerTarget target = ServerTarget.resolve(ServerLocation.unknown("server db1 is not on this machine"),
        Settings.of(Map.of()));
    assertThat(target.unavailableReason()).isEqualTo("server db1 is not on this machine");
    assertThat(sampleFor(target, Duration.ofMillis(50)).server().unavailableReason())
        .isEqualTo("server db1 is not on this machine");
  }

  @Test
  void malformedOrUnknownPidIsAConfigurationError() {
    assertThatThrownBy(() -> ServerTarget.resolve(ServerLocation.embedded(), settings("cpu.server.pid", "12,abc")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("cpu.server.pid: must be process ids separated by commas, got '12,abc'");
    assertThatThrownBy(() -> ServerTarget.resolve(ServerLocation.embedded(), settings("cpu.server.pid", "2000000000")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("cpu.server.pid: no process with pid 2000000000 on this machine");
  }

  @Test
  void aRunShorterThanHalfASampleHasUnknownFiguresNeverZero() throws Exception {
    CpuSampler sampler = CpuSampler.start(ServerTarget.embedded(), Duration.ofSeconds(1));
    Thread.sleep(100);
    CpuSummary cpu = sampler.stop();

    assertThat(List.of(cpu.server(), cpu.driver(), cpu.machine())).allSatisfy(f -> {
      assertThat(f.available()).isFalse();
      assertThat(f.unavailableReason()).startsWith("sampled for ").contains("under half of cpu.interval=1000 ms");
    });
    assertThat(cpu.opsPerServerCpuPercent(1_000.0)).isNull();
    assertThat(cpu.driverMicrosPerOperation(1_000.0)).isNull();
    assertThat(CpuSampler.tooShort(499, 1_000)).isNotNull();
    assertThat(CpuSampler.tooShort(500, 1_000)).isNull();
  }

  @Test
  void stopIsIdempotent() throws Exception {
    CpuSampler sampler = CpuSampler.start(ServerTarget.embedded(), Duration.ofMillis(100));
    Thread.sleep(150);
    CpuSummary first = sampler.stop();
    assertThat(sampler.stop()).isSameAs(first);
    assertThat(first.sampleIntervalMillis()).isEqualTo(100);
  }

  @Test
  void machineFactsDescribeThisMachine() {
    MachineFacts m = MachineFacts.read();
    assertThat(m.logicalCores()).isGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(m.physicalCores()).isBetween(1, m.logicalCores());
    assertThat(m.memoryBytes()).isGreaterThan(Runtime.getRuntime().maxMemory() / 4);
    assertThat(m.cpuModel()).isNotBlank();
    assertThat(m.osName()).isNotBlank();
    assertThat(m.javaVersion()).isEqualTo(System.getProperty("java.version"));
  }

  @Test
  void peakLeavesOutWindowsShorterThanHalfAnInterval() {
    // a starved sampler once took a 12 ms window: 10 ms clock ticks read as 2142%
    List<CpuSample> samples = List.of(new CpuSample(1000, 1000, 120.0, 50.0, 199.0),
        new CpuSample(1012, 12, 642.8, 2142.6, 200.0), new CpuSample(2012, 1000, 130.0, 55.0, 200.0));
    assertThat(CpuSampler.peak(samples, CpuSample::serverPercent, 1000, 200.0)).isEqualTo(130.0);
    assertThat(CpuSampler.peak(samples, CpuSample::driverPercent, 1000, 200.0)).isEqualTo(55.0);
  }

  @Test
  void peakNeverExceedsTheMachinesCores() {
    // 70 postgres backends read one by one on a saturated machine once summed to 227% on 2 cores
    List<CpuSample> samples = List.of(new CpuSample(1000, 1000, 120.0, 50.0, 199.0),
        new CpuSample(2000, 1000, 227.7, 60.0, 200.0));
    assertThat(CpuSampler.peak(samples, CpuSample::serverPercent, 1000, 200.0)).isEqualTo(200.0);
    assertThat(CpuSampler.peak(samples, CpuSample::driverPercent, 1000, 200.0)).isEqualTo(60.0);
  }

  private static long samplerThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("ycsb-cpu-sampler") && t.isAlive()).count();
  }
}
