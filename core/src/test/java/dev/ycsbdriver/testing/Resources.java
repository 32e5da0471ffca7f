package dev.ycsbdriver.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Test resources by classpath name. */
public final class Resources {
  private Resources() {
  }

  /** @return the resource's path on disk (resources are unpacked under target/test-classes) */
  public static Path path(String name) {
    URL url = Resources.class.getResource(name);
    if (url == null) {
      throw new IllegalArgumentException("no test resource " + name);
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** @return the resource's text */
  public static String text(String name) {
    try (InputStream in = Resources.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
