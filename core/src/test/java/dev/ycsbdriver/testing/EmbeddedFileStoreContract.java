package dev.ycsbdriver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The contract for a store kept in a file inside the driver's process (H2, SQLite): its directory key
 * is {@code <binding>.dir}, it cannot be unreachable but its directory can be unusable, it has no
 * credentials, and with no settings at all it keeps its file under {@code <result.dir>/<binding>/}.
 */
public abstract class EmbeddedFileStoreContract extends BindingContract {

  /** @return the database file's name in its directory, e.g. {@code ycsb.db} */
  protected abstract String databaseFileName();

  private String dirKey() {
    return bindingName() + ".dir";
  }

  @Override
  protected Map<String, String> connection() {
    return Map.of(dirKey(), Path.of("target", "it-" + bindingName()).toAbsolutePath().toString());
  }

  @Override
  protected Map<String, String> unreachable() {
    // a regular file where the database directory should be
    return Map.of(dirKey(), Path.of("pom.xml").toAbsolutePath().resolve("db").toString());
  }

  @Override
  protected String unreachableMessage() {
    return bindingName() + ": cannot create directory";
  }

  @Override
  protected Map<String, String> badCredentials() {
    // a database this process opens itself: there is no password to get wrong
    return Map.of();
  }

  @Override
  protected String badCredentialsMessage() {
    return "";
  }

  /** With 64 connections and one writer (workload A is half updates), a store must wait, not fail. */
  @Test
  void loadWithNothingElseThenSixtyFourThreadsUseTheDefaultDirectory() throws Exception {
    Path results = Path.of("target", "it-" + bindingName() + "-default").toAbsolutePath();
    CliRun load = CliRun.of("load", bindingName(), "-P", workload("workloada").toString(), "-p", "droptable=true",
        "-p", "result.dir=" + results);
    assertThat(load.exitCode()).as(load.toString()).isZero();
    assertThat(results.resolve(bindingName()).resolve(databaseFileName())).exists();
    CliRun run = CliRun.of("run", bindingName(), "-P", workload("workloada").toString(), "-threads", "64",
        "-p", "operationcount=5000", "-p", "result.dir=" + results);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).contains("[CPU], ServerSource, embedded: the driver process is the server");
    assertThat(Files.readString(run.resultFile())).contains("\"serverIsDriver\" : true");
  }

  /**
   * A store opened read-only ({@code <binding>.readonly=true}): a load with it is refused (exit 2, one line); a
   * read-only run of records loaded before reads them all and the result says the store was read-only; a run that
   * writes gets its writes refused as ERROR (exit 1), its reads still served.
   *
   * <p>In a directory of its own: the contract's store, open in this process for writing, would make an embedded
   * database that shares its open instance (H2) writable whatever the URL asks.
   *
   * @param setting the server setting that tells read-only, e.g. {@code read_only}
   * @param readOnlyValue its value when read-only, e.g. {@code true}
   */
  protected void assertReadOnlyRuns(String setting, String readOnlyValue) throws java.io.IOException {
    String key = bindingName() + ".readonly";
    String dir = Path.of("target", "it-" + bindingName() + "-readonly").toAbsolutePath().toString();
    CliRun refused = cli("load", "workloadc", Map.of(dirKey(), dir, key, "true", "recordcount", "300"));
    assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
    assertOneErrorLine(refused, key + "=true: a load writes its records");

    CliRun load = cli("load", "workloadc", Map.of(dirKey(), dir, "recordcount", "300", "droptable", "true",
        "createtable", "true"));
    assertThat(load.exitCode()).as(load.toString()).isZero();
    CliRun reads = cli("run", "workloadc", Map.of(dirKey(), dir, key, "true", "recordcount", "300",
        "operationcount", "600", "threadcount", "4"));
    assertThat(reads.exitCode()).as(reads.toString()).isZero();
    assertThat(SummaryLines.asMap(reads.out())).containsEntry("[READ], Return=OK", "600");
    assertThat(result(reads).at("/server/settings/" + setting).asText()).isEqualTo(readOnlyValue);

    CliRun writes = cli("run", "workloada", Map.of(dirKey(), dir, key, "true", "recordcount", "300",
        "operationcount", "600", "threadcount", "2"));
    assertThat(writes.exitCode()).as(writes.toString()).isEqualTo(1);
    Map<String, String> summary = SummaryLines.asMap(writes.out());
    assertThat(summary).containsKey("[UPDATE], Return=ERROR").doesNotContainKey("[UPDATE], Return=OK");
    assertThat(summary).containsKey("[READ], Return=OK");
  }

  /**
   * With {@code <binding>.read.index=false} every read still finds its record, and the result says how reads ran;
   * the same data read through the index is faster per read (a table of 20,000 records: the scan reads them all).
   * The runs are compared by their median read: a stall of the machine (a busy CI host, a collection) lengthens
   * the mean of 300 reads of a few microseconds each past a scan's, but only the reads in flight during it; and the
   * fastest read is no measure either, since H2 hands a prepared statement's last result back when the same key
   * is read again unchanged (a zipfian workload does that).
   *
   * @return the median READ latency without the index over the one with it (at least 1 µs), from the two runs
   */
  protected double assertReadWithoutKeyIndexFindsEveryRecord() throws java.io.IOException {
    String key = bindingName() + ".read.index";
    String dir = Path.of("target", "it-" + bindingName() + "-readindex").toAbsolutePath().toString();
    CliRun load = cli("load", "workloadc", Map.of(dirKey(), dir, "recordcount", "20000", "droptable", "true",
        "createtable", "true", "fieldcount", "1", "fieldlength", "32", bindingName() + ".batchsize", "1000",
        bindingName() + ".connections", "thread")); // batches need a connection of their own
    assertThat(load.exitCode()).as(load.toString()).isZero();
    double[] median = new double[2];
    for (int i = 0; i < 2; i++) {
      CliRun reads = cli("run", "workloadc", Map.of(dirKey(), dir, key, i == 0 ? "false" : "true",
          "recordcount", "20000", "operationcount", "300", "threadcount", "2", "fieldcount", "1",
          "fieldlength", "32", "hdrhistogram.percentiles", "50,95,99"));
      assertThat(reads.exitCode()).as(reads.toString()).isZero();
      assertThat(SummaryLines.asMap(reads.out())).containsEntry("[READ], Return=OK", "300")
          .doesNotContainKey("[READ], Return=NOT_FOUND");
      JsonNode json = result(reads);
      assertThat(json.at("/server/settings/reads").asText(""))
          .isEqualTo(i == 0 ? "without an index: every read reads the whole table"
              : "");
      median[i] = Math.max(1, Double.parseDouble(
          SummaryLines.asMap(reads.out()).get("[READ], 50thPercentileLatency(us)")));
    }
    return median[0] / median[1];
  }
}
