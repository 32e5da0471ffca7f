package dev.ycsbdriver.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file is written whole or not at all: a write that fails half-way (a full disk) leaves the old file. */
class AtomicFileTest {
  @TempDir
  Path dir;

  private long entries() throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return list.count();
    }
  }

  @Test
  void aFullDiskHalfWayLeavesTheOldFileAndNamesTheFileAndTheFullDisk() throws Exception {
    Path file = dir.resolve("result.json");
    Files.writeString(file, "{\"old\": true}");

    assertThatThrownBy(() -> AtomicFile.write(file, out -> {
      out.write("{\"new\": ".getBytes(StandardCharsets.UTF_8));
      throw new IOException("No space left on device");
    })).isInstanceOf(AtomicFile.OutputFileException.class)
        .hasMessage(file.toAbsolutePath() + ": cannot write, no space left on device; free space there or write "
            + "elsewhere");

    assertThat(file).hasContent("{\"old\": true}");
    assertThat(entries()).as("no temporary file left").isEqualTo(1);
  }

  @Test
  void anUncommittedFileLeavesNothing() throws Exception {
    Path file = dir.resolve("READ.hlog");
    try (AtomicFile f = AtomicFile.create(file)) {
      f.stream().write(1);
    }
    assertThat(entries()).isZero();
  }

  @Test
  void anEmptyDirectoryIsNeverReplacedByTheFile() throws Exception {
    Path target = Files.createDirectory(dir.resolve("summary.txt"));
    assertThatThrownBy(() -> AtomicFile.writeString(target, "x")).isInstanceOf(AtomicFile.OutputFileException.class)
        .hasMessage(target + ": cannot write, it is a directory; give a file's path");
    assertThat(target).isDirectory();
  }

  @Test
  void aWholeWriteReplacesTheFile() throws Exception {
    Path file = dir.resolve("sub").resolve("report.md");
    AtomicFile.writeString(file, "one");
    AtomicFile.writeString(file, "two");
    assertThat(file).hasContent("two");
    try (Stream<Path> list = Files.list(file.getParent())) {
      assertThat(list.map(p -> p.getFileName().toString())).containsExactly("report.md");
    }
  }

  @Test
  void namesFromDataBecomeOneSafePathComponent() {
    assertThat(ResultFiles.fileName("../../../../x")).isEqualTo("_._.._.._.._x");
    assertThat(ResultFiles.fileName("..")).isEqualTo("_.");
    assertThat(ResultFiles.fileName("a/b\\c")).isEqualTo("a_b_c");
    assertThat(ResultFiles.fileName("workloada")).isEqualTo("workloada");
    assertThat(ResultFiles.fileName("INTENDED-READ")).isEqualTo("INTENDED-READ");
    assertThat(ResultFiles.fileName("x".repeat(300))).hasSize(100).doesNotContain("/");
  }
}
