package dev.ycsbdriver.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger's lines, folded per key, against what the store holds after a crash. */
class AuditCountTest {
  @TempDir
  Path dir;

  @Test
  void ledgerLinesWrittenByOneThreadAreReadBackAndATornLastLineIsSkipped() throws Exception {
    try (Ledger.Writer w = new Ledger.Writer(dir, 0)) {
      w.write(Ledger.Event.A, "k1", 1);
      w.write(Ledger.Event.K, "k1", 1);
      w.write(Ledger.Event.A, "k1", 2);
    }
    Files.writeString(dir.resolve("thread-0" + Ledger.SUFFIX), "K k1 2", java.nio.file.StandardOpenOption.APPEND);

    List<Ledger.Line> lines = Ledger.read(dir);

    assertThat(lines).extracting(Ledger.Line::event).containsExactly(Ledger.Event.A, Ledger.Event.K, Ledger.Event.A);
    assertThat(lines).extracting(Ledger.Line::version).containsExactly(1L, 1L, 2L);
    assertThat(lines.get(0).epochMillis()).isCloseTo(System.currentTimeMillis(), org.assertj.core.data.Offset.offset(60_000L));
    assertThat(Ledger.parse("K k1 2")).isNull();
    assertThat(Ledger.parse("X k1 2 3")).isNull();
    assertThat(Ledger.hasAck(dir)).isTrue();
  }

  @Test
  void anAcknowledgedVersionMissingOrOlderInTheStoreIsLostOncePerKey() {
    Map<String, KeyHistory> h = KeyHistory.of(List.of(
        line("A", "gone", 1, 100), line("K", "gone", 1, 110),
        line("A", "older", 1, 120), line("K", "older", 1, 130), line("A", "older", 2, 140), line("K", "older", 2, 150),
        line("A", "kept", 1, 160), line("K", "kept", 1, 170), line("A", "newer", 1, 180), line("K", "newer", 1, 190)));

    AuditCount c = AuditCount.of(h, Map.of("gone", AuditCount.MISSING, "older", 1L, "kept", 1L, "newer", 2L));

    assertThat(c.keys()).isEqualTo(4);
    assertThat(c.lostWrites()).isEqualTo(2);
    assertThat(c.lostKeys()).containsExactly("gone", "older");
    assertThat(c.oldestLostAckMillis()).isEqualTo(110L);
    assertThat(c.inDoubtWrites()).isZero();
  }

  @Test
  void writesWithoutAnAcknowledgementAboveTheNewestAckAreInDoubtPresentOrAbsent() {
    Map<String, KeyHistory> h = KeyHistory.of(List.of(
        line("A", "a", 1, 1), line("K", "a", 1, 2), line("A", "a", 2, 3),          // v2 in flight at the crash
        line("A", "b", 1, 4), line("K", "b", 1, 5), line("A", "b", 2, 6), line("F", "b", 2, 7), line("A", "b", 3, 8),
        line("A", "c", 1, 9)));                                                    // an insert never acknowledged

    assertThat(h.get("b").inDoubt()).containsExactly(2L, 3L);
    AuditCount c = AuditCount.of(h, Map.of("a", 2L, "b", 2L, "c", AuditCount.MISSING));

    assertThat(c.lostWrites()).isZero();
    assertThat(c.inDoubtWrites()).isEqualTo(4);
    assertThat(c.inDoubtWritesPresent()).as("a v2 and b v2 are in the store, b v3 and c v1 are not").isEqualTo(2);
    assertThat(c.oldestLostAckMillis()).isNull();
  }

  @Test
  void anUnacknowledgedWriteBelowTheNewestAckIsNotInDoubt() {
    Map<String, KeyHistory> h = KeyHistory.of(List.of(line("A", "k", 1, 1), line("F", "k", 1, 2),
        line("A", "k", 2, 3), line("K", "k", 2, 4)));

    assertThat(h.get("k").inDoubt()).isEmpty();
    assertThat(h.get("k").maxAcked()).isEqualTo(2);
    assertThat(AuditCount.of(h, Map.of("k", 1L)).lostWrites()).isEqualTo(1);
  }

  @Test
  void theVersionTravelsInField0() {
    assertThat(CrashWorkload.versionText(17)).isEqualTo("v000000017:");
    assertThat(CrashWorkload.parseVersion("v000000017:abc")).isEqualTo(17);
    assertThat(CrashWorkload.parseVersion(null)).isEqualTo(AuditCount.MISSING);
  }

  private static Ledger.Line line(String event, String key, long version, long at) {
    return new Ledger.Line(Ledger.Event.valueOf(event), key, version, at);
  }
}
