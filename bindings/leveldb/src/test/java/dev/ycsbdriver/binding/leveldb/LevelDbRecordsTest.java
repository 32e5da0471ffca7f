package dev.ycsbdriver.binding.leveldb;

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

class LevelDbRecordsTest {
  private static Map<String, ByteIterator> values(String... namesAndValues) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      m.put(namesAndValues[i], new StringByteIterator(namesAndValues[i + 1]));
    }
    return m;
  }

  private static Map<String, String> decoded(byte[] record, Set<String> fields) {
    Map<String, ByteIterator> into = new HashMap<>();
    FieldList.PLAIN.decode(record, fields, into);
    Map<String, String> out = new HashMap<>();
    into.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @Test
  void encodedFieldsAreLengthPrefixedNameValuePairsInOrder() {
    byte[] record = FieldList.PLAIN.encodeValues(values("f0", "ab", "f1", ""));
    assertThat(record).containsExactly(2, 'f', '0', 2, 'a', 'b', 2, 'f', '1', 0);
  }

  @Test
  void decodeReturnsAllFieldsOrOnlyThoseAskedFor() {
    byte[] record = FieldList.PLAIN.encodeValues(values("field0", "zero", "field1", "one", "field2", "two"));
    assertThat(decoded(record, null)).containsOnly(Map.entry("field0", "zero"), Map.entry("field1", "one"),
        Map.entry("field2", "two"));
    assertThat(decoded(record, Set.of("field2", "nosuchfield"))).containsOnly(Map.entry("field2", "two"));
  }

  @Test
  void valuesLongerThan127BytesTakeATwoByteLength() {
    String longValue = "x".repeat(300);
    byte[] record = FieldList.PLAIN.encodeValues(values("f", longValue));
    assertThat(record).hasSize(1 + 1 + 2 + 300);
    assertThat(decoded(record, null)).containsOnly(Map.entry("f", longValue));
  }

  @Test
  void mergeReplacesChangedFieldsInPlaceAndAppendsNewOnes() {
    byte[] record = FieldList.PLAIN.encodeValues(values("a", "1", "b", "2", "c", "3"));
    Map<String, byte[]> changes = new LinkedHashMap<>();
    changes.put("d", "new".getBytes(StandardCharsets.UTF_8));
    changes.put("b", "two".getBytes(StandardCharsets.UTF_8));
    byte[] merged = FieldList.PLAIN.merge(record, changes);
    assertThat(merged).isEqualTo(FieldList.PLAIN.encodeValues(values("a", "1", "b", "two", "c", "3", "d", "new")));
  }

  @Test
  void aRecordThatRunsPastItsEndIsRejected() {
    byte[] record = FieldList.PLAIN.encodeValues(values("field0", "value"));
    byte[] cut = Arrays.copyOf(record, record.length - 2);
    assertThatThrownBy(() -> decoded(cut, null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("runs past the record");
    assertThatThrownBy(() -> decoded(new byte[] {(byte) 0x80}, null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ends inside a length");
  }

  @Test
  void keysOfATableShareItsPrefixAndSortLikeTheirYcsbKeys() {
    byte[] prefix = KeyLayout.tablePrefix("usertable");
    byte[] a = KeyLayout.key(prefix, "user1");
    byte[] b = KeyLayout.key(prefix, "user10");
    byte[] c = KeyLayout.key(prefix, "user2");
    assertThat(Arrays.compareUnsigned(a, b)).isNegative();
    assertThat(Arrays.compareUnsigned(b, c)).isNegative();
    assertThat(KeyLayout.hasPrefix(a, prefix)).isTrue();
    // a table whose name extends another's has keys outside the shorter one's prefix
    assertThat(KeyLayout.hasPrefix(KeyLayout.key(KeyLayout.tablePrefix("usertable2"), "user1"), prefix)).isFalse();
  }

  @Test
  void tableMarkersSortBeforeEveryRecordSoNoScanMeetsThem() {
    byte[] marker = KeyLayout.tableMarker("usertable");
    byte[] first = KeyLayout.key(KeyLayout.tablePrefix("A"), "");
    assertThat(Arrays.compareUnsigned(marker, first)).isNegative();
    assertThat(KeyLayout.hasPrefix(marker, KeyLayout.tablePrefix("usertable"))).isFalse();
  }
}
