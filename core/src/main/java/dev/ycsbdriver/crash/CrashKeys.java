package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.PropertySpec;
import java.time.Duration;
import java.util.List;

/**
 * The keys of {@code bin/ycsb crashtest} and of its writer workload ({@link CrashWorkload}). The last three
 * ({@code crash.ledger.dir}, {@code crash.runid}, {@code crash.round}) are set by {@code crashtest} for the
 * writer process it starts; a user does not set them.
 */
public final class CrashKeys {
  public static final PropertySpec ROUNDS = PropertySpec.of("crash.rounds", "3", "rounds",
      "crash rounds: each starts a writer, crashes the store, restarts it and audits the acknowledged writes, 1 to 1000")
      .integer(1, 1000);
  public static final PropertySpec AFTER_MIN = PropertySpec.of("crash.after.min", "5s", "s",
      "earliest crash after the writer's first acknowledged write; the moment is uniform in [min, max], up to 1h")
      .duration(Duration.ZERO, Duration.ofHours(1));
  public static final PropertySpec AFTER_MAX = PropertySpec.of("crash.after.max", "15s", "s",
      "latest crash after the writer's first acknowledged write, at least crash.after.min, up to 1h")
      .duration(Duration.ZERO, Duration.ofHours(1));
  public static final PropertySpec METHOD = PropertySpec.of("crash.method", "kill", "",
      "kill: SIGKILL the server instance on the binding's port and its children; command: run crash.command "
          + "(implied by crash.command); an embedded store always crashes with its writer process")
      .choice("kill", "command");
  public static final PropertySpec COMMAND = PropertySpec.optional("crash.command", "",
      "shell command (sh -c) that crashes the store, e.g. a VM reset or a fault-injecting file system; "
          + "a non-zero exit fails the round");
  public static final PropertySpec COMMAND_TIMEOUT = PropertySpec.of("crash.command.timeout", "60s", "s",
      "longest time crash.command and restart.command may run, 1s to 1h").duration(Duration.ofSeconds(1),
      Duration.ofHours(1));
  public static final PropertySpec RESTART_COMMAND = PropertySpec.optional("restart.command", "",
      "shell command (sh -c) that starts the store again after the crash; default: re-run the killed server's "
          + "command line as its user (crash.method=kill), nothing for crash.command and embedded stores");
  public static final PropertySpec RESTART_GRACE = PropertySpec.of("restart.grace", "3s", "s",
      "before the built-in restart, how long to wait for a supervisor (systemd, mysqld_safe) to restart the "
          + "server, up to 10m").duration(Duration.ZERO, Duration.ofMinutes(10));
  public static final PropertySpec RESTART_TIMEOUT = PropertySpec.of("restart.timeout", "120s", "s",
      "longest time from the crash until the store accepts a connection again, 1s to 1h; longer fails the test")
      .duration(Duration.ofSeconds(1), Duration.ofHours(1));
  public static final PropertySpec WRITER_TIMEOUT = PropertySpec.of("crash.writer.timeout", "60s", "s",
      "longest wait for the writer's first acknowledged write, and for the writer to end after SIGTERM "
          + "(then SIGKILL), 1s to 1h").duration(Duration.ofSeconds(1), Duration.ofHours(1));
  public static final PropertySpec AUDIT_THREADS = PropertySpec.of("crash.audit.threads", "4", "threads",
      "threads that read the ledger's keys back after the restart, each with its own DB, 1 to 64").integer(1, 64);
  public static final PropertySpec INSERT_PROPORTION = PropertySpec.of("crash.insertproportion", "0.5", "",
      "share of the writer's operations that insert a new record; the rest update a record the same thread "
          + "inserted, with the next version, 0 to 1").number(0, 1);
  public static final PropertySpec LEDGER_DIR = PropertySpec.optional("crash.ledger.dir", "",
      "set by crashtest: directory of the writer's ledger, one file per client thread");
  public static final PropertySpec RUN_ID = PropertySpec.of("crash.runid", "0", "",
      "set by crashtest: the test's id in the writer's keys, letters and digits");
  public static final PropertySpec ROUND = PropertySpec.of("crash.round", "1", "",
      "set by crashtest: the round number in the writer's keys").integer(1, 1000);

  /** Every key, in the order to show them. */
  public static final List<PropertySpec> ALL = List.of(ROUNDS, AFTER_MIN, AFTER_MAX, METHOD, COMMAND, COMMAND_TIMEOUT,
      RESTART_COMMAND, RESTART_GRACE, RESTART_TIMEOUT, WRITER_TIMEOUT, AUDIT_THREADS, INSERT_PROPORTION, LEDGER_DIR,
      RUN_ID, ROUND);
  /** The keys crashtest sets for its writer process; a user who gives one to crashtest gets an error. */
  public static final List<PropertySpec> WRITER_ONLY = List.of(LEDGER_DIR, RUN_ID, ROUND);
  /** Namespaces in which every key must be declared. */
  public static final List<String> NAMESPACES = List.of("crash.", "restart.");
  /** The table crashtest writes to unless {@code table} is given, so a loaded usertable stays untouched. */
  public static final String DEFAULT_TABLE = "crashtest";

  private CrashKeys() {
  }
}
