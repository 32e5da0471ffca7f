package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A new embedded store is a jar of its own, and nothing in the driver changes: a binding compiled here against the
 * assembled tree's {@code lib/} only, given to {@code bin/ycsb} with {@code -cp}, is listed, loads, claims its
 * directory by the files it names, and is known to the other stores, which refuse its directory naming it; and it
 * refuses theirs.
 */
class PluginBindingIT {
  private static final Path WORK = TreeCommand.TREE.getParent().resolve("plugin-binding-it");
  private static final Path JAR = WORK.resolve("tempstore.jar");

  /** The whole binding: a provider whose store writes one file, {@code tempstore-1.dat}, in its directory. */
  private static final String PROVIDER = """
      package dev.example.tempstore;

      import dev.ycsbdriver.config.ConfigException;
      import dev.ycsbdriver.config.PropertySpec;
      import dev.ycsbdriver.spi.Binding;
      import dev.ycsbdriver.spi.BindingContext;
      import dev.ycsbdriver.spi.BindingException;
      import dev.ycsbdriver.spi.BindingProvider;
      import dev.ycsbdriver.spi.ServerFacts;
      import dev.ycsbdriver.spi.ServerLocation;
      import dev.ycsbdriver.spi.StoreFiles;
      import dev.ycsbdriver.spi.support.NamedFiles;
      import dev.ycsbdriver.spi.support.StoreDirectory;
      import java.io.IOException;
      import java.nio.file.Files;
      import java.nio.file.Path;
      import java.util.List;
      import java.util.Map;
      import java.util.Optional;
      import java.util.regex.Pattern;

      public final class TempStoreProvider implements BindingProvider {
        static final PropertySpec DIR = PropertySpec.optional("tempstore.dir", "", "its directory");
        static final StoreFiles FILES = new NamedFiles("TempStore", "a TempStore directory", null, null,
            Pattern.compile("tempstore-\\\\d+\\\\.dat"), null);

        public String name() { return "tempstore"; }
        public String description() { return "a store made in a test, outside the driver's build"; }
        public List<PropertySpec> properties() { return List.of(DIR); }
        public Optional<StoreFiles> storeFiles() { return Optional.of(FILES); }

        public Binding open(BindingContext context) throws ConfigException, BindingException {
          Path dir = StoreDirectory.claim(FILES, DIR.key(), name(), context.settings().getTrimmed(DIR),
              context.resultDirectory());
          try {
            Files.writeString(dir.resolve("tempstore-1.dat"), "records");
          } catch (IOException e) {
            throw new BindingException("tempstore: " + e.getMessage(), e);
          }
          return Binding.of(site.ycsb.BasicDB::new, ServerLocation.embedded(),
              new ServerFacts("TempStore", "1", context.profile(), Map.of(), List.of()), () -> { });
        }
      }
      """;

  @BeforeAll
  static void buildTheBindingAgainstTheTreeAlone() throws Exception {
    EmbeddedStoreFilesIT.deleteTree(WORK);
    Path src = Files.createDirectories(WORK.resolve("src/dev/example/tempstore"));
    Files.writeString(src.resolve("TempStoreProvider.java"), PROVIDER);
    Path classes = Files.createDirectories(WORK.resolve("classes"));
    List<String> lib;
    try (Stream<Path> jars = Files.list(TreeCommand.TREE.resolve("lib"))) {
      lib = jars.map(Path::toString).filter(p -> p.endsWith(".jar")).sorted().toList();
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int status = javac.run(null, null, null, "--release", "17", "-cp", String.join(":", lib), "-d",
        classes.toString(), src.resolve("TempStoreProvider.java").toString());
    assertThat(status).as("javac of the test binding").isZero();
    try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(JAR))) {
      put(jar, "META-INF/services/dev.ycsbdriver.spi.BindingProvider",
          "dev.example.tempstore.TempStoreProvider\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      try (Stream<Path> files = Files.walk(classes)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          put(jar, classes.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
        }
      }
    }
  }

  @Test
  void aStoreInAJarOfItsOwnIsListedLoadsAndIsKnownToTheOtherStores() throws Exception {
    TreeCommand.Outcome listed = ycsb("bindings", "-cp", JAR.toString());
    assertThat(listed.exitCode()).as(listed.toString()).isZero();
    assertThat(listed.stdout()).contains("tempstore");

    Path own = WORK.resolve("own");
    TreeCommand.Outcome load = ycsb("load", "tempstore", "-cp", JAR.toString(), "-p", "tempstore.dir=" + own);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(own.resolve("tempstore-1.dat")).hasContent("records");

    // the other stores know its files by its jar on the class path, and name them
    TreeCommand.Outcome h2 = ycsb("load", "h2", "-cp", JAR.toString(), "-p", "h2.dir=" + own);
    assertThat(h2.exitCode()).as(h2.toString()).isEqualTo(2);
    assertThat(h2.errorLines()).singleElement().asString().contains("holding TempStore files (tempstore-1.dat)");
    // without it, they are files of no store the driver knows
    TreeCommand.Outcome unknown = ycsb("load", "sqlite", "-p", "sqlite.dir=" + own);
    assertThat(unknown.exitCode()).as(unknown.toString()).isEqualTo(2);
    assertThat(unknown.errorLines()).singleElement().asString()
        .contains("holding files of no store the driver knows (tempstore-1.dat)");

    // and it refuses another store's directory, naming that store
    Path h2Dir = WORK.resolve("h2");
    TreeCommand.Outcome h2Load = ycsb("load", "h2", "-p", "h2.dir=" + h2Dir);
    assertThat(h2Load.exitCode()).as(h2Load.toString()).isZero();
    TreeCommand.Outcome refused = ycsb("load", "tempstore", "-cp", JAR.toString(), "-p", "tempstore.dir=" + h2Dir);
    assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
    assertThat(refused.errorLines()).singleElement().asString()
        .startsWith("ycsb: tempstore.dir: must be a TempStore directory or empty, got ").contains("holding H2 files (");
    assertThat(h2Dir.resolve("tempstore-1.dat")).doesNotExist();
  }

  private static TreeCommand.Outcome ycsb(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    if (!args[0].equals("bindings")) {
      all.addAll(List.of("-P", TreeCommand.TREE.resolve("workloads/workloada").toString(), "-p", "recordcount=20",
          "-p", "result.dir=" + WORK.resolve("results")));
    }
    return TreeCommand.run(WORK.resolve("cwd"), all);
  }

  private static void put(JarOutputStream jar, String name, byte[] bytes) throws IOException {
    jar.putNextEntry(new JarEntry(name));
    jar.write(bytes);
    jar.closeEntry();
  }
}
