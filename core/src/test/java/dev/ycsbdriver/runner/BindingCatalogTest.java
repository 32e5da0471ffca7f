package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.spi.Binding;
import dev.ycsbdriver.spi.BindingContext;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.testing.CliRun;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BindingCatalogTest {
  @TempDir
  Path tmp;

  @Test
  void bindingsAreFoundByNameAndAliasInAnyCase() throws Exception {
    BindingCatalog catalog = BindingCatalog.of(List.of(new Twin("twin", "double"), new Other("other")));
    assertThat(catalog.find("TWIN")).isInstanceOf(Twin.class);
    assertThat(catalog.find("Double")).isInstanceOf(Twin.class);
    assertThat(catalog.providers()).extracting(BindingProvider::name).containsExactly("basic", "other", "twin");
  }

  @Test
  void twoBindingsWithOneNameAreRefusedNamingBothSources() {
    assertThatThrownBy(() -> BindingCatalog.of(List.of(new Twin("twin"), new Other("twin"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("binding: each name must belong to one binding, got 'twin' from ")
        .hasMessageContaining(Twin.class.getName() + " in ")
        .hasMessageContaining(Other.class.getName() + " in ")
        .hasMessageEndingWith("; remove one of them from the classpath")
        .hasMessageNotContaining("\n");
  }

  @Test
  void anAliasThatIsAnotherBindingsNameIsRefused() {
    assertThatThrownBy(() -> BindingCatalog.of(List.of(new Twin("twin", "other"), new Other("other"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("got 'other' from ");
  }

  @Test
  void theSourceOfABindingIsItsClassAndTheJarOrDirectoryItCameFrom() throws Exception {
    Path classes = Path.of(Twin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertThat(BindingCatalog.source(new Twin("twin"))).isEqualTo(Twin.class.getName() + " in " + classes);
  }

  @Test
  void twoBindingsWithOneNameOnTheClasspathExitTwoWithOneLine() throws Exception {
    Path services = tmp.resolve("META-INF/services");
    Files.createDirectories(services);
    Files.writeString(services.resolve(BindingProvider.class.getName()),
        NamedTwin.class.getName() + "\n" + NamedOther.class.getName() + "\n");
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {tmp.toUri().toURL()}, before)) {
      thread.setContextClassLoader(loader);
      CliRun run = CliRun.of("bindings");
      assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
      assertThat(run.err().strip()).doesNotContain("\n")
          .startsWith("ycsb: binding: each name must belong to one binding, got 'clash' from ")
          .contains(NamedTwin.class.getName()).contains(NamedOther.class.getName());
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  /** A binding that opens nothing, with the name and aliases it is given. */
  static class Twin implements BindingProvider {
    private final String name;
    private final List<String> aliases;

    Twin(String name, String... aliases) {
      this.name = name;
      this.aliases = List.of(aliases);
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public List<String> aliases() {
      return aliases;
    }

    @Override
    public String description() {
      return "a test binding";
    }

    @Override
    public List<PropertySpec> properties() {
      return List.of();
    }

    @Override
    public Binding open(BindingContext context) throws ConfigException {
      throw new ConfigException(name + ": opens nothing");
    }
  }

  /** A second class of binding, as from another jar. */
  static class Other extends Twin {
    Other(String name) {
      super(name);
    }
  }

  /** {@link Twin} named {@code clash}, for {@link java.util.ServiceLoader}. */
  public static final class NamedTwin extends Twin {
    public NamedTwin() {
      super("clash");
    }
  }

  /** {@link Other} named {@code clash}, for {@link java.util.ServiceLoader}. */
  public static final class NamedOther extends Twin {
    public NamedOther() {
      super("clash");
    }
  }
}
