package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.Warmup;
import dev.ycsbdriver.report.RepeatAggregate;
import dev.ycsbdriver.testing.Resources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The declaration of a matrix file's top-level keys: what the reader knows, checks and defaults. */
class MatrixKeyTest {
  @TempDir
  Path dir;

  private final Path home = Resources.path("/golden/workloads/workloada").getParent().getParent();

  private static final String MINIMAL = """
      recordcount: 1000
      operationcount: 5000
      threads: 4
      workloads: [workloada]
      stores:
        - binding: memory
      """;

  private Path write(String yaml) throws IOException {
    Path f = dir.resolve("m.yaml");
    Files.writeString(f, yaml);
    return f;
  }

  @Test
  void everyKeyIsDeclaredOnceWithAKindADefaultAndADescription() {
    assertThat(MatrixKey.names()).hasSize(MatrixKey.values().length).startsWith("name", "output", "recordcount")
        .contains("warmupMax", "loadThreads", "latencyWorkload", "jvmArgs", "cellTimeout", "crashtest", "seed");
    for (MatrixKey k : MatrixKey.values()) {
      assertThat(k.description()).as(k.key()).isNotBlank();
      assertThat(k.defaultText()).as(k.key()).isNotBlank();
      assertThat(k.kind()).as(k.key()).isNotNull();
    }
    assertThat(MatrixKey.REPEATS.range()).isEqualTo("1..1000");
    assertThat(MatrixKey.WARMUP_MAX.range()).isEqualTo(">= 1000 ms");
    assertThat(MatrixKey.RECORD_COUNT.defaultText()).isEqualTo("required unless every workload file sets recordcount");
    assertThat(MatrixKey.LOAD_THREADS.defaultText()).isEqualTo("16");
  }

  @Test
  void readerAppliesTheDeclaredDefaults() throws Exception {
    MatrixSpec spec = MatrixFile.read(write(MINIMAL), home);
    assertThat(spec.repeats()).isEqualTo(MatrixKey.REPEATS.defaultNumber().intValue()).isEqualTo(1);
    assertThat(spec.loadThreads()).isEqualTo(MatrixKey.LOAD_THREADS.defaultNumber().intValue()).isEqualTo(16);
    assertThat(spec.warmup()).isEqualTo(new Warmup(true, MatrixKey.WARMUP_MAX.defaultDuration()));
    assertThat(MatrixKey.WARMUP_MAX.defaultDuration()).hasSeconds(60);
    assertThat(spec.aggregate()).isEqualTo(RepeatAggregate.MEDIAN);
    assertThat(spec.seed()).isNull();
  }

  @Test
  void readerChecksTheDeclaredRanges() throws Exception {
    Path f = write(MINIMAL + "repeats: 1001\n");
    assertThatThrownBy(() -> MatrixFile.read(f, home))
        .hasMessage(f + ":7: repeats: must be between 1 and 1000, got 1001");
  }

  @Test
  void unknownKeyFarFromEveryKeyListsTheKeysInDeclarationOrder() throws Exception {
    Path f = write(MINIMAL + "zzzzzzzzzzzz: 1\n");
    assertThatThrownBy(() -> MatrixFile.read(f, home))
        .hasMessage(f + ":7: zzzzzzzzzzzz: unknown key; known keys: " + String.join(", ", MatrixKey.names()));
  }
}
