package dev.ycsbdriver.binding.leveldb;

import dev.ycsbdriver.spi.support.FieldList;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

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
 * <p><b>Value.</b> The record's fields in {@link FieldList#PLAIN}: no count, no header, the value ends with its
 * last field.
 *
 * <p>Stateless and thread-safe.
 */
final class KeyLayout {
  private static final byte SEPARATOR = 0;
  private static final byte[] MARKER_PREFIX = {0, 't', 'a', 'b', 'l', 'e', 0};

  private KeyLayout() {
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
}
