package dev.ycsbdriver.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.measure.LatencyUnit;
import dev.ycsbdriver.result.model.ResultDocument;
import dev.ycsbdriver.result.model.RunIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The result file: one JSON document per load or run, {@code schemaVersion} {@value #SCHEMA_VERSION}, described
 * by the JSON Schema {@code /dev/ycsbdriver/result/run-result.schema.json} and written and read through the typed
 * model {@link ResultDocument} (built from a {@link RunReport} by {@link ResultDocuments}). Every figure carries its unit in its
 * name ({@code runtimeMillis}, {@code p99Micros}, {@code averagePercent}); latencies are fractional
 * microseconds, from histograms recorded in nanoseconds; a figure that is not
 * available is {@code null}, never 0. Configuration values are masked (see
 * {@link dev.ycsbdriver.config.Secrets}).
 *
 * <p>Stateless and thread-safe.
 */
public final class ResultJson {
  /** What the result says of intended latency in a closed loop (no {@code -target}). */
  public static final String CLOSED_LOOP_NOTE = "closed loop (no -target): each thread starts an operation when its "
      + "previous one ends, so there is no schedule to fall behind; intended latency is not measured and equals "
      + "service time";

  /**
   * The version of the document's layout; it changes when a field changes meaning or is removed, or when a
   * new kind of result appears. 2 adds crash test results (phase {@code crashtest}, a {@code crash} object).
   */
  public static final int SCHEMA_VERSION = 3;
  /** The oldest layout {@code report} and {@code merge} still read: version 1 is version 2 without crash tests. */
  public static final int OLDEST_READABLE_SCHEMA_VERSION = 1;
  /** The {@code tool.name} of every result. */
  public static final String TOOL_NAME = "ycsb-driver";
  /** Classpath location of the JSON Schema. */
  public static final String SCHEMA_RESOURCE = "/dev/ycsbdriver/result/run-result.schema.json";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultJson() {
  }

  /**
   * @param report the run's figures
   * @param file the file to write; its directory is created
   * @throws IOException if the file cannot be written
   */
  public static void write(RunReport report, Path file) throws IOException {
    write(ResultDocuments.of(report), file);
  }

  /**
   * @param unit the unit of {@code value}
   * @param value a latency, mean or standard deviation
   * @return it in microseconds, rounded to the nanosecond (3 decimals), the finest unit recorded
   */
  public static double micros(LatencyUnit unit, double value) {
    return Math.round(unit.toMicros(value) * 1000.0) / 1000.0;
  }

  /**
   * Reads a result JSON that this version can read.
   *
   * @param file a {@code result.json} (or a merged one)
   * @return its document, an object whose {@code schemaVersion} is {@link #OLDEST_READABLE_SCHEMA_VERSION} to
   *     {@link #SCHEMA_VERSION}
   * @throws ConfigException when the file cannot be read, is not JSON, is not a result of ycsb-driver, has a
   *     schema version this version cannot read, or has a figure that is not a number of at least 0
   *     ({@link ResultFigures}); the message is one line naming the file
   */
  public static JsonNode read(Path file) throws ConfigException {
    JsonNode n;
    try {
      n = MAPPER.readTree(file.toFile());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new ConfigException(file + ": not a result JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new ConfigException(file + ": cannot read: " + e.getMessage(), e);
    }
    if (n == null || !n.isObject() || !n.has(RunIdentity.SCHEMA_VERSION_FIELD)) {
      throw new ConfigException(file + ": not a result JSON of ycsb-driver (no schemaVersion)");
    }
    int version = n.get(RunIdentity.SCHEMA_VERSION_FIELD).asInt();
    if (version < OLDEST_READABLE_SCHEMA_VERSION || version > SCHEMA_VERSION) {
      throw new ConfigException(file + ": schemaVersion must be " + OLDEST_READABLE_SCHEMA_VERSION + " to "
          + SCHEMA_VERSION + ", got " + n.get(RunIdentity.SCHEMA_VERSION_FIELD).asText()
          + "; use the ycsb-driver version that wrote it");
    }
    ResultFigures.check(file, n);
    return n;
  }

  /**
   * Reads a result JSON that this version can read into the typed model.
   *
   * @param file a {@code result.json} (or a merged one)
   * @return its document; fields absent in older versions are null
   * @throws ConfigException as {@link #read(Path)} does, and when a field does not have the type of the model
   */
  public static ResultDocument readDocument(Path file) throws ConfigException {
    return document(file, read(file));
  }

  /**
   * @param file the file the tree was read from, named in an error
   * @param tree a document {@link #read(Path)} returned
   * @return the tree as the typed model
   * @throws ConfigException when a field does not have the type of the model
   */
  public static ResultDocument document(Path file, JsonNode tree) throws ConfigException {
    try {
      return MAPPER.treeToValue(tree, ResultDocument.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new ConfigException(file + ": not a result JSON of ycsb-driver: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * @param document a result document
   * @param file the file to write; its directory is created
   * @throws IOException if the file cannot be written
   */
  public static void write(ResultDocument document, Path file) throws IOException {
    AtomicFile.write(file, out -> MAPPER.writeValue(out, document));
  }

  /**
   * @param document a result document
   * @return it as a Jackson tree, as it is written
   */
  public static ObjectNode tree(ResultDocument document) {
    return MAPPER.valueToTree(document);
  }
}
