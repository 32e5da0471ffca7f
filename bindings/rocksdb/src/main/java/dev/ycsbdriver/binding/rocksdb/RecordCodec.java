package dev.ycsbdriver.binding.rocksdb;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The value of one record: its fields as a compact, length-prefixed list.
 *
 * <pre>
 * record = varint(fieldCount) field*
 * field  = varint(nameLength) name varint(valueLength) value
 * </pre>
 *
 * <p>Lengths are unsigned LEB128 varints (7 bits a byte, low group first, as in RocksDB's own and Protocol
 * Buffers' encodings), so a YCSB field of 100 bytes costs 1 length byte. Names are UTF-8; values are the bytes
 * of the {@link ByteIterator} as YCSB gives them. Fields keep the order they were written in.
 *
 * <p>Stateless and thread-safe.
 */
final class RecordCodec {
  /** A record's value or part of it did not decode: the store holds bytes this codec did not write. */
  static final class CorruptRecordException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CorruptRecordException(String message) {
      super(message);
    }
  }

  private RecordCodec() {
  }

  /**
   * @param fields field name to value bytes, in the order to store them; empty gives a record of no fields
   * @return the encoded record
   */
  static byte[] encode(Map<String, byte[]> fields) {
    int size = 5;
    for (Map.Entry<String, byte[]> f : fields.entrySet()) {
      size += 10 + f.getKey().length() * 3 + f.getValue().length;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(size);
    writeVarint(out, fields.size());
    for (Map.Entry<String, byte[]> f : fields.entrySet()) {
      byte[] name = f.getKey().getBytes(StandardCharsets.UTF_8);
      writeVarint(out, name.length);
      out.write(name, 0, name.length);
      writeVarint(out, f.getValue().length);
      out.write(f.getValue(), 0, f.getValue().length);
    }
    return out.toByteArray();
  }

  /**
   * @param values the fields YCSB hands to insert or update; each iterator is consumed
   * @return field name to value bytes, in the map's iteration order
   */
  static Map<String, byte[]> bytesOf(Map<String, ByteIterator> values) {
    Map<String, byte[]> out = new LinkedHashMap<>(values.size() * 2);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      out.put(e.getKey(), e.getValue().toArray());
    }
    return out;
  }

  /**
   * Decodes the fields YCSB asked for into {@code into}, as iterators over slices of {@code record} (no copy).
   *
   * @param record an encoded record
   * @param fields the names to return, or null for all; names the record lacks are left out
   * @param into where the fields go
   * @throws CorruptRecordException when {@code record} is not an encoded record
   */
  static void decode(byte[] record, Set<String> fields, Map<String, ByteIterator> into) {
    Reader r = new Reader(record);
    int count = r.length();
    for (int i = 0; i < count; i++) {
      String name = r.name();
      int valueLength = r.length();
      if (fields == null || fields.contains(name)) {
        into.put(name, new ByteArrayByteIterator(record, r.position, valueLength));
      }
      r.skip(valueLength);
    }
    r.end();
  }

  /**
   * @param record an encoded record
   * @return every field as name to a copy of its value bytes, in stored order; a new mutable map
   * @throws CorruptRecordException when {@code record} is not an encoded record
   */
  static Map<String, byte[]> decodeAll(byte[] record) {
    Reader r = new Reader(record);
    int count = r.length();
    Map<String, byte[]> out = new LinkedHashMap<>(count * 2);
    for (int i = 0; i < count; i++) {
      String name = r.name();
      int valueLength = r.length();
      byte[] value = new byte[valueLength];
      System.arraycopy(record, r.position, value, 0, valueLength);
      r.skip(valueLength);
      out.put(name, value);
    }
    r.end();
    return out;
  }

  private static void writeVarint(ByteArrayOutputStream out, int value) {
    int v = value;
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

    Reader(byte[] bytes) {
      this.bytes = bytes;
    }

    int length() {
      int value = 0;
      for (int shift = 0; shift < 32; shift += 7) {
        if (position >= bytes.length) {
          throw new CorruptRecordException("record ends inside a length at byte " + position);
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
      throw new CorruptRecordException("length longer than 5 bytes at byte " + position);
    }

    String name() {
      int n = length();
      String name = new String(bytes, position, n, StandardCharsets.UTF_8);
      position += n;
      return name;
    }

    void skip(int n) {
      position += n;
    }

    void end() {
      if (position != bytes.length) {
        throw new CorruptRecordException((bytes.length - position) + " bytes after the record's last field");
      }
    }
  }
}
