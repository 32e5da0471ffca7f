package dev.ycsbdriver.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.Phase;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientPartitionTest {

  private static Settings settings(String... keyValues) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      m.put(keyValues[i], keyValues[i + 1]);
    }
    return Settings.of(m);
  }

  private static long[] range(Settings s, int index, int count) throws ConfigException {
    Settings mine = new ClientPartition(index, count).partition(s, Phase.LOAD);
    return new long[] {Long.parseLong(mine.raw("insertstart")), Long.parseLong(mine.raw("insertcount"))};
  }

  @Test
  void singleClientLeavesTheSettingsAlone() throws Exception {
    Settings s = settings("recordcount", "1000");
    assertThat(ClientPartition.from(s)).isEqualTo(ClientPartition.SINGLE);
    assertThat(ClientPartition.SINGLE.partition(s, Phase.LOAD)).isSameAs(s);
    assertThat(ClientPartition.SINGLE.suffix()).isEmpty();
  }

  @Test
  void lastClientTakesTheRemainderAndTheRangesTileTheKeySpace() throws Exception {
    Settings s = settings("recordcount", "10");
    assertThat(range(s, 0, 3)).containsExactly(0, 3);
    assertThat(range(s, 1, 3)).containsExactly(3, 3);
    assertThat(range(s, 2, 3)).containsExactly(6, 4);
  }

  @Test
  void evenSplitHasNoRemainder() throws Exception {
    Settings s = settings("recordcount", "9");
    assertThat(range(s, 2, 3)).containsExactly(6, 3);
  }

  @Test
  void explicitInsertStartAndCountArePartitioned() throws Exception {
    Settings s = settings("recordcount", "2000", "insertstart", "1000", "insertcount", "500");
    assertThat(range(s, 0, 4)).containsExactly(1000, 125);
    assertThat(range(s, 3, 4)).containsExactly(1375, 125);
  }

  @Test
  void insertStartWithoutInsertCountPartitionsTheRestOfRecordCount() throws Exception {
    Settings s = settings("recordcount", "100", "insertstart", "40");
    assertThat(range(s, 0, 2)).containsExactly(40, 30);
    assertThat(range(s, 1, 2)).containsExactly(70, 30);
  }

  @Test
  void loadConfigCountsOnlyThisClientsShareButRecordCountStaysTheTotal() throws Exception {
    Settings all = settings("recordcount", "10", "workload", "site.ycsb.workloads.CoreWorkload",
        "client.index", "2", "client.count", "3");
    Settings mine = ClientPartition.from(all).partition(all, Phase.LOAD);
    RunConfig config = RunConfig.from(mine, Phase.LOAD);
    assertThat(config.operationCount()).isEqualTo(4);
    assertThat(config.client()).isEqualTo(new ClientPartition(2, 3));
    assertThat(config.client().suffix()).isEqualTo("-c2of3");
    assertThat(mine.raw("recordcount")).isEqualTo("10");
  }

  @Test
  void runPhaseIsNotPartitioned() throws Exception {
    Settings s = settings("recordcount", "10", "client.index", "1", "client.count", "3");
    assertThat(ClientPartition.from(s).partition(s, Phase.RUN)).isSameAs(s);
  }

  @Test
  void badIndexOrCountIsAConfigErrorOfOneLine() {
    assertThatThrownBy(() -> ClientPartition.from(settings("client.index", "3", "client.count", "3")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("client.index: must be >= 0 and < client.count (3), got 3");
    assertThatThrownBy(() -> ClientPartition.from(settings("client.index", "-1", "client.count", "2")))
        .hasMessage("client.index: must be >= 0, got -1");
    assertThatThrownBy(() -> ClientPartition.from(settings("client.index", "x")))
        .hasMessage("client.index: must be an integer, got 'x'");
    assertThatThrownBy(() -> ClientPartition.from(settings("client.count", "3")))
        .hasMessage("client.index: required with client.count 3 (0 to 2), got none");
    assertThatThrownBy(() -> new ClientPartition(2, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ClientPartition.from(settings("client.count", "0")))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("client.count: must be >= 1");
  }

  @Test
  void fewerRecordsThanClientsIsAnError() {
    assertThatThrownBy(() -> new ClientPartition(0, 3).partition(settings("recordcount", "2"), Phase.LOAD))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("client.count: must be <= the 2 records to insert");
  }
}
