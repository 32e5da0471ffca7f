package dev.ycsbdriver.spi.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The value bytes of one YCSB record in a key-value store: its fields as a length-prefixed list, for the embedded
 * key-value bindings (RocksDB, LevelDB, Berkeley DB JE), which store a record as one value under its key.
 *
 * <pre>
 * PLAIN   record = field*                   (the record ends with its last field)
 * COUNTED record = varint(fieldCount) field*
 * field          = varint(nameLength) name varint(valueLength) value
 * </pre>
 *
 * <p>Lengths are unsigned LEB128 varints (7 bits a byte, low group first, as in RocksDB's and Protocol Buffers'
 * encodings), so a length below 128 costs one byte: YCSB's ten 100-byte fields named {@code field0..field9} take
 * 10 x (1 + 6 + 1 + 100) = 1,080 bytes in {@link #PLAIN}, one more in {@link #COUNTED}. Names are UTF-8; values are
 * the bytes YCSB gives. Fields keep the order they were written in; readers do not depend on it.
 *
 * <p>Stateless and thread-safe.
 */
public enum FieldList {
  /** Fields until the end of the value (LevelDB, Berkeley DB JE). */
  PLAIN,
  /** A varint field count, then the fields; a decoder checks the count and that nothing follows (RocksDB). */
  COUNTED;

  /** A value, or part of one, did not decode: the store holds bytes this encoding did not write. */
  public static final class CorruptRecordException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    CorruptRecordException(String problem) {
      super("record is not in the binding's field-list format: " + problem);
    }
  }

  /**
   * @param fields field name to value bytes, in the order to store them; empty gives a record of no fields
   * @return the encoded record
   */
  public byte[] encode(Map<String, byte[]> fields) {
    ByteArrayOutputStream out = start(fields.size(), fields.values().stream().mapToInt(v -> v.length).sum());
    fields.forEach((name, value) -> writeField(out, name.getBytes(StandardCharsets.UTF_8), value));
    return out.toByteArray();
  }

  /**
   * @param values the fields YCSB hands to insert or update; each iterator is consumed
   * @return the encoded record, fields in the map's iteration order
   */
  public byte[] encodeValues(Map<String, ByteIterator> values) {
    ByteArrayOutputStream out = start(values.size(), values.size() * 100);
    values.forEach((name, value) -> writeField(out, name.getBytes(StandardCharsets.UTF_8), value.toArray()));
    return out.toByteArray();
  }

  /** @return a stream sized for {@code fieldCount} fields of about {@code valueBytes} in all, the count written */
  private ByteArrayOutputStream start(int fieldCount, int valueBytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(5 + fieldCount * 16 + valueBytes);
    if (this == COUNTED) {
      writeLength(out, fieldCount);
    }
    return out;
  }

  /**
   * @param values the fields YCSB hands to insert or update; each iterator is consumed
   * @return field name to value bytes, in the map's iteration order: the form {@link #merge} takes
   */
  public static Map<String, byte[]> bytesOf(Map<String, ByteIterator> values) {
    Map<String, byte[]> out = new LinkedHashMap<>(values.size() * 2);
    values.forEach((name, value) -> out.put(name, value.toArray()));
    return out;
  }

  /**
   * Puts the fields YCSB asked for into {@code into}, as iterators over slices of {@code record} (no copy).
   *
   * @param record an encoded record
   * @param fields the names to return, or null for all; names the record lacks are left out
   * @param into where the fields go
   * @throws CorruptRecordException when {@code record} is not an encoded record
   */
  public void decode(byte[] record, Set<String> fields, Map<String, ByteIterator> into) {
    Reader r = reader(record);
    while (r.hasField()) {
      String name = r.name();
      int length = r.length();
      if (fields == null || fields.contains(name)) {
        into.put(name, new ByteArrayByteIterator(record, r.position, length));
      }
      r.position += length;
    }
  }

  /**
   * @param record an encoded record
   * @return every field as name to a copy of its value bytes, in stored order; a new mutable map
   * @throws CorruptRecordException when {@code record} is not an encoded record
   */
  public Map<String, byte[]> decodeAll(byte[] record) {
    Reader r = reader(record);
    Map<String, byte[]> out = new LinkedHashMap<>();
    while (r.hasField()) {
      String name = r.name();
      int length = r.length();
      byte[] value = new byte[length];
      System.arraycopy(record, r.position, value, 0, length);
      r.position += length;
      out.put(name, value);
    }
    return out;
  }

  /**
   * The record after an update: each stored field keeps its place, with the new value when {@code changes} has
   * one; fields only in {@code changes} follow, in its order. Unchanged values are copied as bytes, not decoded.
   *
   * @param record an encoded record
   * @param changes field name to new value
   * @return the encoded updated record
   * @throws CorruptRecordException when {@code record} is not an encoded record
   */
  public byte[] merge(byte[] record, Map<String, byte[]> changes) {
    Reader r = reader(record);
    ByteArrayOutputStream fieldsOut = new ByteArrayOutputStream(record.length + 64);
    Map<String, byte[]> left = new LinkedHashMap<>(changes);
    int count = 0;
    while (r.hasField()) {
      int nameLength = r.length();
      int nameStart = r.position;
      r.position += nameLength;
      int valueLength = r.length();
      int valueStart = r.position;
      r.position += valueLength;
      byte[] changed = left.remove(new String(record, nameStart, nameLength, StandardCharsets.UTF_8));
      writeLength(fieldsOut, nameLength);
      fieldsOut.write(record, nameStart, nameLength);
      if (changed == null) {
        writeLength(fieldsOut, valueLength);
        fieldsOut.write(record, valueStart, valueLength);
      } else {
        writeLength(fieldsOut, changed.length);
        fieldsOut.writeBytes(changed);
      }
      count++;
    }
    for (Map.Entry<String, byte[]> e : left.entrySet()) {
      writeField(fieldsOut, e.getKey().getBytes(StandardCharsets.UTF_8), e.getValue());
      count++;
    }
    if (this == PLAIN) {
      return fieldsOut.toByteArray();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(fieldsOut.size() + 5);
    writeLength(out, count);
    try {
      fieldsOut.writeTo(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ByteArrayOutputStream does not throw
    }
    return out.toByteArray();
  }

  private Reader reader(byte[] record) {
    Reader r = new Reader(record);
    r.remaining = this == COUNTED ? r.length() : -1;
    return r;
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

  /** A cursor over one encoded record that checks every length against what is left. */
  private static final class Reader {
    private final byte[] bytes;
    private int position;
    /** Fields still to read of a counted record, or -1 for a plain one. */
    private int remaining;

    Reader(byte[] bytes) {
      this.bytes = bytes;
    }

    /** @return whether a field follows; at the end of a counted record, checks that nothing does */
    boolean hasField() {
      if (remaining < 0) {
        return position < bytes.length;
      }
      if (remaining-- > 0) {
        return true;
      }
      if (position != bytes.length) {
        throw new CorruptRecordException((bytes.length - position) + " bytes after the record's last field");
      }
      return false;
    }

    int length() {
      int value = 0;
      for (int shift = 0; shift < 32; shift += 7) {
        if (position >= bytes.length) {
          throw new CorruptRecordException("the record ends inside a length at byte " + position);
        }
        int b = bytes[position++];
        value |= (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          if (value < 0 || value > bytes.length - position) {
            throw new CorruptRecordException("length " + Integer.toUnsignedString(value) + " at byte " + position
                + " runs past the record's " + bytes.length + " bytes");
          }
          return value;
        }
      }
      throw new CorruptRecordException("a length longer than 5 bytes at byte " + position);
    }

    String name() {
      int n = length();
      String name = new String(bytes, position, n, StandardCharsets.UTF_8);
      position += n;
      return name;
    }
  }
}
