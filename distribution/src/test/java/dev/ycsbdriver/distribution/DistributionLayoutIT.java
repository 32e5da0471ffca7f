package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A binding is its folder plus one {@code <module>} line: the assembled tree holds, for every folder under the
 * source checkout's {@code bindings/} with a {@code pom.xml}, its jar in {@code bindings/FOLDER/lib/} and each
 * profile {@code bindings/FOLDER/conf/*.properties} as {@code conf/FOLDER/}, without any list of bindings in
 * the distribution; and no jar ships twice.
 */
class DistributionLayoutIT {
  private static final Path TREE = Path.of(System.getProperty("distribution.dir")).toAbsolutePath();
  private static final Path SOURCE = Path.of(System.getProperty("ycsb.home")).toAbsolutePath();

  @Test
  void everyBindingFolderIsInTheTreeWithItsProfiles() throws IOException {
    List<String> folders = bindingFolders();
    assertThat(folders).as("binding folders under " + SOURCE.resolve("bindings")).contains("jdbc", "postgres", "h2");
    for (String folder : folders) {
      Path lib = TREE.resolve("bindings").resolve(folder).resolve("lib");
      assertThat(lib.resolve("ycsb-binding-" + folder + "-" + version() + ".jar"))
          .as("the jar of bindings/%s (built in the same reactor as the distribution? ./mvnw package from the root)", folder)
          .isRegularFile();
      Path conf = SOURCE.resolve("bindings").resolve(folder).resolve("conf");
      if (Files.isDirectory(conf)) {
        try (DirectoryStream<Path> profiles = Files.newDirectoryStream(conf, "*.properties")) {
          for (Path profile : profiles) {
            Path shipped = TREE.resolve("conf").resolve(folder).resolve(profile.getFileName());
            assertThat(shipped).as("profile %s of bindings/%s", profile.getFileName(), folder).isRegularFile();
            assertThat(Files.readString(shipped)).isEqualTo(Files.readString(profile));
          }
        }
      }
    }
  }

  @Test
  void eachJarShipsOnce() throws IOException {
    Map<String, List<Path>> byName = new HashMap<>();
    try (Stream<Path> files = Files.walk(TREE)) {
      files.filter(f -> f.getFileName().toString().endsWith(".jar"))
          .forEach(f -> byName.computeIfAbsent(f.getFileName().toString(), k -> new ArrayList<>()).add(TREE.relativize(f)));
    }
    assertThat(byName).as("jars in " + TREE).containsKey("ycsb-driver-core-" + version() + ".jar");
    TreeSet<String> twice = new TreeSet<>();
    byName.forEach((name, paths) -> {
      if (paths.size() > 1) {
        twice.add(paths.toString());
      }
    });
    assertThat(twice).as("jars in more than one directory of the tree").isEmpty();
  }

  private static List<String> bindingFolders() throws IOException {
    List<String> folders = new ArrayList<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(SOURCE.resolve("bindings"), Files::isDirectory)) {
      for (Path dir : dirs) {
        if (Files.isRegularFile(dir.resolve("pom.xml"))) {
          folders.add(dir.getFileName().toString());
        }
      }
    }
    folders.sort(null);
    return folders;
  }

  private static String version() {
    String name = TREE.getFileName().toString();
    return name.substring("ycsb-driver-".length());
  }
}
