package dev.ycsbdriver.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Core's packages form no cycle: {@code jdeps -verbose:package} on the compiled classes, then Tarjan's strongly
 * connected components over the {@code dev.ycsbdriver} edges. A cycle (such as {@code config} and {@code spi}
 * importing each other) fails with the packages and edges that form it. The same edges are the package table of
 * {@code docs/architecture.md}.
 */
class PackageCyclesTest {
  private static final String PREFIX = "dev.ycsbdriver.";
  /** A row of the package table: {@code | `package` | holds | uses |}. */
  private static final Pattern TABLE_ROW = Pattern.compile("^\\| `([a-z.]+)` \\|.*\\| ([^|]*) \\|$");
  private static final Pattern CODE = Pattern.compile("`([a-z.]+)`");
  private static final Pattern EDGE = Pattern.compile("^\\s*(dev\\.ycsbdriver[\\w.]*)\\s+->\\s+(dev\\.ycsbdriver[\\w.]*)\\s");

  @Test
  void corePackagesFormNoCycle() {
    Map<String, Set<String>> edges = packageEdges();
    List<String> cycles = new ArrayList<>();
    for (Set<String> component : new Tarjan(edges).components()) {
      if (component.size() > 1) {
        StringBuilder b = new StringBuilder();
        for (String p : component) {
          Set<String> inside = new TreeSet<>(edges.getOrDefault(p, Set.of()));
          inside.retainAll(component);
          b.append("\n  ").append(p).append(" -> ").append(inside);
        }
        cycles.add(b.toString());
      }
    }
    assertThat(cycles).as("package cycles in core").isEmpty();
  }

  /**
   * The "uses" column of the package table in {@code docs/architecture.md} is what the compiled classes import: a
   * package that gains or loses a dependency, or a package the table does not list, fails with both sides.
   */
  @Test
  void theArchitectureTableIsTheImportsOfTheCode() throws IOException {
    Map<String, Set<String>> uses = new TreeMap<>();
    packageEdges().forEach((from, to) -> uses.put(from.substring(PREFIX.length()),
        to.stream().map(p -> p.substring(PREFIX.length())).collect(Collectors.toCollection(TreeSet::new))));
    Map<String, Set<String>> table = new TreeMap<>();
    for (String line : Files.readAllLines(Path.of("..", "docs", "architecture.md"))) {
      Matcher row = TABLE_ROW.matcher(line);
      if (row.matches()) {
        Set<String> used = new TreeSet<>();
        Matcher name = CODE.matcher(row.group(2));
        while (name.find()) {
          used.add(name.group(1));
        }
        table.put(row.group(1), used);
      }
    }
    assertThat(table).as("rows of the package table in docs/architecture.md").hasSizeGreaterThan(10);
    // a package that uses nothing of the driver has no edge in jdeps' output
    table.keySet().forEach(p -> uses.putIfAbsent(p, new TreeSet<>()));
    assertThat(table).as("docs/architecture.md's package table (left) against jdeps (right)").isEqualTo(uses);
  }

  /**
   * Within one package, classes that call each other in a circle can be changed only together. The report package
   * has none; the other circles that exist are listed here, each as its classes' simple names, so that a new one
   * fails and one that is broken is taken off the list.
   */
  private static final Set<String> KNOWN_CLASS_CYCLES = Set.of(
      "cli [PropertiesCommand, PropertyTable]",
      "cli [AgentCommand, Main, MatrixCommand, MergeCommand, ReportCommand]",
      "config [ClientPartition, RunConfig, Settings, Warmup]",
      "matrix [MatrixFile, MatrixSections, MatrixValues]",
      "matrix [CellFile, MatrixOutput, MatrixRunner, MatrixTally, MatrixVisits, OrderFile]",
      "measure [MeasurementRegistry, OperationMeasurement]",
      "metrics [LiveMetrics, MetricsServer]",
      "result [HistogramLogs, LatencyLog]",
      "result [RunReport, RunReportBuilder]",
      "result [ResultDocuments, ResultJson]",
      "result.merge [MergedLogs, ResultMerger]",
      "runner [ClientThread, MeasuredDb]",
      "runner [MeasurePhase, PhaseGuard, Runner, WarmupPhase]",
      "spi [Binding, ComposedBinding]",
      "spi.support [JournalFile, JournalRecovery, RestoreJournal]");
  private static final Pattern CLASS_EDGE =
      Pattern.compile("^\\s*(dev\\.ycsbdriver[\\w.$]*)\\s+->\\s+(dev\\.ycsbdriver[\\w.$]*)\\s");

  @Test
  void classesOfOnePackageCallEachOtherInNoCircleButTheListedOnes() {
    Map<String, Set<String>> edges = new TreeMap<>();
    String out = jdeps("-verbose:class");
    for (String line : out.split("\\R")) {
      Matcher m = CLASS_EDGE.matcher(line);
      if (m.find()) {
        // a nested class is part of its outer class
        String from = m.group(1).replaceFirst("\\$.*", "");
        String to = m.group(2).replaceFirst("\\$.*", "");
        if (!from.equals(to) && packageOf(from).equals(packageOf(to))) {
          edges.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
        }
      }
    }
    assertThat(edges).as("class edges read from jdeps").containsKey("dev.ycsbdriver.report.ReportWriter");
    Set<String> cycles = new TreeSet<>();
    for (Set<String> component : new Tarjan(edges).components()) {
      if (component.size() > 1) {
        String pkg = packageOf(component.iterator().next()).substring(PREFIX.length());
        cycles.add(pkg + " " + component.stream().map(c -> c.substring(c.lastIndexOf('.') + 1)).sorted().toList());
      }
    }
    assertThat(cycles).as("class cycles within a package").noneMatch(c -> c.startsWith("report "));
    assertThat(cycles).as("class cycles within a package (a new one fails; a broken one leaves the list)")
        .containsExactlyInAnyOrderElementsOf(KNOWN_CLASS_CYCLES);
  }

  private static String packageOf(String className) {
    return className.substring(0, className.lastIndexOf('.'));
  }

  /** @return jdeps' output for core's compiled classes at the given verbosity */
  private static String jdeps(String verbose) {
    Path classes = Path.of("target", "classes");
    assertThat(Files.isDirectory(classes.resolve("dev/ycsbdriver"))).as(classes + " (compiled main classes)").isTrue();
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in this JDK"));
    StringWriter out = new StringWriter();
    int status = jdeps.run(new PrintWriter(out), new PrintWriter(out), verbose, "-filter:none", classes.toString());
    assertThat(status).as(out.toString()).isZero();
    return out.toString();
  }

  /** @return each core package to the other core packages its compiled classes use */
  private static Map<String, Set<String>> packageEdges() {
    String out = jdeps("-verbose:package");
    Map<String, Set<String>> edges = new TreeMap<>();
    for (String line : out.split("\\R")) {
      Matcher m = EDGE.matcher(line);
      if (m.find() && !m.group(1).equals(m.group(2))) {
        edges.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
      }
    }
    assertThat(edges).as("package edges read from jdeps:\n" + out).containsKey("dev.ycsbdriver.cli");
    return edges;
  }

  /** Tarjan's strongly connected components (R. Tarjan, SIAM J. Comput. 1(2), 1972). */
  private static final class Tarjan {
    private final Map<String, Set<String>> edges;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new TreeSet<>();
    private final List<Set<String>> components = new ArrayList<>();

    Tarjan(Map<String, Set<String>> edges) {
      this.edges = edges;
    }

    List<Set<String>> components() {
      for (String v : edges.keySet()) {
        if (!index.containsKey(v)) {
          visit(v);
        }
      }
      return components;
    }

    private void visit(String v) {
      index.put(v, index.size());
      low.put(v, index.get(v));
      stack.push(v);
      onStack.add(v);
      for (String w : edges.getOrDefault(v, Set.of())) {
        if (!index.containsKey(w)) {
          visit(w);
          low.put(v, Math.min(low.get(v), low.get(w)));
        } else if (onStack.contains(w)) {
          low.put(v, Math.min(low.get(v), index.get(w)));
        }
      }
      if (low.get(v).equals(index.get(v))) {
        Set<String> component = new TreeSet<>();
        String w;
        do {
          w = stack.pop();
          onStack.remove(w);
          component.add(w);
        } while (!w.equals(v));
        components.add(component);
      }
    }
  }
}
