package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The findings table and the summary say one thing: an A/A comparison is a tie in the rows, the summary, the
 * Markdown, the HTML, the CSV and the JSON; a lead inside the noise floor is a tie, never a winner with a warning;
 * where the paired and unpaired intervals disagree, a winner is named only when the rounds justify pairing.
 */
class FindingsTest {
  private static ReportModel model(List<RunResult> runs) {
    return ReportModel.build(runs, "t", null);
  }

  private static List<RunResult> stores(double[] first, double[] second) {
    List<RunResult> runs = new ArrayList<>(RatioIntervalTest.runs("h2-one", true, first));
    runs.addAll(RatioIntervalTest.runs("h2-two", true, second));
    return runs;
  }

  private static Finding storeRow(ReportModel model) {
    return Findings.of(model).stream().filter(f -> f.claim() == Finding.Claim.STORE_VS_STORE).findFirst()
        .orElseThrow();
  }

  @Test
  void twoStoresWithTheSameFiguresAreATieInEveryOutput() {
    double[] same = {131_000, 161_859, 171_000};
    ReportModel model = model(stores(same, same));

    Finding row = storeRow(model);
    assertThat(row.verdict()).isEqualTo(Finding.Verdict.TIE);
    assertThat(row.ratio()).isEqualTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(ReportSummary.sentences(model)).noneMatch(s -> s.startsWith("Fastest store"))
        .anySatisfy(s -> assertThat(s).startsWith("No store is ahead outside the noise, profile durable at 8 threads: "
            + "workloadc h2-one"));
    String md = MarkdownReport.render(model, List.of(), List.of());
    assertThat(md).contains("## Findings").contains("| h2-one durable | h2-two durable | 1.00x |")
        .doesNotContain("ahead outside the noise |").doesNotContain("Fastest store");
    assertThat(md.indexOf("## Findings")).isLessThan(md.indexOf("## Summary"));
    assertThat(HtmlReport.render(model, List.of(), List.of())).contains("<h2>Findings</h2>")
        .contains("<td class=\"text\">tie</td>");
    assertThat(CsvReport.renderFindings(model).lines().toList()).hasSize(2)
        .first().isEqualTo(String.join(",", CsvReport.FINDINGS_COLUMNS));
    assertThat(CsvReport.renderFindings(model).lines().skip(1).findFirst().orElseThrow()).contains(",tie,");
    JsonNode json = ReportWriter.json(model, Path.of("out"));
    assertThat(json.get("findings")).hasSize(1);
    assertThat(json.at("/findings/0/verdict").asText()).isEqualTo("tie");
    assertThat(json.at("/findings/0/claim").asText()).isEqualTo("store-vs-store");
    assertThat(json.at("/findings/0/test").asText()).isEqualTo("paired-repeats");
  }

  @Test
  void aLeadInsideTheNoiseFloorIsATieAndNoWarning() {
    // sqlite's fast/durable on read-only workloadc is 0.70x; h2's lead over sqlite on workloada, 1.10x, is outside
    // its interval but nearer 1 than that floor
    List<RunResult> runs = NoiseSummaryTest.readsAndUpdates("sqlite", new double[] {100_000, 101_000, 99_000},
        new double[] {70_000, 70_500, 69_500}, new double[] {10_000, 10_100, 9_900}, new double[] {12_000, 12_100, 11_900});
    runs.addAll(NoiseSummaryTest.repeats("h2", "durable", "workloada", "UPDATE", 11_000, 11_100, 10_900));
    ReportModel model = model(runs);

    Finding lead = storeRow(model);
    assertThat(lead.low()).isGreaterThan(1);
    assertThat(lead.verdict()).isEqualTo(Finding.Verdict.INSIDE_NOISE_FLOOR);
    assertThat(lead.noiseFloor()).isEqualTo("sqlite fast/durable on workloadc 0.70x");
    List<String> s = ReportSummary.sentences(model);
    assertThat(s).noneMatch(x -> x.startsWith("Fastest store") || x.contains("treat it as noise")
        || x.contains("treat those differences as noise"));
    assertThat(s).anySatisfy(x -> assertThat(x).startsWith("No store is ahead outside the noise, profile durable at 8 "
        + "threads: workloada h2 11,000 ops/s, sqlite 10,000 ops/s (ratio 1.10x, 95% interval ")
        .endsWith("(inside the noise floor, sqlite fast/durable on workloadc 0.70x)."));
    assertThat(FindingsTable.table(model).rows()).anySatisfy(r -> assertThat(r).endsWith("inside the noise floor"));
  }

  @Test
  void pairedAndUnpairedDisagreeingWithoutARoundEffectNameNoWinner() {
    // paired 1.10x–1.77x leaves out 1, unpaired 0.91x–2.14x includes it; F = 10.8 < 19: rounds do not justify pairing
    ReportModel model = model(stores(new double[] {130_000, 100_000, 150_000}, new double[] {90_000, 80_000, 100_000}));

    Finding row = storeRow(model);
    assertThat(row.test()).isEqualTo(RatioInterval.Basis.PAIRED_REPEATS);
    assertThat(row.low()).isGreaterThan(1);
    assertThat(row.unpairedLow()).isLessThan(1);
    assertThat(row.roundEffectP()).isGreaterThan(Finding.PAIRING_P);
    assertThat(row.verdict()).isEqualTo(Finding.Verdict.TESTS_DISAGREE);
    assertThat(row.testText()).contains("unpaired 0.91–2.14 disagrees, rounds do not justify pairing");
    assertThat(ReportSummary.sentences(model)).noneMatch(x -> x.startsWith("Fastest store"))
        .anySatisfy(x -> assertThat(x).contains("(paired and unpaired tests disagree: paired by repeat, round effect"));
  }

  @Test
  void pairedAndUnpairedDisagreeingWithAStrongRoundEffectNameTheWinner() {
    // the rounds move both stores alike (F = 800): the paired 1.31x–1.40x stands against the unpaired 0.81x–2.28x, ratio 1.36x
    ReportModel model = model(stores(new double[] {130_000, 100_000, 150_000}, new double[] {95_000, 75_000, 110_000}));

    Finding row = storeRow(model);
    assertThat(row.unpairedLow()).isLessThan(1);
    assertThat(row.roundEffectP()).isLessThan(Finding.PAIRING_P);
    assertThat(row.verdict()).isEqualTo(Finding.Verdict.AHEAD);
    assertThat(row.testText()).contains("rounds justify pairing");
    assertThat(ReportSummary.sentences(model)).anySatisfy(x -> assertThat(x).startsWith("Fastest store per workload, "
        + "profile durable at 8 threads: workloadc h2-one (130,000 ops/s, 1.36x h2-two, 95% interval 1.31x–1.40x)"));
  }

  @Test
  void theRoundEffectIsTheFTestOfTheBlocks() {
    // F = var(a+b)/var(a-b) = 19.0 is the 95% quantile of F(2, 2): p 0.05
    List<RunResult> a = RatioIntervalTest.runs("a", true, Math.exp(0), Math.exp(1), Math.exp(2));
    double k = Math.sqrt(19);
    // b = a - d with var(a+b) = 19 var(a-b): a = (s + d) / 2, b = (s - d) / 2 with s = k·(0, 1, 2), d = (0, 1, 0)·√3·...
    double[] s = {0, k, 2 * k};
    double[] d = {0, 0, 0};
    d[1] = Math.sqrt(3); // var(d) = 1 with d = (0, √3, 0)
    double[] logA = new double[3];
    double[] b = new double[3];
    double[] aa = new double[3];
    for (int i = 0; i < 3; i++) {
      logA[i] = (s[i] + d[i]) / 2;
      aa[i] = Math.exp(logA[i]);
      b[i] = Math.exp((s[i] - d[i]) / 2);
    }
    // var(s) = k², var(d) = 1: F = 19
    Double p = RatioInterval.roundEffectP(RatioIntervalTest.runs("a", true, aa), RatioIntervalTest.runs("b", true, b),
        RankFigure.THROUGHPUT);
    assertThat(p).isCloseTo(0.05, org.assertj.core.data.Offset.offset(1e-4));
    assertThat(RatioInterval.roundEffectP(a, RatioIntervalTest.runs("b", false, 1, 2, 3), RankFigure.THROUGHPUT))
        .isNull();
  }
}
