package dev.ycsbdriver.binding.berkeleydb;

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

class BerkeleyRecordsTest {

  private static Map<String, ByteIterator> fields(String... nameValue) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], new StringByteIterator(nameValue[i + 1]));
    }
    return m;
  }

  private static Map<String, String> decoded(byte[] data, Set<String> fields) {
    Map<String, ByteIterator> into = new HashMap<>();
    FieldList.PLAIN.decode(data, fields, into);
    Map<String, String> out = new HashMap<>();
    into.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @Test
  void aYcsbRecordTakesTwoLengthBytesPerFieldBesideItsNamesAndValues() {
    Map<String, ByteIterator> record = new LinkedHashMap<>();
    for (int i = 0; i < 10; i++) {
      record.put("field" + i, new StringByteIterator("x".repeat(100)));
    }
    assertThat(FieldList.PLAIN.encodeValues(record)).hasSize(10 * (1 + 6 + 1 + 100));
  }

  @Test
  void decodingReturnsEveryFieldOrOnlyTheAskedOnesAndSkipsFieldsTheRecordLacks() {
    byte[] data = FieldList.PLAIN.encodeValues(fields("field0", "a", "field1", "", "field2", "ccc"));
    assertThat(decoded(data, null)).containsOnly(Map.entry("field0", "a"), Map.entry("field1", ""),
        Map.entry("field2", "ccc"));
    assertThat(decoded(data, Set.of("field2", "field9"))).containsOnly(Map.entry("field2", "ccc"));
  }

  @Test
  void lengthsOfOneTwoAndThreeVarintBytesRoundTrip() {
    String v127 = "a".repeat(127);
    String v128 = "b".repeat(128);
    String v20000 = "c".repeat(20_000);
    byte[] data = FieldList.PLAIN.encodeValues(fields("f1", v127, "f2", v128, "f3", v20000, "ü", "e"));
    Map<String, String> back = decoded(data, null);
    assertThat(back.get("f3")).isEqualTo(v20000);
    assertThat(back).containsOnly(Map.entry("f1", v127), Map.entry("f2", v128),
        Map.entry("f3", v20000), Map.entry("ü", "e"));
    // field names are UTF-8 ("ü" is 2 bytes); values are the bytes YCSB's iterators give
    assertThat(data).hasSize((1 + 2 + 1 + 127) + (1 + 2 + 2 + 128) + (1 + 2 + 3 + 20_000) + (1 + 2 + 1 + 1));
  }

  @Test
  void mergeReplacesTheChangedFieldsAndKeepsTheOthers() {
    byte[] stored = FieldList.PLAIN.encodeValues(fields("field0", "old0", "field1", "old1"));
    byte[] merged = FieldList.PLAIN.merge(stored, FieldList.bytesOf(fields("field1", "new1", "field5", "new5")));
    assertThat(decoded(merged, null)).containsOnly(Map.entry("field0", "old0"), Map.entry("field1", "new1"),
        Map.entry("field5", "new5"));
  }

  @Test
  void anEmptyRecordHasNoBytesAndNoFields() {
    assertThat(FieldList.PLAIN.encodeValues(Map.of())).isEmpty();
    assertThat(decoded(new byte[0], null)).isEmpty();
  }

  @Test
  void dataWhoseLengthRunsPastTheEndIsRefused() {
    byte[] data = FieldList.PLAIN.encodeValues(fields("field0", "value"));
    byte[] cut = Arrays.copyOf(data, data.length - 1);
    assertThatThrownBy(() -> decoded(cut, null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not in the binding's field-list format");
    assertThatThrownBy(() -> decoded(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F}, null))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void keysAreUtf8SoUnsignedByteOrderIsCodePointOrder() {
    assertThat(BerkeleyDb.key("user1")).isEqualTo("user1".getBytes(StandardCharsets.US_ASCII));
    // JE's default comparator: unsigned bytes; 'é' (0xC3 0xA9) sorts after every ASCII key
    assertThat(Arrays.compareUnsigned(BerkeleyDb.key("userz"), BerkeleyDb.key("useré"))).isNegative();
    assertThat(Arrays.compareUnsigned(BerkeleyDb.key("user10"), BerkeleyDb.key("user9"))).isNegative();
  }
}
