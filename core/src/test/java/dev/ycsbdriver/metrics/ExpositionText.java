package dev.ycsbdriver.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A small parser of the Prometheus text format 0.0.4, strict where this project's output could go wrong:
 * every sample must belong to the family announced by the {@code # HELP} and {@code # TYPE} lines just
 * before it, and label values must be correctly escaped.
 *
 * @param families by name, in order of appearance
 */
record ExpositionText(Map<String, Family> families) {

  /**
   * @param help the HELP text, unescaped
   * @param type the TYPE
   * @param samples in order
   */
  record Family(String help, String type, List<Sample> samples) {
  }

  /**
   * @param labels label names to unescaped values, in order
   * @param value the sample value
   */
  record Sample(Map<String, String> labels, double value) {
  }

  static ExpositionText parse(String text) {
    assertThat(text).endsWith("\n");
    Map<String, Family> families = new LinkedHashMap<>();
    String helpName = null;
    String help = null;
    String current = null;
    for (String line : text.split("\n")) {
      if (line.startsWith("# HELP ")) {
        String rest = line.substring(7);
        helpName = rest.substring(0, rest.indexOf(' '));
        help = rest.substring(rest.indexOf(' ') + 1).replace("\\n", "\n").replace("\\\\", "\\");
        current = null;
      } else if (line.startsWith("# TYPE ")) {
        String[] parts = line.substring(7).split(" ");
        assertThat(parts[0]).as("TYPE right after the HELP of the same family: " + line).isEqualTo(helpName);
        assertThat(parts[1]).isIn("counter", "gauge", "summary", "histogram", "untyped");
        assertThat(families).as("one block per family: " + parts[0]).doesNotContainKey(parts[0]);
        families.put(parts[0], new Family(help, parts[1], new ArrayList<>()));
        current = parts[0];
      } else {
        assertThat(line).as("no empty or comment lines besides HELP and TYPE").isNotEmpty().doesNotStartWith("#");
        int brace = line.indexOf('{');
        int space = line.lastIndexOf(' ');
        String name = brace >= 0 ? line.substring(0, brace) : line.substring(0, space);
        assertThat(name).as("sample after its family's HELP and TYPE: " + line).isEqualTo(current);
        Map<String, String> labels = brace >= 0 ? labels(line.substring(brace + 1, line.lastIndexOf('}')))
            : Map.of();
        families.get(name).samples().add(new Sample(labels, Double.parseDouble(line.substring(space + 1))));
      }
    }
    return new ExpositionText(families);
  }

  private static Map<String, String> labels(String text) {
    Map<String, String> out = new LinkedHashMap<>();
    int i = 0;
    while (i < text.length()) {
      int eq = text.indexOf("=\"", i);
      String name = text.substring(i, eq);
      assertThat(name).matches("[a-zA-Z_][a-zA-Z0-9_]*");
      StringBuilder value = new StringBuilder();
      int j = eq + 2;
      for (; text.charAt(j) != '"'; j++) {
        char c = text.charAt(j);
        if (c == '\\') {
          char next = text.charAt(++j);
          assertThat(next).as("escape in " + text).isIn('\\', '"', 'n');
          value.append(next == 'n' ? '\n' : next);
        } else {
          value.append(c);
        }
      }
      out.put(name, value.toString());
      i = j + 1;
      if (i < text.length()) {
        assertThat(text.charAt(i)).isEqualTo(',');
        i++;
      }
    }
    return out;
  }

  /** @return the value of the one sample of {@code family} whose labels include {@code labels} */
  Optional<Double> value(String family, String... labels) {
    Family f = families.get(family);
    if (f == null) {
      return Optional.empty();
    }
    List<Double> found = new ArrayList<>();
    for (Sample s : f.samples()) {
      boolean match = true;
      for (int k = 0; k < labels.length; k += 2) {
        match &= labels[k + 1].equals(s.labels().get(labels[k]));
      }
      if (match) {
        found.add(s.value());
      }
    }
    assertThat(found).as(family + " " + String.join(",", labels)).hasSizeLessThanOrEqualTo(1);
    return found.stream().findFirst();
  }
}
