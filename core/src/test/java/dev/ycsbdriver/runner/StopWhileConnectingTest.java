package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.ConfigLoader;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.result.Outcome;
import dev.ycsbdriver.result.RunReport;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.testing.BlockingInitDb;
import dev.ycsbdriver.testing.BlockingOpenProvider;
import dev.ycsbdriver.testing.CliRun;
import dev.ycsbdriver.testing.Resources;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store that never answers while the phase connects: the binding's open and the client threads'
 * {@code DB.init()} block and ignore interrupts. A stop (signal or {@code connecting.timeout}) still ends the
 * phase within {@code stop.timeout}, with a result that says it was interrupted and measured nothing.
 */
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StopWhileConnectingTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Start-up of the runner (workload, OSHI machine facts) and scheduling on a shared 2-core machine. */
  private static final long SLACK_MILLIS = 3_000;

  @TempDir
  Path results;

  @AfterEach
  void releaseStuckStores() {
    BlockingInitDb.release();
  }

  private String workloadc() {
    return Resources.path("/golden/workloads/workloadc").toString();
  }

  @Test
  void stopWhileTheBindingOpensReturnsWithinStopTimeoutWithAnInterruptedOutcome() throws Exception {
    BlockingOpenProvider provider = new BlockingOpenProvider();
    StopSignal stop = new StopSignal();
    Stopper stopper = Stopper.after(300, stop);
    long start = System.nanoTime();
    RunReport report = run(provider, stop, Map.of("stop.timeout", "500ms"), new ByteArrayOutputStream());
    long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
    stopper.join();

    assertThat(elapsedMillis).isLessThan(300 + 500 + SLACK_MILLIS);
    assertThat(report.outcome().status()).isEqualTo(Outcome.Status.INTERRUPTED);
    assertThat(report.outcome().exitCode()).isEqualTo(1);
    assertThat(report.operationsDone()).isZero();
    assertThat(report.operations()).isEmpty();
    assertThat(report.outcome().errors()).containsExactly("interrupted while connecting to the store "
        + "(the binding was still opening): no operation ran, nothing was measured");

    // the open that returns after the runner gave up on it is closed by its own thread
    provider.release();
    assertThat(provider.opened().await(5, TimeUnit.SECONDS)).isTrue();
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (provider.closed() == 0 && System.nanoTime() - giveUp < 0) {
      Thread.sleep(10);
    }
    assertThat(provider.closed()).isEqualTo(1);
  }

  @Test
  void connectTimeoutCountsFromThePhaseStartWhileTheBindingOpens() throws Exception {
    BlockingOpenProvider provider = new BlockingOpenProvider();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    long start = System.nanoTime();
    try {
      RunReport report = run(provider, new StopSignal(), Map.of("connecting.timeout", "1s", "stop.timeout", "300ms"), err);
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
      assertThat(elapsedMillis).isBetween(1_000L, 1_000 + 300 + SLACK_MILLIS);
      assertThat(report.outcome().status()).isEqualTo(Outcome.Status.INTERRUPTED);
      assertThat(report.outcome().errors()).singleElement().asString()
          .startsWith("connecting.timeout=1s passed without progress while connecting to the store (the binding was still opening)");
      assertThat(err.toString(StandardCharsets.UTF_8))
          .contains("No progress while connecting to the store for connecting.timeout=1s; stopping.");
    } finally {
      provider.release();
    }
  }

  @Test
  void stopWhileClientThreadsConnectReturnsWithinStopTimeoutWithAnInterruptedOutcome() throws Exception {
    BlockingInitDb.reset();
    StopSignal stop = new StopSignal();
    // the stop comes once a client thread is inside init(), however long the binding took to open on a busy machine
    Stopper stopper = Stopper.afterInitEntered(300, stop);
    RunReport report = run(new DbClassBindingProvider("blockinginit", BlockingInitDb.class.getName(), false), stop,
        Map.of("stop.timeout", "500ms", "threadcount", "3"), new ByteArrayOutputStream());
    long end = System.nanoTime();
    stopper.join();

    assertThat(stopper.requestedNanos).as("a client thread entered init()").isPositive();
    assertThat((end - stopper.requestedNanos) / 1_000_000).isLessThan(500 + SLACK_MILLIS);
    assertThat(report.outcome().status()).isEqualTo(Outcome.Status.INTERRUPTED);
    assertThat(report.operationsDone()).isZero();
    assertThat(report.outcome().errors()).containsExactly("interrupted while connecting to the store "
        + "(0 of 3 client threads had connected): no operation ran, nothing was measured");
  }

  @Test
  void connectTimeoutWhileClientThreadsConnectWritesTheResultAndExitsOne() throws Exception {
    BlockingInitDb.reset();
    long start = System.nanoTime();
    CliRun run = CliRun.of("run", "-db", BlockingInitDb.class.getName(), "-P", workloadc(), "-threads", "2",
        "-p", "connecting.timeout=1s", "-p", "stop.timeout=500ms", "-p", "result.dir=" + results);
    long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
    assertThat(elapsedMillis).isLessThan(1_000 + 500 + SLACK_MILLIS);
    assertThat(run.errLines()).contains("Error: connecting.timeout=1s passed without progress while connecting to the store "
        + "(0 of 2 client threads had connected): no operation ran, nothing was measured");
    JsonNode result = JSON.readTree(run.resultFile().toFile());
    assertThat(result.at("/outcome/status").asText()).isEqualTo("interrupted");
    assertThat(result.at("/outcome/exitCode").asInt()).isEqualTo(1);
    assertThat(result.at("/operationsTotal").asLong()).isZero();
  }

  @Test
  void threadsThatKeepConnectingAreNotCutOffByConnectTimeout() throws Exception {
    StaggeredInitDb.reset();
    // 4 threads connect 400 ms apart: 1.6 s in all, longer than connecting.timeout, but never 1 s without progress
    CliRun run = CliRun.of("run", "-db", StaggeredInitDb.class.getName(), "-P", workloadc(), "-threads", "4",
        "-p", "operationcount=400", "-p", "connecting.timeout=1s", "-p", "result.dir=" + results);

    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode result = JSON.readTree(run.resultFile().toFile());
    assertThat(result.at("/outcome/status").asText()).isEqualTo("ok");
    assertThat(result.at("/operationsTotal").asLong()).isEqualTo(400);
  }

  @Test
  void connectingLongerThanMaxExecutionTimeIsNotCutOffAndTheRunIsMeasuredInFull() throws Exception {
    // 3 threads authenticate at once for 1.5 s, none finishing before the others: no progress for longer than
    // maxexecutiontime, which bounds the measured run only
    CliRun run = CliRun.of("run", "-db", SlowInitDb.class.getName(), "-P", workloadc(), "-threads", "3",
        "-p", "operationcount=0", "-p", "maxexecutiontime=1", "-p", "result.dir=" + results);

    assertThat(run.exitCode()).as(run.toString()).isZero();
    JsonNode result = JSON.readTree(run.resultFile().toFile());
    assertThat(result.at("/outcome/status").asText()).isEqualTo("ok");
    assertThat(result.at("/runtimeMillis").asLong()).isBetween(1_000L, 1_000L + SLACK_MILLIS);
    assertThat(result.at("/operationsTotal").asLong()).isPositive();
  }

  /** A store whose every {@code init()} takes 1.5 s: threads that connect side by side, none finishing early. */
  public static final class SlowInitDb extends dev.ycsbdriver.testing.NoOpDb {
    @Override
    public void init() {
      try {
        Thread.sleep(1_500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** A store whose n-th {@code init()} of a run takes n x 400 ms: threads that connect one after another. */
  public static final class StaggeredInitDb extends dev.ycsbdriver.testing.NoOpDb {
    private static final java.util.concurrent.atomic.AtomicInteger STARTED = new java.util.concurrent.atomic.AtomicInteger();

    static void reset() {
      STARTED.set(0);
    }

    @Override
    public void init() {
      try {
        Thread.sleep(400L * STARTED.incrementAndGet());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private RunReport run(BindingProvider provider, StopSignal stop, Map<String, String> properties,
                        ByteArrayOutputStream err) throws Exception {
    Map<String, String> all = new HashMap<>(Map.of("operationcount", "0", "result.dir", results.toString()));
    all.putAll(properties);
    var settings = new ConfigLoader(results, results).load(List.of(workloadc()), all, provider.name());
    RunConfig config = RunConfig.from(settings, Phase.RUN);
    return new Runner(new RunRequest(provider.name(), "workloadc", provider, settings, config, results.resolve("run"),
        new PrintStream(err, true, StandardCharsets.UTF_8), stop)).run();
  }

  /** Requests an interrupting stop (as SIGTERM does) after a delay. */
  private static final class Stopper extends Thread {
    private final long delayMillis;
    private final StopSignal stop;
    private final boolean afterInitEntered;
    /** When the stop was requested ({@link System#nanoTime()}), 0 before. */
    volatile long requestedNanos;

    private Stopper(long delayMillis, StopSignal stop, boolean afterInitEntered) {
      super("test-stopper");
      this.delayMillis = delayMillis;
      this.stop = stop;
      this.afterInitEntered = afterInitEntered;
      setDaemon(true);
    }

    static Stopper after(long delayMillis, StopSignal stop) {
      Stopper s = new Stopper(delayMillis, stop, false);
      s.start();
      return s;
    }

    /** Requests the stop {@code delayMillis} after a client thread entered {@link BlockingInitDb#init()}. */
    static Stopper afterInitEntered(long delayMillis, StopSignal stop) {
      Stopper s = new Stopper(delayMillis, stop, true);
      s.start();
      return s;
    }

    @Override
    public void run() {
      try {
        if (afterInitEntered && !BlockingInitDb.awaitEntered(60_000)) {
          return;
        }
        Thread.sleep(delayMillis);
      } catch (InterruptedException e) {
        return;
      }
      requestedNanos = System.nanoTime();
      stop.request(StopSignal.Reason.INTERRUPTED);
    }
  }
}
