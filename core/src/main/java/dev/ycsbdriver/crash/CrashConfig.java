package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Names;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.RunConfig;
import dev.ycsbdriver.config.Settings;
import java.time.Duration;
import java.util.Locale;

/**
 * The crash test's settings, validated once before anything runs.
 *
 * <p>Immutable and thread-safe.
 *
 * @param rounds crash rounds, 1 to 1000
 * @param afterMin earliest crash after the writer's first acknowledged write
 * @param afterMax latest crash, at least {@code afterMin}
 * @param method {@code kill} or {@code command}
 * @param crashCommand the crash command, or null
 * @param commandTimeout bound of each crash and restart command
 * @param restartCommand the restart command, or null
 * @param restartGrace wait for a supervisor before the built-in restart
 * @param restartTimeout bound from the crash until the store answers again
 * @param writerTimeout bound for the writer's first acknowledged write and for its end after SIGTERM
 * @param auditThreads threads of the audit, 1 to 64
 * @param claim {@code no-loss}, {@code recent-loss} or {@code none} ({@code durability.claim})
 */
public record CrashConfig(int rounds, Duration afterMin, Duration afterMax, String method, String crashCommand,
                          Duration commandTimeout, String restartCommand, Duration restartGrace,
                          Duration restartTimeout, Duration writerTimeout, int auditThreads, String claim) {
  /** The claim under which a lost acknowledged write fails the test. */
  public static final String NO_LOSS = "no-loss";

  /**
   * @param settings the merged configuration
   * @return the validated configuration
   * @throws ConfigException for a malformed value, {@code crash.after.min} above {@code crash.after.max},
   *     {@code crash.method=command} without {@code crash.command} (or {@code kill} with one), or a key that
   *     crashtest sets for its writer ({@link CrashKeys#WRITER_ONLY}), with the nearest user key
   */
  public static CrashConfig from(Settings settings) throws ConfigException {
    for (PropertySpec own : CrashKeys.WRITER_ONLY) {
      if (settings.contains(own.key())) {
        String near = Names.nearest(own.key(), CrashKeys.ALL.stream().filter(k -> !CrashKeys.WRITER_ONLY.contains(k))
            .map(PropertySpec::key).toList());
        throw new ConfigException(own.key() + ": set by crashtest for its writer process, not by a user, got "
            + settings.getTrimmed(own) + (near == null ? "; remove it" : "; did you mean " + near + "?"));
      }
    }
    Duration min = settings.getDuration(CrashKeys.AFTER_MIN);
    Duration max = settings.getDuration(CrashKeys.AFTER_MAX);
    if (min.compareTo(max) > 0) {
      throw new ConfigException(CrashKeys.AFTER_MIN.key() + ": must be at most " + CrashKeys.AFTER_MAX.key() + " ("
          + max.toMillis() + " ms), got " + min.toMillis() + " ms");
    }
    String command = blankToNull(settings.getTrimmed(CrashKeys.COMMAND));
    String method = settings.getChoice(CrashKeys.METHOD).toLowerCase(Locale.ROOT);
    if (command != null && settings.contains(CrashKeys.METHOD.key()) && method.equals("kill")) {
      throw new ConfigException(CrashKeys.METHOD.key() + ": kill contradicts " + CrashKeys.COMMAND.key()
          + ", which crashes the store by a command; remove one of them");
    }
    if (command != null) {
      method = "command";
    } else if (method.equals("command")) {
      throw new ConfigException(CrashKeys.COMMAND.key() + ": missing; crash.method=command needs the command that "
          + "crashes the store");
    }
    return new CrashConfig(settings.getInt(CrashKeys.ROUNDS), min, max, method, command,
        settings.getDuration(CrashKeys.COMMAND_TIMEOUT), blankToNull(settings.getTrimmed(CrashKeys.RESTART_COMMAND)),
        settings.getDuration(CrashKeys.RESTART_GRACE), settings.getDuration(CrashKeys.RESTART_TIMEOUT),
        settings.getDuration(CrashKeys.WRITER_TIMEOUT), settings.getInt(CrashKeys.AUDIT_THREADS),
        settings.getChoice(RunConfig.DURABILITY_CLAIM).toLowerCase(Locale.ROOT));
  }

  /** @return whether a lost acknowledged write fails the test */
  public boolean claimsNoLoss() {
    return NO_LOSS.equals(claim);
  }

  private static String blankToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
