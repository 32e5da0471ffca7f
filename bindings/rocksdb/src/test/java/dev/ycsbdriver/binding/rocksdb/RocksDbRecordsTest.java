package dev.ycsbdriver.binding.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.spi.support.FieldList;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class RocksDbRecordsTest {
  private static Map<String, byte[]> fields(String... nameValue) {
    Map<String, byte[]> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], nameValue[i + 1].getBytes(StandardCharsets.UTF_8));
    }
    return m;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> values) {
    Map<String, String> out = new HashMap<>();
    values.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @Test
  void aRecordOfTenYcsbFieldsRoundTripsWithOneLengthByteEach() {
    Map<String, byte[]> record = new LinkedHashMap<>();
    for (int i = 0; i < 10; i++) {
      byte[] value = new byte[100];
      Arrays.fill(value, (byte) ('a' + i));
      record.put("field" + i, value);
    }
    byte[] encoded = FieldList.COUNTED.encode(record);
    // count + 10 x (name length + 6-byte name + value length + 100-byte value)
    assertThat(encoded).hasSize(1 + 10 * (1 + 6 + 1 + 100));
    Map<String, byte[]> back = FieldList.COUNTED.decodeAll(encoded);
    assertThat(back.keySet()).containsExactlyElementsOf(record.keySet());
    record.forEach((k, v) -> assertThat(back.get(k)).isEqualTo(v));
  }

  @Test
  void decodeReturnsOnlyTheFieldsAskedForAndSkipsNamesTheRecordLacks() {
    byte[] encoded = FieldList.COUNTED.encode(fields("field0", "zero", "field1", "one", "field2", "two"));
    Map<String, ByteIterator> some = new HashMap<>();
    FieldList.COUNTED.decode(encoded, Set.of("field2", "field0", "field9"), some);
    assertThat(strings(some)).containsOnly(Map.entry("field0", "zero"), Map.entry("field2", "two"));

    Map<String, ByteIterator> all = new HashMap<>();
    FieldList.COUNTED.decode(encoded, null, all);
    assertThat(strings(all)).hasSize(3).containsEntry("field1", "one");
  }

  @Test
  void lengthsOfManyBytesAndNamesBeyondAsciiRoundTrip() {
    byte[] big = new byte[300_000];
    Arrays.fill(big, (byte) 7);
    Map<String, byte[]> record = new LinkedHashMap<>();
    record.put("größe", big);
    record.put("", new byte[0]);
    record.put("x".repeat(128), new byte[] {1});
    Map<String, byte[]> back = FieldList.COUNTED.decodeAll(FieldList.COUNTED.encode(record));
    assertThat(back.keySet()).containsExactly("größe", "", "x".repeat(128));
    assertThat(back.get("größe")).isEqualTo(big);
    assertThat(back.get("")).isEmpty();
  }

  @Test
  void anEmptyRecordIsOneByte() {
    byte[] encoded = FieldList.COUNTED.encode(Map.of());
    assertThat(encoded).containsExactly(0);
    assertThat(FieldList.COUNTED.decodeAll(encoded)).isEmpty();
  }

  @Test
  void bytesOfTakesTheIteratorsBytes() {
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    values.put("field3", new StringByteIterator("changed"));
    assertThat(FieldList.bytesOf(values).get("field3")).isEqualTo("changed".getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void truncatedOrTrailingBytesAreCorruptNotGarbage() {
    byte[] encoded = FieldList.COUNTED.encode(fields("field0", "value"));
    byte[] truncated = Arrays.copyOf(encoded, encoded.length - 1);
    assertThatThrownBy(() -> FieldList.COUNTED.decodeAll(truncated)).isInstanceOf(FieldList.CorruptRecordException.class)
        .hasMessageContaining("runs past");
    byte[] trailing = Arrays.copyOf(encoded, encoded.length + 2);
    assertThatThrownBy(() -> FieldList.COUNTED.decode(trailing, null, new HashMap<>()))
        .isInstanceOf(FieldList.CorruptRecordException.class).hasMessageContaining("2 bytes after");
    byte[] endless = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 1};
    assertThatThrownBy(() -> FieldList.COUNTED.decodeAll(endless)).isInstanceOf(FieldList.CorruptRecordException.class);
    assertThatThrownBy(() -> FieldList.COUNTED.decodeAll(new byte[0])).isInstanceOf(FieldList.CorruptRecordException.class)
        .hasMessageContaining("ends inside a length");
  }
}
