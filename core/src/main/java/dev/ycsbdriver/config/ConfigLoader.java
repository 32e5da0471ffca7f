package dev.ycsbdriver.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;

/**
 * Merges a command's configuration in YCSB's order, then applies the durability profile:
 * <ol>
 *   <li>the {@code -P} files, in the order given (later files override earlier ones);</li>
 *   <li>the profile file {@code <profile>.properties}, when {@code profile} is set (see {@link #profileDirectories});</li>
 *   <li>{@code -p key=value} and the flags ({@code -threads}, {@code -target}, {@code -s}, {@code -l}),
 *       in command-line order (later ones override earlier ones).</li>
 * </ol>
 *
 * <p>A relative {@code -P} path is looked up in the working directory, then under the installation
 * directory ({@code ycsb.home}), so {@code -P workloads/workloada} works from anywhere.
 *
 * <p>Immutable and thread-safe.
 */
public final class ConfigLoader {
  private final Path home;
  private final Path workingDirectory;

  /**
   * @param home the installation directory holding {@code workloads/} and {@code conf/}
   * @param workingDirectory where relative paths are resolved first
   */
  public ConfigLoader(Path home, Path workingDirectory) {
    this.home = home.toAbsolutePath().normalize();
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
  }

  /**
   * @return a loader for the installation named by the {@code ycsb.home} system property (the
   *     launcher sets it), or the working directory
   */
  public static ConfigLoader fromEnvironment() {
    Path cwd = Path.of("").toAbsolutePath();
    String home = System.getProperty("ycsb.home");
    return new ConfigLoader(home == null || home.isBlank() ? cwd : Path.of(home), cwd);
  }

  /** @return the installation directory */
  public Path home() {
    return home;
  }

  /**
   * @param propertyFiles the {@code -P} arguments, in order
   * @param overrides {@code -p} and flag values, in command-line order
   * @param bindingName the binding's canonical name, whose {@code conf/} directory holds its profiles
   * @return the merged settings
   * @throws ConfigException for a missing or unreadable file or an unknown profile
   */
  public Settings load(List<String> propertyFiles, Map<String, String> overrides, String bindingName)
      throws ConfigException {
    return merge(propertyFiles, overrides, bindingName).settings();
  }

  /**
   * The merged settings and where each key that a file set came from.
   *
   * @param settings the merged settings, as {@link #load} returns them
   * @param origins key to the file that set its value last, e.g. {@code -P workloads/workloada} or
   *     {@code profile durable}; keys set by {@code -p} and flags are absent
   */
  public record Merged(Settings settings, Map<String, String> origins) {
    /** Copies the map. */
    public Merged {
      origins = Map.copyOf(origins);
    }
  }

  /**
   * Like {@link #load}, and says which file set each key, so that an error can name it.
   *
   * @throws ConfigException for a missing or unreadable file or an unknown profile
   */
  public Merged merge(List<String> propertyFiles, Map<String, String> overrides, String bindingName)
      throws ConfigException {
    Map<String, String> merged = new LinkedHashMap<>();
    Map<String, String> origins = new LinkedHashMap<>();
    for (String file : propertyFiles) {
      putAll(merged, origins, read(resolveFile(file), "-P " + file), "-P " + file);
    }
    String profile = overrides.containsKey("profile") ? overrides.get("profile") : merged.get("profile");
    if (profile != null && !profile.isBlank()) {
      String what = "profile " + profile.trim();
      putAll(merged, origins, read(profileFile(bindingName, profile.trim()), what), what);
    }
    merged.putAll(overrides);
    overrides.keySet().forEach(origins::remove);
    return new Merged(Settings.of(merged), origins);
  }

  private static void putAll(Map<String, String> merged, Map<String, String> origins, Map<String, String> values,
                             String origin) {
    merged.putAll(values);
    values.keySet().forEach(k -> origins.put(k, origin));
  }

  /**
   * Where a binding's durability profiles are looked up, first match wins: {@code conf/<binding>/} under the
   * installation directory (where the distribution puts each binding's profiles, and where a user adds their
   * own), then {@code bindings/<binding>/conf/} (where a binding's profiles live in a source checkout: they
   * ship inside the binding's folder).
   *
   * @param bindingName canonical binding name, which is also the binding's folder name
   * @return the directories, in lookup order; they need not exist
   */
  public List<Path> profileDirectories(String bindingName) {
    return List.of(home.resolve("conf").resolve(bindingName), home.resolve("bindings").resolve(bindingName).resolve("conf"));
  }

  /**
   * @param bindingName canonical binding name
   * @return the profiles shipped for the binding (file names in {@link #profileDirectories} without
   *     {@code .properties}), sorted; empty when it has none
   */
  public List<String> profiles(String bindingName) {
    TreeSet<String> names = new TreeSet<>();
    for (Path dir : profileDirectories(bindingName)) {
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.properties")) {
        for (Path f : files) {
          String n = f.getFileName().toString();
          names.add(n.substring(0, n.length() - ".properties".length()));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new ArrayList<>(names);
  }

  private Path profileFile(String bindingName, String profile) throws ConfigException {
    List<Path> dirs = profileDirectories(bindingName);
    Path file = dirs.get(0).resolve(profile + ".properties");
    for (Path dir : dirs) {
      if (Files.isRegularFile(dir.resolve(profile + ".properties"))) {
        file = dir.resolve(profile + ".properties");
        break;
      }
    }
    if (!profile.matches("[A-Za-z0-9_.-]+") || !Files.isRegularFile(file)) {
      List<String> known = profiles(bindingName);
      String near = Names.nearest(profile, known);
      throw new ConfigException("profile: " + bindingName + " has no profile '" + profile + "' (no "
          + home.relativize(file) + ")" + (known.isEmpty() ? "; this binding ships no profiles"
          : "; available: " + String.join(", ", known)) + (near != null ? "; did you mean " + near + "?" : ""));
    }
    return file;
  }

  private Path resolveFile(String name) throws ConfigException {
    Path p = Path.of(name);
    if (p.isAbsolute()) {
      return p;
    }
    Path local = workingDirectory.resolve(p);
    if (Files.exists(local)) {
      return local;
    }
    Path installed = home.resolve(p);
    if (Files.exists(installed)) {
      return installed;
    }
    return local;
  }

  private static Map<String, String> read(Path file, String what) throws ConfigException {
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      props.load(in);
    } catch (NoSuchFileException e) {
      throw new ConfigException(what + ": no such file (" + file + ")");
    } catch (IOException e) {
      throw new ConfigException(what + ": cannot read " + file + " (" + e.getMessage() + ")", e);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(what + ": malformed properties file " + file + " (" + e.getMessage() + ")", e);
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (String key : props.stringPropertyNames()) {
      out.put(key, props.getProperty(key).trim());
    }
    return out;
  }
}
