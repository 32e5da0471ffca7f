package dev.ycsbdriver.matrix;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Names;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A YAML document read into a Jackson tree that remembers the line of every key and value, so a
 * validation error can say {@code <file>:<line>: <key>: <problem>}.
 *
 * <p>Keys are named the way a user reads them: {@code stores[1].binding}. Immutable once read.
 */
final class LocatedYaml {
  /** A key given twice in one mapping is an error: Jackson would otherwise keep the last value without a word. */
  private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
      .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());

  private final String file;
  private final JsonNode root;
  private final Map<String, Integer> lines;

  private LocatedYaml(String file, JsonNode root, Map<String, Integer> lines) {
    this.file = file;
    this.root = root;
    this.lines = lines;
  }

  /**
   * @param path the YAML file
   * @return the document
   * @throws ConfigException when the file cannot be read or is not YAML (with the line of the error)
   */
  static LocatedYaml read(Path path) throws ConfigException {
    String text;
    try {
      text = Files.readString(path);
    } catch (NoSuchFileException e) {
      throw new ConfigException(path + ": no such file");
    } catch (IOException e) {
      throw new ConfigException(path + ": cannot read: " + e.getMessage(), e);
    }
    try {
      JsonNode root = YAML.readTree(text);
      return new LocatedYaml(path.toString(), root == null ? YAML.createObjectNode() : root, lines(text));
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where = path + (at == null ? "" : ":" + at.getLineNr()) + ": ";
      if (e.getOriginalMessage().startsWith("Duplicate field") && e.getProcessor() instanceof JsonParser p) {
        throw new ConfigException(where + key(p.getParsingContext().pathAsPointer().toString())
            + ": given twice in the same mapping; give each key once", e);
      }
      throw new ConfigException(where + "not valid YAML: " + e.getOriginalMessage().lines().findFirst().orElse(""), e);
    }
  }

  /** Maps each JSON pointer to the line where its key, or array element, starts. */
  private static Map<String, Integer> lines(String text) throws JsonProcessingException {
    Map<String, Integer> lines = new HashMap<>();
    try (JsonParser p = YAML.getFactory().createParser(text)) {
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        int line = p.currentTokenLocation().getLineNr();
        String pointer = p.getParsingContext().pathAsPointer().toString();
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
          // the new context's pointer names the container itself, e.g. /stores or /stores/0
          lines.putIfAbsent(p.getParsingContext().getParent() == null ? ""
              : p.getParsingContext().getParent().pathAsPointer().toString(), line);
        }
        lines.putIfAbsent(pointer, line);
      }
    } catch (JsonProcessingException e) {
      throw e;
    } catch (IOException e) {
      throw new IllegalStateException("reading a string cannot fail", e);
    }
    return lines;
  }

  /** @return the document's root; an empty object for an empty file */
  JsonNode root() {
    return root;
  }

  /**
   * @param pointer a JSON pointer such as {@code /stores/1/binding}
   * @param message what is wrong, e.g. {@code must be >= 1, got 0}
   * @return an error {@code <file>:<line>: stores[1].binding: <message>}, with the line of the
   *     nearest enclosing node that has one
   */
  ConfigException error(String pointer, String message) {
    String p = pointer;
    Integer line = null;
    while (line == null && !p.isEmpty()) {
      line = lines.get(p);
      p = p.substring(0, Math.max(0, p.lastIndexOf('/')));
    }
    if (line == null) {
      line = lines.get("");
    }
    return new ConfigException(file + (line == null ? "" : ":" + line) + ": "
        + (pointer.isEmpty() ? "" : key(pointer) + ": ") + message);
  }

  /**
   * Rejects keys that are not in {@code known}, with a "did you mean" hint.
   *
   * @param pointer the object's pointer
   * @param known the keys the object may have
   * @throws ConfigException naming the first unknown key
   */
  void checkKeys(String pointer, Collection<String> known) throws ConfigException {
    JsonNode node = root.at(pointer);
    List<String> names = new ArrayList<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      names.add(it.next());
    }
    for (String name : names) {
      if (!known.contains(name)) {
        String near = Names.nearest(name, known);
        throw error(pointer + "/" + name, "unknown key" + (near == null ? "; known keys: " + String.join(", ", known)
            : "; did you mean '" + near + "'?"));
      }
    }
  }

  /** @return {@code stores[1].binding} for {@code /stores/1/binding} */
  static String key(String pointer) {
    StringBuilder out = new StringBuilder();
    for (String part : pointer.substring(1).split("/")) {
      if (!part.isEmpty() && part.chars().allMatch(Character::isDigit)) {
        out.append('[').append(part).append(']');
      } else {
        if (out.length() > 0) {
          out.append('.');
        }
        out.append(part.replace("~1", "/").replace("~0", "~"));
      }
    }
    return out.toString();
  }
}
