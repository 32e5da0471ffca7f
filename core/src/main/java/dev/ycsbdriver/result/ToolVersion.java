package dev.ycsbdriver.result;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** ycsb-driver's version, from the build. Stateless and thread-safe. */
public final class ToolVersion {
  private static final String VERSION = read();

  private ToolVersion() {
  }

  /** @return the version, e.g. {@code 0.1.0}, or {@code unknown} outside a build */
  public static String get() {
    return VERSION;
  }

  private static String read() {
    try (InputStream in = ToolVersion.class.getResourceAsStream("/dev/ycsbdriver/version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
