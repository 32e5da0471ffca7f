package dev.ycsbdriver.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads YCSB's text summary the way an upstream-format parser does: every line
 * {@code [<metric>], <measurement>, <value>}; anything else is ignored.
 */
public final class SummaryLines {
  private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\], (.+?), (.+)$");

  /** One summary line. */
  public record Line(String metric, String measurement, String value) {
    /** @return {@code [metric], measurement} */
    public String key() {
      return "[" + metric + "], " + measurement;
    }

    /** @return "long", "double" or "text", by how YCSB prints the value */
    public String valueType() {
      if (value.matches("-?\\d+")) {
        return "long";
      }
      if (value.matches("-?(\\d+\\.\\d+(E-?\\d+)?|NaN|Infinity)")) {
        return "double";
      }
      return "text";
    }
  }

  private SummaryLines() {
  }

  /** @return the summary lines of {@code text}, in order */
  public static List<Line> parse(String text) {
    List<Line> lines = new ArrayList<>();
    for (String l : text.split("\\R")) {
      Matcher m = LINE.matcher(l);
      if (m.matches()) {
        lines.add(new Line(m.group(1), m.group(2), m.group(3)));
      }
    }
    return lines;
  }

  /** @return key to value, as a parser that builds a map would see it */
  public static Map<String, String> asMap(String text) {
    Map<String, String> map = new LinkedHashMap<>();
    for (Line l : parse(text)) {
      map.put(l.key(), l.value());
    }
    return map;
  }
}
