package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.testing.Resources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which groups keep their table between repeats: read-only cells on a table no other group can touch. */
class KeptTablesTest {
  @TempDir
  Path dir;

  private final Path home = Resources.path("/golden/workloads/workloada").getParent().getParent();

  private MatrixSpec spec;

  private KeptTables kept(String workloads) throws Exception {
    Path f = dir.resolve("m.yaml");
    Files.writeString(f, """
        recordcount: 1000
        duration: 2s
        repeats: 3
        threads: [1]
        workloads: %s
        stores:
          - binding: h2
            profiles: [durable, fast]
            properties: {h2.dir: "${output}/h2"}
          - binding: memory
            profiles: []
          - name: bdb-txn
            binding: berkeleydb
            profiles: [durable]
            properties: {berkeleydb.dir: "${output}/bdb-txn"}
          - name: bdb
            binding: berkeleydb
            profiles: [fast]
            properties: {berkeleydb.dir: "${output}/bdb"}
          - name: pg-one
            binding: postgres
            profiles: []
          - name: pg-two
            binding: postgres
            profiles: []
        """.formatted(workloads));
    spec = MatrixFile.read(f, home);
    return KeptTables.of(spec, MatrixOrder.plan(spec, 1).stream().map(MatrixOrder.Visit::group).distinct().toList());
  }

  private boolean keeps(KeptTables t, String store, String profile) {
    MatrixSpec.Store s = spec.stores().stream().filter(x -> x.name().equals(store)).findFirst().orElseThrow();
    return t.keeps(new MatrixOrder.Group(s, profile));
  }

  private Path readOnly() throws IOException {
    Path w = dir.resolve("readonly");
    Files.writeString(w, "workload=site.ycsb.workloads.CoreWorkload\nreadproportion=1\nupdateproportion=0\n");
    return w;
  }

  @Test
  void readOnlyCellsOnATableOfTheirOwnKeepItAndNoOtherGroupDoes() throws Exception {
    KeptTables t = kept("[" + readOnly() + "]");
    assertThat(keeps(t, "memory", null)).isTrue();
    // two entries of one binding, each in a directory of its own
    assertThat(keeps(t, "bdb-txn", "durable")).isTrue();
    assertThat(keeps(t, "bdb", "fast")).isTrue();
    // the profiles of a store share its table
    assertThat(keeps(t, "h2", "durable")).isFalse();
    assertThat(keeps(t, "h2", "fast")).isFalse();
    // two entries of one server binding may reach the same table
    assertThat(keeps(t, "pg-one", null)).isFalse();
  }

  @Test
  void aWorkloadThatWritesKeepsNoTable() throws Exception {
    // workloadc reads only; workloada updates (and CoreWorkload's default updateproportion is 0.05)
    KeptTables t = kept("[workloadc, workloada]");
    assertThat(keeps(t, "memory", null)).isFalse();
    KeptTables readsOnly = kept("[workloadc]");
    assertThat(keeps(readsOnly, "memory", null)).isTrue();
  }
}
