package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The calibration's keys, under {@code calibration}: whether each run and matrix measures the machine's condition
 * ({@link MachineCalibration}), for how long, and where the machine's earlier calibrations are kept
 * ({@link CalibrationHistory}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param enabled whether to calibrate at the start and end
 * @param time the length of one calibration, shared by its CPU part and its fsync probe
 * @param history the history file
 */
public record CalibrationConfig(boolean enabled, Duration time, Path history) {
  /** The environment variable that names the history file when {@link #HISTORY} is not set. */
  public static final String HISTORY_ENV = "YCSB_CALIBRATION_HISTORY";
  /** The environment variable that gives {@link #ENABLED}'s default ({@code true} or {@code false}) where it is unset. */
  public static final String ENABLED_ENV = "YCSB_CALIBRATION";
  /** The history's file name in its default directory. */
  public static final String HISTORY_FILE = "calibrations.json";

  /** Whether to calibrate. */
  public static final PropertySpec ENABLED = PropertySpec.of("calibration", "true", "",
      "measure the machine's condition (a fixed single-threaded CPU workload and an fsync probe) at the start and end "
          + "of the run, and compare it with this machine's earlier calibrations; true or false; default $"
          + "YCSB_CALIBRATION where set").flag();
  /** The length of one calibration. */
  public static final PropertySpec TIME = PropertySpec.of("calibration.time", "300ms", "ms",
      "length of one calibration, half CPU workload and half fsync probe; 20ms to 1m").duration(Duration.ofMillis(20),
      Duration.ofMinutes(1));
  /** The history file. */
  public static final PropertySpec HISTORY = PropertySpec.optional("calibration.history", "path",
      "file of this machine's earlier calibrations; default $" + HISTORY_ENV + ", else $XDG_STATE_HOME/ycsb-driver/"
          + HISTORY_FILE + ", else ~/.local/state/ycsb-driver/" + HISTORY_FILE);
  /** Every key, in the order {@code bin/ycsb properties} shows them. */
  public static final List<PropertySpec> SPECS = List.of(ENABLED, TIME, HISTORY);

  /**
   * @param settings the run's (or the matrix's) configuration
   * @param env the environment, for {@link #ENABLED_ENV}, {@link #HISTORY_ENV}, {@code XDG_STATE_HOME} and
   *     {@code HOME}
   * @return the configuration
   * @throws ConfigException when a key's value is out of range, or {@link #ENABLED_ENV} is neither true nor false
   */
  public static CalibrationConfig from(Settings settings, Map<String, String> env) throws ConfigException {
    String file = settings.getTrimmed(HISTORY);
    String enabledEnv = env.get(ENABLED_ENV);
    Settings withDefault = settings.contains(ENABLED.key()) || enabledEnv == null || enabledEnv.isBlank() ? settings
        : settings.with(ENABLED.key(), enabledEnv.trim());
    boolean enabled;
    try {
      enabled = withDefault.getBoolean(ENABLED);
    } catch (ConfigException e) {
      throw settings.contains(ENABLED.key()) ? e
          : new ConfigException(ENABLED_ENV + ": must be true or false, got '" + enabledEnv.trim() + "'");
    }
    return new CalibrationConfig(enabled, settings.getDuration(TIME),
        file == null || file.isEmpty() ? defaultHistory(env) : Path.of(file));
  }

  /**
   * @param env the environment
   * @return {@code $YCSB_CALIBRATION_HISTORY}, else {@code $XDG_STATE_HOME/ycsb-driver/calibrations.json} (the XDG
   *     Base Directory Specification's place for state), else {@code ~/.local/state/ycsb-driver/calibrations.json}
   */
  public static Path defaultHistory(Map<String, String> env) {
    String named = env.get(HISTORY_ENV);
    if (named != null && !named.isBlank()) {
      return Path.of(named);
    }
    String state = env.get("XDG_STATE_HOME");
    Path dir = state != null && !state.isBlank() ? Path.of(state)
        : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".local", "state");
    return dir.resolve("ycsb-driver").resolve(HISTORY_FILE);
  }
}
