package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code docs/properties.md} is what {@code bin/ycsb properties --markdown} prints from the assembled tree, where
 * every binding is installed, so the reference of keys cannot drift from their declarations.
 */
class PropertiesDocIT {
  private static final Path SOURCE = Path.of(System.getProperty("ycsb.home")).toAbsolutePath();
  private static final String REGENERATE = "bin/ycsb properties --markdown > docs/properties.md";

  @Test
  void checkedInPropertiesDocMatchesTheCommand(@TempDir Path dir) throws IOException, InterruptedException {
    TreeCommand.Outcome printed = TreeCommand.run(dir, List.of("properties", "--markdown"));
    assertThat(printed.exitCode()).as("bin/ycsb properties --markdown: %s", printed).isZero();
    assertThat(printed.stdout()).as("the command names how the file is regenerated").contains(REGENERATE);
    assertThat(printed.stdout()).as("every binding of the tree has its section")
        .contains("## Binding postgres", "## Binding h2", "## Binding memory");
    Path doc = SOURCE.resolve("docs/properties.md");
    assertThat(doc).as("docs/properties.md is missing; write it with: " + REGENERATE).isRegularFile();
    List<String> expected = printed.stdout().lines().toList();
    List<String> actual = Files.readString(doc, StandardCharsets.UTF_8).lines().toList();
    int line = 0;
    while (line < expected.size() && line < actual.size() && expected.get(line).equals(actual.get(line))) {
      line++;
    }
    if (line < expected.size() || line < actual.size()) {
      fail("docs/properties.md differs from what `bin/ycsb properties --markdown` prints, first at line %d:%n"
          + "  command: %s%n  file:    %s%nregenerate it from the source root with: %s", line + 1,
          line < expected.size() ? expected.get(line) : "(end)", line < actual.size() ? actual.get(line) : "(end)",
          REGENERATE);
    }
  }
}
