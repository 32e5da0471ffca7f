package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.BindingProvider;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What to run: one phase of one workload against one binding.
 *
 * <p>Immutable and thread-safe.
 *
 * @param bindingName the name to report (the canonical binding name, or the {@code -db} class)
 * @param workloadName the workload as the user named it: the last {@code -P} file's name, e.g.
 *     {@code workloada}, else the workload class's simple name
 * @param provider the binding
 * @param settings every property of the command
 * @param config the driver's validated keys
 * @param runDirectory where this run's result JSON and histogram logs go
 * @param err where notices and status lines go (stderr)
 * @param stop the signal that Ctrl-C and the time limit use to stop the run
 */
public record RunRequest(String bindingName, String workloadName, BindingProvider provider, Settings settings, RunConfig config,
                         Path runDirectory, PrintStream err, StopSignal stop) {
  /** @throws NullPointerException for any null component */
  public RunRequest {
    Objects.requireNonNull(bindingName, "bindingName");
    Objects.requireNonNull(workloadName, "workloadName");
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(runDirectory, "runDirectory");
    Objects.requireNonNull(err, "err");
    Objects.requireNonNull(stop, "stop");
  }
}
