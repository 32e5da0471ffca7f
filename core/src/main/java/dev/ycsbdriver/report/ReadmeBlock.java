package dev.ycsbdriver.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The conclusions of a published report's {@code README.md}, rendered from its {@code report.json} between two
 * markers ({@link #BEGIN}, {@link #END}): the machine as the runs' result files name it and its condition
 * ({@code MachineCondition.summary}), every caveat of {@code report.md}, the findings that name a winner (each store
 * named as {@code storeNames} shows it, {@link StoreNames}), each with its ratio and 95% interval, one sentence
 * naming the ties, and the seed rows ({@link SeedFindings}), theirs beside ours with the verdict. The README's hand-written part, outside the markers, gives context only; {@link ReportWriter}
 * rewrites the block whenever it writes a report into a directory whose README has the markers.
 *
 * <p>Stateless and thread-safe.
 */
public final class ReadmeBlock {
  /** The line that opens the generated block. */
  public static final String BEGIN = "<!-- generated from report.json by bin/ycsb report: begin -->";
  /** The line that closes it. */
  public static final String END = "<!-- generated from report.json: end -->";

  private static final ObjectMapper JSON = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private ReadmeBlock() {
  }

  /**
   * @param report a report's {@code report.json}, parsed
   * @return the block, markers included, ending in a line break
   * @throws ConfigException when a findings row does not read as one
   */
  public static String render(JsonNode report) throws ConfigException {
    StringBuilder md = new StringBuilder(BEGIN).append("\n\n## Conclusions (generated from report.json)\n\n");
    List<String> machines = new ArrayList<>();
    report.path("machines").forEach(m -> machines.add(m.asText()));
    md.append(machines.size() == 1 ? "Machine (from the runs' result files): " : "Machines (from the runs' result "
        + "files): ").append(machines.isEmpty() ? "not recorded" : String.join("; ", machines)).append(".\n");
    if (report.has("machineCondition")) {
      md.append("Machine condition (from the runs' calibrations): ")
          .append(MarkdownReport.escape(report.path("machineCondition").asText())).append(".\n");
    }
    md.append('\n');
    md.append("### Caveats\n\n");
    for (JsonNode c : report.path("caveats")) {
      md.append("- ").append(MarkdownReport.escape(c.path("text").asText())).append('\n');
    }
    md.append("- ").append(MarkdownReport.escape(ReportText.ONE_MACHINE)).append("\n\n### Findings\n\n");
    StoreNames names = StoreNames.read(report);
    List<Finding> ahead = new ArrayList<>();
    List<Finding> ties = new ArrayList<>();
    List<Finding> unknown = new ArrayList<>();
    List<Finding> seeds = new ArrayList<>();
    for (JsonNode n : report.path("findings")) {
      Finding f = finding(n);
      (f.claim().seed() ? seeds : f.namesWinner() ? ahead : f.verdict() == Finding.Verdict.NO_ESTIMATE ? unknown
          : ties).add(f);
    }
    if (ahead.isEmpty() && ties.isEmpty() && unknown.isEmpty()) {
      md.append("The report states no findings.\n");
    }
    if (!ahead.isEmpty()) {
      md.append("Ahead outside the noise (see report.md's findings table for the test of each row):\n\n");
      java.util.Set<String> lines = new java.util.LinkedHashSet<>(); // a ranking's row can repeat a store's row
      for (Finding f : ahead) {
        String winner = f.ratio() >= 1 ? f.subject(names) + " ahead of " + f.other(names)
            : f.other(names) + " ahead of " + f.subject(names) + " (" + f.subject(names) + " over " + f.other(names)
            + ")";
        lines.add("- " + MarkdownReport.escape(winner + ", " + on(f) + ": " + f.text()) + ".\n");
      }
      lines.forEach(md::append);
      md.append('\n');
    }
    if (!ties.isEmpty()) {
      md.append(ahead.isEmpty() ? "No finding names a winner. " : "").append("Ties (the 95% interval includes 1, "
          + "the lead is inside the noise floor, or the paired and unpaired tests disagree): ");
      java.util.Set<String> items = new java.util.LinkedHashSet<>();
      for (Finding f : ties) {
        items.add(where(f, names) + ", " + f.text()
            + (f.verdict() == Finding.Verdict.TIE ? "" : " (" + f.verdict().label() + ")"));
      }
      md.append(MarkdownReport.escape(String.join("; ", items))).append(".\n");
    }
    if (!unknown.isEmpty()) {
      md.append(ties.isEmpty() ? "" : "\n").append("Without a noise estimate (one run per cell), naming no winner: ");
      java.util.Set<String> items = new java.util.LinkedHashSet<>();
      unknown.forEach(f -> items.add(where(f, names) + ", " + f.text()));
      md.append(MarkdownReport.escape(String.join("; ", items))).append(".\n");
    }
    seeds(md, seeds, names);
    return md.append('\n').append(END).append('\n').toString();
  }

  /** Appends the seed rows ({@link SeedFindings}), one line each, under a heading that names the seed. */
  private static void seeds(StringBuilder md, List<Finding> seeds, StoreNames names) {
    if (seeds.isEmpty()) {
      return;
    }
    md.append("\n### Ours vs the seed's\n\n").append(MarkdownReport.escape("Seed: " + seeds.get(0).seed()
        + ". Their ratio beside ours with its 95% interval; the verdicts are defined under report.md's table "
        + "\"Findings: ours vs the seed's\".")).append("\n\n");
    for (Finding f : seeds) {
      md.append("- ").append(MarkdownReport.escape(f.claim().label().substring("ours vs the seed's: ".length())
          + ", " + where(f, names) + ": theirs " + ReportFormat.ratio(f.theirs()) + ", ours " + f.text() + ": "
          + f.verdict().label() + " (" + f.reason() + ")")).append(".\n");
    }
  }

  /**
   * @param readme a README's text
   * @return its block, markers included, or null when it has no {@link #BEGIN} marker
   * @throws ConfigException when it opens a block it does not close
   */
  public static String block(String readme) throws ConfigException {
    int begin = readme.indexOf(BEGIN);
    if (begin < 0) {
      return null;
    }
    int end = readme.indexOf(END, begin);
    if (end < 0) {
      throw new ConfigException("README.md: a line " + END + " after " + BEGIN + ", got none; restore the end "
          + "marker");
    }
    return readme.substring(begin, end + END.length()) + "\n";
  }

  /**
   * Rewrites the block of {@code readme} from {@code report}; leaves a README without markers, or no README, alone.
   *
   * @param readme the report directory's {@code README.md}
   * @param report its {@code report.json}, parsed
   * @return whether the README was rewritten
   * @throws ConfigException when the README opens a block it does not close, or a findings row does not read
   * @throws IOException when the README cannot be read or written
   */
  public static boolean update(Path readme, JsonNode report) throws ConfigException, IOException {
    if (!Files.isRegularFile(readme)) {
      return false;
    }
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    String old = block(text);
    if (old == null) {
      return false;
    }
    String replaced = text.replace(old.substring(0, old.length() - 1), render(report).stripTrailing());
    if (!replaced.equals(text)) {
      AtomicFile.writeString(readme, replaced);
    }
    return true;
  }

  private static Finding finding(JsonNode n) throws ConfigException {
    try {
      return JSON.treeToValue(n, Finding.class);
    } catch (JsonProcessingException e) {
      throw new ConfigException("report.json: findings rows as written by bin/ycsb report, got " + n + "; "
          + e.getOriginalMessage());
    }
  }

  /** @return e.g. {@code rocksdb durable over leveldb durable, throughput on workloada at 16 threads} */
  private static String where(Finding f, StoreNames names) {
    return f.subject(names) + " over " + f.other(names) + ", " + on(f);
  }

  /** @return e.g. {@code throughput on workloada at 16 threads}, or {@code throughput over the workloads (geometric
   *     mean) at 16 threads} */
  private static String on(Finding f) {
    return f.figure() + (f.workload().equals(Finding.GEOMETRIC_MEAN) ? " over the workloads (geometric mean)"
        : " on " + f.workload()) + " at " + ReportFormat.threads(f.threads());
  }
}
