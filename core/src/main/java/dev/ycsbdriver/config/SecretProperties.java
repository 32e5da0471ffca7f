package dev.ycsbdriver.config;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Properties handed to a driver process through its environment instead of its command line: the command
 * line of every process is readable by every user ({@code ps}, {@code /proc/<pid>/cmdline}), its
 * environment only by the same user ({@code /proc/<pid>/environ} is mode 0400). A matrix puts each cell's
 * secrets here, {@code bin/ycsb} every {@code -p} that holds one; a user may put them here too:
 *
 * <pre>{@code
 * YCSB_SECRET_PROPERTIES="postgres.password=$PGPASSWORD" bin/ycsb run postgres -P workloads/workloada
 * }</pre>
 *
 * <p>The text is in {@link Properties} format. Its properties apply like {@code -p} options given before all
 * others: over the {@code -P} files and the profile, under any {@code -p} of the same key.
 *
 * <p>Stateless and thread-safe.
 */
public final class SecretProperties {
  /** The environment variable that holds the properties. */
  public static final String ENVIRONMENT_VARIABLE = "YCSB_SECRET_PROPERTIES";

  private SecretProperties() {
  }

  /**
   * Whether a property must not travel on a command line.
   *
   * @param key a property name
   * @param value its value, expanded (what the process receives)
   * @return true when {@link Secrets} would mask the value: a secret key, or credentials inside the value
   */
  public static boolean isSecret(String key, String value) {
    return Secrets.isSecretKey(key) || !Secrets.maskValue(key, value).equals(value);
  }

  /**
   * @param properties the properties, in order; may be empty
   * @return them as the text of {@link #ENVIRONMENT_VARIABLE}
   */
  public static String toText(Map<String, String> properties) {
    Properties p = new Properties();
    p.putAll(properties);
    StringWriter out = new StringWriter();
    try {
      p.store(out, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  /**
   * @param environment a process environment, e.g. {@link System#getenv()}
   * @return the properties of {@link #ENVIRONMENT_VARIABLE}; empty when it is unset or blank
   * @throws ConfigException when its text is not in properties format (the value is never shown)
   */
  public static Map<String, String> fromEnvironment(Map<String, String> environment) throws ConfigException {
    String text = environment.get(ENVIRONMENT_VARIABLE);
    Map<String, String> out = new LinkedHashMap<>();
    if (text == null || text.isBlank()) {
      return out;
    }
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException(ENVIRONMENT_VARIABLE + ": must be key=value lines in properties format, got text"
          + " that is not (" + e.getClass().getSimpleName() + ")");
    }
    for (String key : p.stringPropertyNames()) {
      out.put(key, p.getProperty(key).trim());
    }
    return out;
  }
}
