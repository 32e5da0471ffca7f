package dev.ycsbdriver.binding.berkeleydb;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The bytes of one record as the binding stores them in a JE {@code Database}.
 *
 * <p>Key: the YCSB key's UTF-8 bytes. JE orders keys by its default comparator, unsigned byte by byte, which
 * for UTF-8 is code point order and for YCSB's ASCII keys ({@code user123...}) the same order as
 * {@link String#compareTo}; scans rely on it.
 *
 * <p>Data: the fields one after another, each as
 * <pre>
 *   name length   unsigned LEB128 varint (1 byte below 128)
 *   name          UTF-8
 *   value length  unsigned LEB128 varint
 *   value         the value's bytes as YCSB gave them
 * </pre>
 * with no count and no padding: the record ends where the data ends. YCSB's ten 100-byte fields take
 * 10 x (1 + 6 + 1 + 100) = 1,080 bytes. Field order is the order of the map written; readers do not depend on it.
 *
 * <p>Stateless and thread-safe.
 */
final class RecordCodec {
  private RecordCodec() {
  }

  /**
   * @param key a YCSB key
   * @return its UTF-8 bytes, the JE key
   */
  static byte[] key(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Encodes fields; each value iterator is consumed.
   *
   * @param values field name to value; may be empty (a record without fields)
   * @return the data bytes
   */
  static byte[] encode(Map<String, ByteIterator> values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(values.size() * 112);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      write(out, e.getKey().getBytes(StandardCharsets.UTF_8));
      write(out, e.getValue().toArray());
    }
    return out.toByteArray();
  }

  /**
   * Encodes fields given as bytes.
   *
   * @param values field name to value bytes; may be empty
   * @return the data bytes
   */
  static byte[] encodeBytes(Map<String, byte[]> values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(values.size() * 112);
    for (Map.Entry<String, byte[]> e : values.entrySet()) {
      write(out, e.getKey().getBytes(StandardCharsets.UTF_8));
      write(out, e.getValue());
    }
    return out.toByteArray();
  }

  /**
   * Decodes the fields of a record, all of them or those asked for, into YCSB's result map.
   *
   * @param data the data bytes
   * @param fields the fields to return, or null for all; a field the record lacks is left out
   * @param into where the fields go, as {@link ByteArrayByteIterator}s
   * @throws IllegalArgumentException if {@code data} is not in this format
   */
  static void decode(byte[] data, Set<String> fields, Map<String, ByteIterator> into) {
    each(data, (name, value) -> {
      if (fields == null || fields.contains(name)) {
        into.put(name, new ByteArrayByteIterator(value));
      }
    });
  }

  /**
   * Applies an update to a stored record: the given fields replace or join the stored ones; the value
   * iterators are consumed.
   *
   * @param stored the stored data bytes
   * @param changes field name to new value
   * @return the new data bytes
   * @throws IllegalArgumentException if {@code stored} is not in this format
   */
  static byte[] merge(byte[] stored, Map<String, ByteIterator> changes) {
    Map<String, byte[]> fields = new LinkedHashMap<>();
    each(stored, fields::put);
    changes.forEach((name, value) -> fields.put(name, value.toArray()));
    return encodeBytes(fields);
  }

  private static void each(byte[] data, BiConsumer<String, byte[]> field) {
    int[] at = {0};
    while (at[0] < data.length) {
      int nameLength = read(data, at);
      String name = new String(data, at[0], nameLength, StandardCharsets.UTF_8);
      at[0] += nameLength;
      int valueLength = read(data, at);
      byte[] value = new byte[valueLength];
      System.arraycopy(data, at[0], value, 0, valueLength);
      at[0] += valueLength;
      field.accept(name, value);
    }
  }

  private static void write(ByteArrayOutputStream out, byte[] bytes) {
    int n = bytes.length;
    while ((n & ~0x7F) != 0) {
      out.write((n & 0x7F) | 0x80);
      n >>>= 7;
    }
    out.write(n);
    out.write(bytes, 0, bytes.length);
  }

  /** Reads a varint length at {@code at[0]} and advances past it; checks that that many bytes follow. */
  private static int read(byte[] data, int[] at) {
    int n = 0;
    for (int shift = 0; shift < 32; shift += 7) {
      if (at[0] >= data.length) {
        break;
      }
      int b = data[at[0]++];
      n |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        if (n < 0 || n > data.length - at[0]) {
          break;
        }
        return n;
      }
    }
    throw new IllegalArgumentException("berkeleydb: record data is not in the binding's field-list format "
        + "(a length runs past the end at byte " + at[0] + " of " + data.length + ")");
  }
}
