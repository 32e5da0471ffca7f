package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.Resources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run order of a matrix: repeat-major, shuffled with a seed, one visit per group and repeat. */
class MatrixOrderTest {
  @TempDir
  Path dir;

  private final Path home = Resources.path("/golden/workloads/workloada").getParent().getParent();

  private MatrixSpec spec(int repeats, String extra) throws Exception {
    Path f = dir.resolve("m.yaml");
    Files.writeString(f, """
        recordcount: 1000
        duration: 10s
        repeats: %d
        threads: [1, 16]
        workloads: [workloada, workloadc, workloadd]
        stores:
          - binding: h2
            profiles: [durable, fast]
          - binding: sqlite
            profiles: [durable, fast]
          - binding: memory
            profiles: []
        %s
        """.formatted(repeats, extra));
    return MatrixFile.read(f, home);
  }

  private static List<String> labels(List<MatrixOrder.Visit> plan) {
    List<String> labels = new ArrayList<>();
    for (MatrixOrder.Visit v : plan) {
      v.cells().forEach(c -> labels.add(c.label()));
      if (v.crash() != null) {
        labels.add(v.crash().label());
      }
    }
    return labels;
  }

  @Test
  void eachRepeatVisitsEveryGroupOnceBeforeTheNextRepeatStarts() throws Exception {
    MatrixSpec spec = spec(3, "");
    List<MatrixOrder.Visit> plan = MatrixOrder.plan(spec, 42);
    assertThat(plan).hasSize(3 * 5);
    for (int r = 1; r <= 3; r++) {
      List<MatrixOrder.Visit> repeat = plan.subList((r - 1) * 5, r * 5);
      int rr = r;
      assertThat(repeat).allSatisfy(v -> {
        assertThat(v.repeat()).isEqualTo(rr);
        assertThat(v.cells()).hasSize(6).allSatisfy(c -> {
          assertThat(c.repeat()).isEqualTo(rr);
          assertThat(c.store()).isEqualTo(v.group().store());
          assertThat(c.profile()).isEqualTo(v.group().profile());
        });
      });
      assertThat(repeat).extracting(MatrixOrder.Visit::group).containsExactlyInAnyOrderElementsOf(
          MatrixOrder.groups(spec));
    }
    List<String> labels = labels(plan);
    assertThat(labels).hasSize(3 * 5 * 6).doesNotHaveDuplicates();
    assertThat(new HashSet<>(labels)).hasSize(90);
  }

  @Test
  void theSameSeedGivesTheSameOrderAndAnotherSeedAnother() throws Exception {
    MatrixSpec spec = spec(3, "");
    List<String> a = labels(MatrixOrder.plan(spec, 1234));
    assertThat(labels(MatrixOrder.plan(spec(3, ""), 1234))).isEqualTo(a);
    assertThat(labels(MatrixOrder.plan(spec, 1235))).isNotEqualTo(a);
  }

  @Test
  void groupsAndCellsAreShuffledWithinARepeat() throws Exception {
    MatrixSpec spec = spec(1, "");
    List<MatrixOrder.Visit> plan = MatrixOrder.plan(spec, 7);
    List<String> fileOrder = new ArrayList<>();
    for (MatrixOrder.Group g : MatrixOrder.groups(spec)) {
      MatrixOrder.cells(spec, g, 1).forEach(c -> fileOrder.add(c.label()));
    }
    assertThat(labels(plan)).containsExactlyInAnyOrderElementsOf(fileOrder).isNotEqualTo(fileOrder);
    // over a few seeds, both the groups and the cells within a group come in more than one order
    Set<List<String>> groupOrders = new HashSet<>();
    Set<List<String>> cellOrders = new HashSet<>();
    for (long seed = 1; seed <= 5; seed++) {
      List<MatrixOrder.Visit> p = MatrixOrder.plan(spec, seed);
      groupOrders.add(p.stream().map(v -> v.group().label()).toList());
      cellOrders.add(p.stream().filter(v -> v.group().label().equals("memory")).findFirst().orElseThrow().cells()
          .stream().map(Cell::label).toList());
    }
    assertThat(groupOrders).hasSizeGreaterThan(1);
    assertThat(cellOrders).hasSizeGreaterThan(1);
  }

  @Test
  void eachGroupsCrashTestFollowsItsCellsInTheLastRepeat() throws Exception {
    MatrixSpec spec = spec(2, "crashtest: {rounds: 1}");
    List<MatrixOrder.Visit> plan = MatrixOrder.plan(spec, 99);
    assertThat(plan.subList(0, 5)).allSatisfy(v -> assertThat(v.crash()).isNull());
    assertThat(plan.subList(5, 10)).allSatisfy(v -> {
      assertThat(v.crash()).isEqualTo(new CrashCell(v.group().store(), v.group().profile()));
      assertThat(v.size()).isEqualTo(7);
    });
  }

  @Test
  void seedIsReadFromTheMatrixFile() throws Exception {
    assertThat(spec(1, "seed: -5").seed()).isEqualTo(-5L);
    assertThat(spec(1, "").seed()).isNull();
  }
}
