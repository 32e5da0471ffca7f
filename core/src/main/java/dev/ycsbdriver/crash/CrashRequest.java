package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.runner.StopSignal;
import dev.ycsbdriver.spi.BindingProvider;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What one crash test runs.
 *
 * @param provider the binding
 * @param settings the merged, checked configuration, with the crash table and the writer workload
 * @param config the crash keys
 * @param profile the durability profile, or null
 * @param threads the writer's client threads
 * @param stopTimeout the writer's {@code stop.timeout}
 * @param runDirectory the test's result directory
 * @param writerArgs the writer's arguments before the per-round ones ({@code run <binding> -P ... -p ...}),
 *     without secrets
 * @param secrets properties passed to the writer through its environment
 * @param warnings the pre-run check's warnings
 * @param out stdout
 * @param err stderr
 * @param stop Ctrl-C
 */
public record CrashRequest(BindingProvider provider, Settings settings, CrashConfig config, String profile, int threads,
                           Duration stopTimeout, Path runDirectory, List<String> writerArgs,
                           Map<String, String> secrets, List<String> warnings, PrintStream out, PrintStream err,
                           StopSignal stop) {
  /** Copies the collections. */
  public CrashRequest {
    writerArgs = List.copyOf(writerArgs);
    secrets = Map.copyOf(secrets);
    warnings = List.copyOf(warnings);
  }
}
