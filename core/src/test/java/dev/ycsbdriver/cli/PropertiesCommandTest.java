package dev.ycsbdriver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.testing.CliRun;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PropertiesCommandTest {
  @Test
  void markdownGroupsKeysByOwnerWithTypeRangeAndDefault() {
    CliRun run = CliRun.of("properties", "--markdown");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .startsWith("# Property keys")
        .contains(PropertiesCommand.REGENERATE)
        .contains("## Driver", "## CoreWorkload", "## Crash test", "## Upstream YCSB")
        .contains("| `threadcount` | integer, 1 to ")
        .contains("| `fieldcount` | integer, 1 to 2147483647 | `10` | fields |")
        .contains("| `crash.rounds` | integer, 1 to 1000 | `3` | rounds |");
    assertThat(run.out().indexOf("## Driver")).isLessThan(run.out().indexOf("## CoreWorkload"));
    assertThat(run.out().split("\n## Driver\n", -1)).as("the driver's section once").hasSize(2);
  }

  @Test
  void plainTextAlignsTheColumns() {
    CliRun run = CliRun.of("properties");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Driver: ").containsPattern("\n  key +\\| type and range +\\| default");
  }

  @Test
  void rangeStatesEachKindInItsUnit() {
    PropertySpec text = PropertySpec.optional("x", "", "d");
    assertThat(PropertyTable.range(text)).isEqualTo("text");
    assertThat(PropertyTable.range(text.integer(0, Long.MAX_VALUE))).isEqualTo("integer, at least 0");
    assertThat(PropertyTable.range(text.number(0, 1))).isEqualTo("number, 0 to 1");
    assertThat(PropertyTable.range(text.number(0.5, Double.MAX_VALUE))).isEqualTo("number, at least 0.5");
    assertThat(PropertyTable.range(text.duration(Duration.ofMillis(10), Duration.ofMinutes(1))))
        .isEqualTo("duration, 10ms to 1m");
    assertThat(PropertyTable.range(text.duration(Duration.ZERO, Duration.ofSeconds(90))))
        .isEqualTo("duration, 0ms to 90s");
    assertThat(PropertyTable.range(text.choice("op", "both"))).isEqualTo("one of op, both");
    assertThat(PropertyTable.range(text.flag())).isEqualTo("true or false");
    assertThat(PropertyTable.range(text.identifier(2, 63)))
        .isEqualTo("name of letters, digits and _, at most 63 characters, optionally schema.name");
  }

  @Test
  void markdownEscapesPipesInCells() {
    PropertySpec piped = PropertySpec.of("k", "a|b", "", "one | two");
    var bytes = new java.io.ByteArrayOutputStream();
    PropertyTable.markdown(new java.io.PrintStream(bytes, true), java.util.List.of(
        new PropertiesCommand.Group("G", "note", java.util.List.of(piped))), "cmd");
    assertThat(bytes.toString()).contains("| `k` | text | `a\\|b` |  | one \\| two |");
  }
}
