package dev.ycsbdriver.binding.leveldb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class RecordCodecTest {
  private static Map<String, ByteIterator> values(String... namesAndValues) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      m.put(namesAndValues[i], new StringByteIterator(namesAndValues[i + 1]));
    }
    return m;
  }

  private static Map<String, String> decoded(byte[] record, Set<String> fields) {
    Map<String, ByteIterator> into = new HashMap<>();
    RecordCodec.decode(record, fields, into);
    Map<String, String> out = new HashMap<>();
    into.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @Test
  void encodedFieldsAreLengthPrefixedNameValuePairsInOrder() {
    byte[] record = RecordCodec.encode(values("f0", "ab", "f1", ""));
    assertThat(record).containsExactly(2, 'f', '0', 2, 'a', 'b', 2, 'f', '1', 0);
  }

  @Test
  void decodeReturnsAllFieldsOrOnlyThoseAskedFor() {
    byte[] record = RecordCodec.encode(values("field0", "zero", "field1", "one", "field2", "two"));
    assertThat(decoded(record, null)).containsOnly(Map.entry("field0", "zero"), Map.entry("field1", "one"),
        Map.entry("field2", "two"));
    assertThat(decoded(record, Set.of("field2", "nosuchfield"))).containsOnly(Map.entry("field2", "two"));
  }

  @Test
  void valuesLongerThan127BytesTakeATwoByteLength() {
    String longValue = "x".repeat(300);
    byte[] record = RecordCodec.encode(values("f", longValue));
    assertThat(record).hasSize(1 + 1 + 2 + 300);
    assertThat(decoded(record, null)).containsOnly(Map.entry("f", longValue));
  }

  @Test
  void mergeReplacesChangedFieldsInPlaceAndAppendsNewOnes() {
    byte[] record = RecordCodec.encode(values("a", "1", "b", "2", "c", "3"));
    Map<String, byte[]> changes = new LinkedHashMap<>();
    changes.put("d", "new".getBytes(StandardCharsets.UTF_8));
    changes.put("b", "two".getBytes(StandardCharsets.UTF_8));
    byte[] merged = RecordCodec.merge(record, changes);
    assertThat(merged).isEqualTo(RecordCodec.encode(values("a", "1", "b", "two", "c", "3", "d", "new")));
  }

  @Test
  void aRecordThatRunsPastItsEndIsRejected() {
    byte[] record = RecordCodec.encode(values("field0", "value"));
    byte[] cut = Arrays.copyOf(record, record.length - 2);
    assertThatThrownBy(() -> decoded(cut, null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("runs past the record");
    assertThatThrownBy(() -> decoded(new byte[] {(byte) 0x80}, null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ends inside a length");
  }

  @Test
  void keysOfATableShareItsPrefixAndSortLikeTheirYcsbKeys() {
    byte[] prefix = RecordCodec.tablePrefix("usertable");
    byte[] a = RecordCodec.key(prefix, "user1");
    byte[] b = RecordCodec.key(prefix, "user10");
    byte[] c = RecordCodec.key(prefix, "user2");
    assertThat(Arrays.compareUnsigned(a, b)).isNegative();
    assertThat(Arrays.compareUnsigned(b, c)).isNegative();
    assertThat(RecordCodec.hasPrefix(a, prefix)).isTrue();
    // a table whose name extends another's has keys outside the shorter one's prefix
    assertThat(RecordCodec.hasPrefix(RecordCodec.key(RecordCodec.tablePrefix("usertable2"), "user1"), prefix)).isFalse();
  }

  @Test
  void tableMarkersSortBeforeEveryRecordSoNoScanMeetsThem() {
    byte[] marker = RecordCodec.tableMarker("usertable");
    byte[] first = RecordCodec.key(RecordCodec.tablePrefix("A"), "");
    assertThat(Arrays.compareUnsigned(marker, first)).isNegative();
    assertThat(RecordCodec.hasPrefix(marker, RecordCodec.tablePrefix("usertable"))).isFalse();
  }
}
