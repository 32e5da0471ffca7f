package dev.ycsbdriver.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.runner.Preflight;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No binding, runner or command-line class reads a registered key by its raw string: a key the registry declares
 * ({@link Preflight#registry}: the driver's, YCSB's CoreWorkload and upstream keys) is read through its
 * {@link PropertySpec}, so its default, trimming and range are the same everywhere. Scans the main sources of
 * {@code core}'s {@code runner} and {@code cli} packages and of every {@code bindings/*} module for a read
 * ({@code getProperty}, {@code raw}, {@code contains}, {@code containsKey}, {@code get}, {@code getOrDefault})
 * whose first argument is a registered key's literal, or a {@code String} constant that holds one.
 */
class RawKeyReadsTest {
  private static final Path ROOT = Path.of("..");
  private static final List<Path> SOURCES = List.of(ROOT.resolve("core/src/main/java/dev/ycsbdriver/runner"),
      ROOT.resolve("core/src/main/java/dev/ycsbdriver/cli"));

  @Test
  void noMainSourceReadsARegisteredKeyByItsString() throws Exception {
    Set<String> keys = registeredKeys();
    assertThat(keys).contains("table", "fieldcount", "insertstart", "insertproportion", "requestdistribution");
    List<String> found = new ArrayList<>();
    for (Path file : sourceFiles()) {
      found.addAll(rawReads(file, Files.readString(file), keys));
    }
    assertThat(found).as("read these keys through their PropertySpec").isEmpty();
  }

  @Test
  void theScanFindsEveryFormOfRawRead() throws Exception {
    Set<String> keys = registeredKeys();
    String text = String.join("\n", "String t = p.getProperty(\"table\", \"usertable\");",
        "String s = settings.raw( \"insertstart\");", "boolean c = p.containsKey(\"insertcount\");",
        "private static final String KEY = \"fieldcount\";", "String ok = settings.getTrimmed(TABLE);",
        "String other = p.getProperty(\"mine.dir\");");
    assertThat(rawReads(Path.of("X.java"), text, keys)).containsExactly("X.java:1: table", "X.java:2: insertstart",
        "X.java:3: insertcount", "X.java:4: fieldcount");
  }

  @Test
  void theScanCoversEveryBinding() throws IOException {
    assertThat(sourceFiles()).anyMatch(f -> f.toString().contains("bindings/jdbc/"))
        .anyMatch(f -> f.toString().contains("bindings/memory/")).anyMatch(f -> f.toString().contains("/runner/"));
  }

  private static Set<String> registeredKeys() throws Exception {
    return Preflight.registry(BindingCatalog.load().find(BindingCatalog.BASIC)).specs().stream()
        .map(PropertySpec::key).collect(Collectors.toCollection(TreeSet::new));
  }

  private static List<Path> sourceFiles() throws IOException {
    List<Path> roots = new ArrayList<>(SOURCES);
    try (Stream<Path> bindings = Files.list(ROOT.resolve("bindings"))) {
      bindings.map(b -> b.resolve("src/main/java")).filter(Files::isDirectory).sorted().forEach(roots::add);
    }
    List<Path> files = new ArrayList<>();
    for (Path root : roots) {
      try (Stream<Path> walk = Files.walk(root)) {
        walk.filter(f -> f.toString().endsWith(".java")).sorted().forEach(files::add);
      }
    }
    return files;
  }

  /** @return {@code <file>:<line>: <key>} for each raw read of a key in {@code keys} */
  static List<String> rawReads(Path file, String text, Set<String> keys) {
    String alternatives = keys.stream().map(Pattern::quote).collect(Collectors.joining("|"));
    Pattern read = Pattern.compile("\\b(?:getProperty|raw|containsKey|contains|getOrDefault|get)\\(\\s*\"("
        + alternatives + ")\"|\\bstatic\\s+final\\s+String\\s+\\w+\\s*=\\s*\"(" + alternatives + ")\"\\s*;");
    List<String> found = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = read.matcher(lines[i]);
      while (m.find()) {
        found.add(file + ":" + (i + 1) + ": " + (m.group(1) != null ? m.group(1) : m.group(2)));
      }
    }
    return found;
  }
}
