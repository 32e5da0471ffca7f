package dev.ycsbdriver.runner;

import dev.ycsbdriver.config.SecretProperties;
import dev.ycsbdriver.config.Secrets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The command line of a child driver process ({@code bin/ycsb} in a fresh JVM): the same Java
 * ({@code java.home}), the same class path, {@code --enable-native-access}, {@code ycsb.home}, and the parent's
 * pid in {@code ycsb.parent.pid} so that the child stops by itself when its parent ends. Secrets travel in the
 * child's environment ({@link SecretProperties}), never on its command line. Used by the matrix for its cells
 * and by {@code crashtest} for its writer.
 *
 * <p>Stateless and thread-safe.
 */
public final class DriverProcess {
  /** Names the parent in the child's command line, before the long class path. */
  public static final String PARENT_PID_MARKER = "-Dycsb.parent.pid=";

  /** The subdirectory, readable by its owner only, that gets a child's JVM crash file. */
  public static final String CRASH_DIRECTORY = "jvm-crash";

  private DriverProcess() {
  }

  /**
   * @param args the driver's arguments, e.g. {@code run h2 -P workloads/workloada}; no secrets: every user can
   *     read a command line
   * @param secrets properties the child receives through its environment; may be empty
   * @param jvmArgs extra JVM options; may be empty
   * @return a builder for the child, its environment's secret variable replaced (never inherited); output not
   *     redirected yet
   */
  public static ProcessBuilder builder(List<String> args, Map<String, String> secrets, List<String> jvmArgs) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("-Djava.awt.headless=true");
    String home = System.getProperty("ycsb.home");
    if (home != null) {
      command.add("-Dycsb.home=" + home);
    }
    command.add(PARENT_PID_MARKER + ProcessHandle.current().pid());
    command.addAll(jvmArgs);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add("dev.ycsbdriver.cli.Main");
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command);
    // replaced, never inherited: the parent's own environment may hold another value
    builder.environment().remove(SecretProperties.ENVIRONMENT_VARIABLE);
    if (!secrets.isEmpty()) {
      builder.environment().put(SecretProperties.ENVIRONMENT_VARIABLE, SecretProperties.toText(secrets));
    }
    return builder;
  }

  /**
   * The JVM option that writes the child's crash file ({@code hs_err_pid<pid>.log}, after a {@code SIGSEGV} or
   * {@code SIGBUS} in a native store) into {@code directory}'s {@link #CRASH_DIRECTORY} rather than into the
   * working directory. That directory is made readable by its owner only (0700), as {@code bin/ycsb} makes its
   * own: the JVM creates the file with the umask's mode, and the file holds the JVM's memory around the fault.
   * Where the directory cannot be made, the file goes into {@code directory} itself.
   *
   * @param directory the child's own directory (a matrix cell's, a crash round's)
   * @return the option; put it before the user's JVM options, so that theirs wins
   */
  public static String crashFileOption(Path directory) {
    Path target = directory.toAbsolutePath();
    Path own = target.resolve(CRASH_DIRECTORY);
    try {
      if (!Files.isDirectory(own)) {
        Files.createDirectories(target);
        Files.createDirectory(own, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      }
      target = own;
    } catch (IOException | UnsupportedOperationException e) {
      // the file goes into the directory itself, as readable as the umask makes it
    }
    return "-XX:ErrorFile=" + target.resolve("hs_err_pid%p.log");
  }

  /**
   * @param args the child's arguments
   * @param secrets the properties passed in its environment
   * @return the first line of the child's log: its arguments, masked, and the names (never values) of the
   *     secret properties
   */
  public static String logHeader(List<String> args, Map<String, String> secrets) {
    return "# " + Secrets.maskArgs(args) + (secrets.isEmpty() ? "" : " (from the environment: "
        + String.join(", ", new TreeSet<>(secrets.keySet())) + ")");
  }
}
