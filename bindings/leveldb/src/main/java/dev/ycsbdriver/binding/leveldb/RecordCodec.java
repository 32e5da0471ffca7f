package dev.ycsbdriver.binding.leveldb;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * How a YCSB record is laid out in LevelDB's one ordered key space.
 *
 * <p><b>Key.</b> {@code UTF-8(table) 0x00 UTF-8(key)}: the table name, one zero byte as separator, the YCSB
 * key. LevelDB orders keys bytewise, so a table's records are contiguous and in the order of their YCSB keys
 * (for the ASCII keys YCSB generates, the order of {@link String#compareTo}); a scan seeks to
 * {@code table 0x00 startkey} and reads forward while keys keep the {@code table 0x00} prefix. A table name
 * must be non-empty and hold no zero character, so no table's prefix is a prefix of another's.
 *
 * <p><b>Table marker.</b> {@code 0x00 "table" 0x00 UTF-8(table)}, empty value: it says the table was created
 * (the load phase creates it; the run phase requires it). It starts with the zero byte, which no table name
 * starts with, so it sorts before every record and no scan meets it.
 *
 * <p><b>Value.</b> The record's fields, one after another, each {@code varint(n) name varint(m) value}: the
 * field name's UTF-8 length and bytes, then the value's length and bytes, lengths as unsigned LEB128
 * varints (one byte below 128). No count, no header: the value ends with its last field. Ten 100-byte fields
 * named {@code field0..field9} take 1,080 bytes.
 *
 * <p>Stateless and thread-safe.
 */
final class RecordCodec {
  private static final byte SEPARATOR = 0;
  private static final byte[] MARKER_PREFIX = {0, 't', 'a', 'b', 'l', 'e', 0};

  private RecordCodec() {
  }

  /**
   * @param table a table name, non-empty, without a zero character (checked by the binding when it opens)
   * @return the prefix every key of the table starts with: {@code UTF-8(table) 0x00}
   */
  static byte[] tablePrefix(String table) {
    byte[] name = table.getBytes(StandardCharsets.UTF_8);
    byte[] prefix = Arrays.copyOf(name, name.length + 1);
    prefix[name.length] = SEPARATOR;
    return prefix;
  }

  /**
   * @param prefix the table's {@link #tablePrefix}
   * @param key a YCSB key
   * @return {@code prefix UTF-8(key)}
   */
  static byte[] key(byte[] prefix, String key) {
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    byte[] out = Arrays.copyOf(prefix, prefix.length + k.length);
    System.arraycopy(k, 0, out, prefix.length, k.length);
    return out;
  }

  /** @return whether {@code key} starts with {@code prefix} */
  static boolean hasPrefix(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }

  /** @return the key of the table's marker: {@code 0x00 "table" 0x00 UTF-8(table)} */
  static byte[] tableMarker(String table) {
    byte[] name = table.getBytes(StandardCharsets.UTF_8);
    byte[] out = Arrays.copyOf(MARKER_PREFIX, MARKER_PREFIX.length + name.length);
    System.arraycopy(name, 0, out, MARKER_PREFIX.length, name.length);
    return out;
  }

  /**
   * @param values field name to value, as YCSB passes them; each iterator is consumed
   * @return the encoded record, fields in the map's iteration order
   */
  static byte[] encode(Map<String, ByteIterator> values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(64 + values.size() * 112);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      writeField(out, e.getKey().getBytes(StandardCharsets.UTF_8), e.getValue().toArray());
    }
    return out.toByteArray();
  }

  /**
   * @param values field name to value; each iterator is consumed
   * @return field name (UTF-8) to value bytes, in the map's order: the form {@link #merge} takes
   */
  static Map<String, byte[]> bytes(Map<String, ByteIterator> values) {
    Map<String, byte[]> out = new LinkedHashMap<>(values.size() * 2);
    values.forEach((k, v) -> out.put(k, v.toArray()));
    return out;
  }

  /**
   * The record after an update: each field of {@code record} keeps its place, with the new value when
   * {@code changes} has one; fields only in {@code changes} follow, in its order.
   *
   * @param record an encoded record
   * @param changes field name to new value
   * @return the encoded updated record
   * @throws IllegalArgumentException when {@code record} is not in this encoding
   */
  static byte[] merge(byte[] record, Map<String, byte[]> changes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(record.length + 64);
    Map<String, byte[]> left = new LinkedHashMap<>(changes);
    int[] pos = {0};
    while (pos[0] < record.length) {
      int nameLength = readLength(record, pos);
      int nameStart = pos[0];
      pos[0] += nameLength;
      int valueLength = readLength(record, pos);
      int valueStart = pos[0];
      pos[0] += valueLength;
      String name = new String(record, nameStart, nameLength, StandardCharsets.UTF_8);
      byte[] changed = left.remove(name);
      writeLength(out, nameLength);
      out.write(record, nameStart, nameLength);
      if (changed == null) {
        writeLength(out, valueLength);
        out.write(record, valueStart, valueLength);
      } else {
        writeLength(out, changed.length);
        out.writeBytes(changed);
      }
    }
    left.forEach((name, value) -> writeField(out, name.getBytes(StandardCharsets.UTF_8), value));
    return out.toByteArray();
  }

  /**
   * Puts the record's fields into {@code into}, as iterators over {@code record} itself (no copy).
   *
   * @param record an encoded record
   * @param fields the fields to return, or null for all; a field the record lacks is left out
   * @param into where to put them
   * @throws IllegalArgumentException when {@code record} is not in this encoding
   */
  static void decode(byte[] record, Set<String> fields, Map<String, ByteIterator> into) {
    int[] pos = {0};
    while (pos[0] < record.length) {
      int nameLength = readLength(record, pos);
      String name = new String(record, pos[0], nameLength, StandardCharsets.UTF_8);
      pos[0] += nameLength;
      int valueLength = readLength(record, pos);
      if (fields == null || fields.contains(name)) {
        into.put(name, new ByteArrayByteIterator(record, pos[0], valueLength));
      }
      pos[0] += valueLength;
    }
  }

  private static void writeField(ByteArrayOutputStream out, byte[] name, byte[] value) {
    writeLength(out, name.length);
    out.writeBytes(name);
    writeLength(out, value.length);
    out.writeBytes(value);
  }

  private static void writeLength(ByteArrayOutputStream out, int length) {
    int v = length;
    while ((v & ~0x7F) != 0) {
      out.write((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out.write(v);
  }

  /** Reads a varint at {@code pos[0]}, advancing it; checks the length fits in the record. */
  private static int readLength(byte[] record, int[] pos) {
    int value = 0;
    for (int shift = 0; shift < 32; shift += 7) {
      if (pos[0] >= record.length) {
        throw new IllegalArgumentException("record ends inside a length at byte " + pos[0]);
      }
      byte b = record[pos[0]++];
      value |= (b & 0x7F) << shift;
      if (b >= 0) {
        if (value < 0 || value > record.length - pos[0]) {
          throw new IllegalArgumentException("length " + value + " at byte " + pos[0] + " runs past the record's "
              + record.length + " bytes");
        }
        return value;
      }
    }
    throw new IllegalArgumentException("length longer than 5 bytes at byte " + pos[0]);
  }
}
