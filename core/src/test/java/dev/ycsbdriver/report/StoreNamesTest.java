package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store is shown by the product its server reported (MariaDB through the mysql binding, PostgreSQL) in every place
 * a reader sees it, while report.json and the CSV files keep the store's key.
 */
class StoreNamesTest {
  private static int files;

  private static RunResult run(String store, String binding, String profile, String workload, double opsPerSec,
                               String server) {
    files++;
    List<RunResult.OperationFigures> ops = List.of(new RunResult.OperationFigures("READ", 1000, 0, 100.0, 200.0,
        400.0, 800.0, Map.of(50.0, 100.0, 99.0, 400.0)));
    return new RunResult(Path.of("cells", store, profile, "t4", workload, "r" + files, "run", "result.json"), store,
        binding, profile, workload, 4, "ok", opsPerSec, opsPerSec, ops, 90.0, 100.0, 50.0, 150.0, opsPerSec / 90,
        "processes named " + store, server, Map.of(), "test machine", Map.of(), List.of(), null);
  }

  private static String shown(String store, String binding, String... servers) {
    List<RunResult> runs = new ArrayList<>();
    for (String s : servers) {
      runs.add(run(store, binding, "durable", "workloada", 1000, s));
    }
    return StoreNames.shown(store, runs);
  }

  @Test
  void theMysqlBindingIsNamedByTheServersVersionString() {
    assertThat(shown("mysql", "mysql", "MariaDB 10.11.19-MariaDB-0+deb12u1")).isEqualTo("MariaDB");
    assertThat(shown("mysql", "mysql", "MySQL 5.5.5-10.11.19-MariaDB-0+deb12u1-log")).isEqualTo("MariaDB");
    assertThat(shown("mysql", "mysql", "MySQL 8.0.36", "MySQL 8.0.36")).isEqualTo("MySQL");
    assertThat(shown("postgres", "postgres", "PostgreSQL 15.20 (Debian 15.20-0+deb12u1)")).isEqualTo("PostgreSQL");
    assertThat(shown("h2-pool", "h2", "H2 2.3.232 (2024-08-11)")).isEqualTo("H2-pool");
    assertThat(shown("leveldb", "leveldb", "LevelDB leveldbjni 1.8")).isEqualTo("LevelDB");
  }

  @Test
  void aTextThatStartsWithAStoresKeyGetsItsName() {
    StoreNames names = new StoreNames(java.util.Map.of("mysql", "MariaDB", "mysql-pool", "MariaDB-pool"));
    assertThat(names.leading("mysql durable/fast on workloadc 1.02x")).isEqualTo("MariaDB durable/fast on workloadc 1.02x");
    assertThat(names.leading("mysql-pool fast on workloadc")).isEqualTo("MariaDB-pool fast on workloadc");
    assertThat(names.leading("ours mysql durable/fast 0.64x–1.61x")).isEqualTo("ours MariaDB durable/fast 0.64x–1.61x");
    assertThat(names.leading("postgres durable/fast mysql")).isEqualTo("postgres durable/fast mysql");
    assertThat(names.leading("mysqlx durable")).isEqualTo("mysqlx durable");
    assertThat(names.leading(null)).isNull();
  }

  @Test
  void runsThatDisagreeOrLackTheVersionKeepTheStoresName() {
    assertThat(shown("mysql", "mysql", "MariaDB 10.11.19-MariaDB", "MySQL 8.0.36")).isEqualTo("mysql");
    assertThat(shown("mysql", "mysql", "MariaDB 10.11.19-MariaDB", null)).isEqualTo("mysql");
    assertThat(shown("mysql", "mysql")).isEqualTo("mysql");
    // products named in several words, or in lower case, and names the user chose are left alone
    assertThat(shown("berkeleydb", "berkeleydb", "Berkeley DB Java Edition 18.3.12")).isEqualTo("berkeleydb");
    assertThat(shown("memory", "memory", "ycsb-driver memory store")).isEqualTo("memory");
    assertThat(shown("tuned", "mysql", "MariaDB 10.11.19-MariaDB")).isEqualTo("tuned");
    // a product the binding is not named after
    assertThat(shown("h2", "h2", "PostgreSQL 15.8")).isEqualTo("h2");
  }

  @Test
  void everyRendererShowsMariadbAndTheKeysStayMysql(@TempDir Path dir) throws Exception {
    Path in = dir.resolve("in");
    List<RunResult> runs = new ArrayList<>();
    for (String p : List.of("durable", "fast")) {
      for (String w : List.of("workloada", "workloadc")) {
        for (int r = 0; r < 3; r++) {
          runs.add(run("postgres", "postgres", p, w, 1000 + r, "PostgreSQL 15.8"));
          runs.add(run("mysql", "mysql", p, w, 3000 + 10 * r, "MariaDB 10.11.19-MariaDB-0+deb12u1"));
        }
      }
    }
    ReportModel model = ReportModel.build(runs, "names", "postgres");

    String md = MarkdownReport.render(model, ReportTables.build(model), List.of());
    assertThat(md).contains("| MariaDB |", "| MariaDB | fast |", "MariaDB (mysql)", "Baseline for ratios: PostgreSQL")
        .contains("stores PostgreSQL, MariaDB")
        .doesNotContain("| mysql |", "| mysql fast |", " mysql durable", "stores postgres");
    assertThat(FindingsTable.table(model).rows()).isNotEmpty().allSatisfy(row -> assertThat(row.get(4)).doesNotStartWith("mysql"));
    assertThat(ReportSummary.sentences(model)).anyMatch(s -> s.startsWith("MariaDB: "))
        .noneMatch(s -> s.startsWith("mysql"));
    assertThat(ReportCharts.throughput(model, "durable", 4).getSeriesMap()).containsOnlyKeys("PostgreSQL", "MariaDB");
    assertThat(ReportCharts.headline(model, 4).getSeriesMap()).containsKeys("MariaDB durable", "MariaDB fast");
    assertThat(LatencyCharts.percentiles(model, "durable", 4, "workloada").getSeriesMap())
        .containsKeys("MariaDB READ");

    // report.json and the CSV keep the key; the README block reads the names from report.json
    Files.writeString(dir.resolve("README.md"), "# names\n\n" + ReadmeBlock.BEGIN + "\n" + ReadmeBlock.END + "\n");
    JsonNode json = ReportWriter.json(model, dir);
    assertThat(json.path("stores").toString()).isEqualTo("[\"postgres\",\"mysql\"]");
    assertThat(json.path("storeNames").path("mysql").asText()).isEqualTo("MariaDB");
    assertThat(json.path("findings").findValuesAsText("store")).contains("mysql").doesNotContain("MariaDB");
    assertThat(CsvReport.render(model)).contains(",mysql,").doesNotContain("MariaDB,");
    String block = ReadmeBlock.render(new ObjectMapper().readTree(json.toString()));
    assertThat(block).contains("MariaDB fast over MariaDB durable").doesNotContain("mysql fast", "mysql durable");
    assertThat(in).doesNotExist();
  }
}
