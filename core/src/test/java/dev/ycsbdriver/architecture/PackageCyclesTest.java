package dev.ycsbdriver.architecture;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;

/**
 * Core's packages form no cycle: {@code jdeps -verbose:package} on the compiled classes, then Tarjan's strongly
 * connected components over the {@code dev.ycsbdriver} edges. A cycle (such as {@code config} and {@code spi}
 * importing each other) fails with the packages and edges that form it.
 */
class PackageCyclesTest {
  private static final Pattern EDGE = Pattern.compile("^\\s*(dev\\.ycsbdriver[\\w.]*)\\s+->\\s+(dev\\.ycsbdriver[\\w.]*)\\s");

  @Test
  void corePackagesFormNoCycle() {
    Path classes = Path.of("target", "classes");
    assertThat(Files.isDirectory(classes.resolve("dev/ycsbdriver"))).as(classes + " (compiled main classes)").isTrue();
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in this JDK"));
    StringWriter out = new StringWriter();
    int status = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:package", "-filter:none",
        classes.toString());
    assertThat(status).as(out.toString()).isZero();

    Map<String, Set<String>> edges = new TreeMap<>();
    for (String line : out.toString().split("\\R")) {
      Matcher m = EDGE.matcher(line);
      if (m.find() && !m.group(1).equals(m.group(2))) {
        edges.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
      }
    }
    assertThat(edges).as("package edges read from jdeps:\n" + out).containsKey("dev.ycsbdriver.cli");

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
