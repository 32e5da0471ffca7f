package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.ycsbdriver.config.Secrets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of a matrix file as it may be saved beside its results (and published with them): the value of
 * every secret key ({@link Secrets#isSecretKey}) replaced by {@code "****"} and credentials inside values
 * (URLs, {@code password=} parameters) masked as {@link Secrets#maskText} does, everything else (comments,
 * order, layout) kept as written. A value that only names an environment variable ({@code ${env:NAME}})
 * holds no secret and is kept: it says where the secret came from.
 *
 * <p>Masking works line by line on {@code key: value} pairs, block and flow style ({@code {a: 1, b: 2}}).
 * The result is checked: it must read as the same document with exactly those values masked. A file the
 * line masking cannot handle (a secret in a multi-line scalar, say) is written instead as the masked
 * document, without its comments, under a comment that says so.
 *
 * <p>Stateless and thread-safe.
 */
final class MaskedYaml {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  /** A key at the start of a line (after its indent and list dashes) or after <code>&#123;</code> or {@code ,}. */
  private static final Pattern KEY = Pattern.compile(
      "(^\\s*(?:-\\s+)*|[{,]\\s*)(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_.\\-]+)[ \\t]*:(?=\\s|$)");
  private static final String MASKED = "\"" + Secrets.MASK + "\"";

  private MaskedYaml() {
  }

  /**
   * @param text a matrix file's text
   * @return the text with its secrets masked
   */
  static String mask(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (String line : text.split("(?<=\n)", -1)) {
      out.append(maskLine(line));
    }
    String masked = out.toString();
    JsonNode expected;
    try {
      expected = maskTree(YAML.readTree(text));
    } catch (JsonProcessingException e) {
      // not YAML: MatrixFile refuses such a file before anything runs; masked as text all the same
      return masked;
    }
    try {
      if (expected == null || expected.equals(YAML.readTree(masked))) {
        return masked;
      }
    } catch (JsonProcessingException e) {
      // the line masking broke the document: the whole document is written instead
    }
    try {
      return "# This copy of the matrix file has its secrets masked; its comments and layout could not be kept.\n"
          + YAML.writeValueAsString(expected).replaceFirst("^---\\s*\n", "");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a YAML tree that was just read cannot be written", e);
    }
  }

  private static String maskLine(String line) {
    String trimmed = line.stripLeading();
    if (trimmed.startsWith("#")) {
      return Secrets.maskText(line);
    }
    StringBuilder out = new StringBuilder();
    Matcher key = KEY.matcher(line);
    int copied = 0;
    int from = 0;
    while (from < line.length() && key.find(from)) {
      boolean flow = !key.group(1).isBlank() && !key.group(1).strip().startsWith("-");
      int start = skipSpaces(line, key.end());
      if (start < line.length() && (line.charAt(start) == '{' || line.charAt(start) == '[')) {
        from = start; // a flow collection: its own keys come next
        continue;
      }
      int end = valueEnd(line, start, flow);
      String name = unquote(key.group(2));
      String value = line.substring(start, end).strip();
      if (Secrets.isSecretKey(name) && !value.isEmpty() && !MatrixFile.ENV.matcher(unquote(value)).matches()) {
        out.append(line, copied, start).append(MASKED);
        copied = end;
      }
      from = Math.max(end, key.end());
    }
    out.append(line.substring(copied));
    return Secrets.maskText(out.toString());
  }

  private static int skipSpaces(String line, int i) {
    while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  /** @return the index just after the scalar starting at {@code start} (quotes included, comment excluded) */
  private static int valueEnd(String line, int start, boolean flow) {
    if (start < line.length() && (line.charAt(start) == '"' || line.charAt(start) == '\'')) {
      char quote = line.charAt(start);
      for (int i = start + 1; i < line.length(); i++) {
        char c = line.charAt(i);
        if (quote == '"' && c == '\\') {
          i++;
        } else if (c == quote) {
          if (quote == '\'' && i + 1 < line.length() && line.charAt(i + 1) == '\'') {
            i++;
          } else {
            return i + 1;
          }
        }
      }
      return line.length();
    }
    int i = start;
    while (i < line.length()) {
      char c = line.charAt(i);
      if (c == '\n' || c == '\r' || (flow && (c == ',' || c == '}' || c == ']'))
          || (c == '#' && i > start && Character.isWhitespace(line.charAt(i - 1)))) {
        break;
      }
      i++;
    }
    while (i > start && Character.isWhitespace(line.charAt(i - 1))) {
      i--;
    }
    return i;
  }

  private static String unquote(String s) {
    return s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))
        ? s.substring(1, s.length() - 1) : s;
  }

  /** @return the document with the values {@link #maskLine} masks masked; null for an empty document */
  private static JsonNode maskTree(JsonNode node) {
    if (node == null) {
      return null;
    }
    if (node.isObject()) {
      ObjectNode copy = YAML.createObjectNode();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        JsonNode v = e.getValue();
        boolean secret = Secrets.isSecretKey(e.getKey()) && v.isValueNode() && !v.isNull() && !v.asText().isEmpty()
            && !MatrixFile.ENV.matcher(v.asText()).matches();
        copy.set(Secrets.maskText(e.getKey()), secret ? TextNode.valueOf(Secrets.MASK) : maskTree(v));
      }
      return copy;
    }
    if (node.isArray()) {
      var copy = YAML.createArrayNode();
      node.forEach(n -> copy.add(maskTree(n)));
      return copy;
    }
    return node.isTextual() ? TextNode.valueOf(Secrets.maskText(node.asText())) : node;
  }
}
