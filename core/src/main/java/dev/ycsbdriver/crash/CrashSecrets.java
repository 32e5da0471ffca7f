package dev.ycsbdriver.crash;

import dev.ycsbdriver.config.Secrets;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Keeps the crash test's secrets out of the files it writes. A killed server's command line may carry a password
 * ({@code redis-server --requirepass ...}, {@code --user ycsb on >...}), which the built-in restart records in its
 * log: before any such text is written, every secret value of the test's configuration (each property that
 * {@link Secrets} masks, from {@code -P} files, {@code -p} and the environment) is replaced by {@link Secrets#MASK},
 * and so is the value of every command-line option named like a secret ({@code --requirepass}, {@code -a},
 * {@code --masterauth}, {@code --password=...}). The round's logs are created readable by their owner only (0600).
 *
 * <p>Immutable and thread-safe.
 */
final class CrashSecrets {
  private final List<String> values;

  private CrashSecrets(List<String> values) {
    this.values = values;
  }

  /**
   * @param properties the test's configuration, secrets included; may be empty
   * @return a masker for the value of every secret key in it ({@link Secrets#isSecretKey}); credentials inside
   *     URLs are masked by their form
   */
  static CrashSecrets of(Map<String, String> properties) {
    TreeSet<String> found = new TreeSet<>(Comparator.comparingInt(String::length).reversed()
        .thenComparing(Comparator.naturalOrder()));
    for (Map.Entry<String, String> e : properties.entrySet()) {
      String value = e.getValue() == null ? "" : e.getValue().strip();
      if (value.isEmpty()) {
        continue;
      }
      if (Secrets.isSecretKey(e.getKey())) {
        found.add(value);
      }
    }
    return new CrashSecrets(List.copyOf(found));
  }

  /**
   * @param text any text, may be null
   * @return it with each known secret, and URL credentials, replaced by {@link Secrets#MASK}
   */
  String mask(String text) {
    if (text == null) {
      return null;
    }
    String out = Secrets.maskText(text);
    for (String v : values) {
      out = out.replace(v, Secrets.MASK);
    }
    return out;
  }

  /**
   * @param command a process's command line, e.g. a killed server's
   * @return it joined by spaces, the values of options named like a secret and every known secret masked
   */
  String maskCommand(List<String> command) {
    List<String> args = new ArrayList<>(command.size());
    boolean next = false;
    for (String arg : command) {
      if (next) {
        args.add(Secrets.MASK);
        next = false;
        continue;
      }
      int eq = arg.indexOf('=');
      if (arg.startsWith("-") && eq > 0 && secretOption(arg.substring(0, eq))) {
        args.add(arg.substring(0, eq + 1) + Secrets.MASK);
      } else {
        next = arg.startsWith("-") && eq < 0 && secretOption(arg);
        args.add(arg);
      }
    }
    return mask(Secrets.maskArgs(args));
  }

  /** @return whether an option such as {@code --requirepass} or {@code -a} takes a secret */
  static boolean secretOption(String option) {
    String name = option.replaceFirst("^-+", "").toLowerCase(Locale.ROOT);
    return name.equals("a") || Secrets.isSecretKey(name) || name.endsWith("pass") || name.endsWith("auth");
  }

  /**
   * Creates an empty file readable and writable by its owner only (0600), or leaves an existing one as it is.
   *
   * @param file the file
   * @throws IOException when it cannot be created
   */
  static void createPrivate(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    try {
      Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (FileAlreadyExistsException e) {
      // appended to
    } catch (UnsupportedOperationException e) {
      Files.createFile(file);
    }
  }
}
