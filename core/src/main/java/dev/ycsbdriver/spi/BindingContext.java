package dev.ycsbdriver.spi;

import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.Settings;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What a binding is given when it opens: the merged configuration and the shape of the run.
 *
 * <p>Immutable and thread-safe.
 *
 * @param settings every property of the command (workload, {@code -P} files, profile, {@code -p}),
 *     validated by the driver for its own keys; the binding validates its own
 * @param phase load or run
 * @param threadCount the number of client threads, hence of {@code DB} instances, at least 1
 * @param resultDirectory the base directory for results ({@code results/} by default), where an
 *     embedded store may keep its files when the user gave no directory
 * @param profile the durability profile name, or {@code null} when none was chosen
 * @param errors where the binding's {@code DB} instances report failed operations and lost connections
 */
public record BindingContext(Settings settings, Phase phase, int threadCount, Path resultDirectory,
                             String profile, ErrorLog errors) {
  /** @throws NullPointerException for a null settings, phase, resultDirectory or errors */
  public BindingContext {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(resultDirectory, "resultDirectory");
    Objects.requireNonNull(errors, "errors");
  }

  /**
   * A context whose errors go to a {@link ErrorLog#silent() silent} log: for opening a binding outside a
   * measured run.
   *
   * @throws NullPointerException for a null settings, phase or resultDirectory
   */
  public BindingContext(Settings settings, Phase phase, int threadCount, Path resultDirectory, String profile) {
    this(settings, phase, threadCount, resultDirectory, profile, ErrorLog.silent());
  }
}
