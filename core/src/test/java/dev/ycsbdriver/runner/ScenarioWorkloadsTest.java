package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import org.junit.jupiter.api.Test;

/** DeleteWorkload's deletes go through the key numbers in order from insertstart, once each, whatever the thread;
 * EmptyTableWorkload's inserts into an empty table start at key number 0. */
class ScenarioWorkloadsTest {
  /** Records the keys it is asked to delete; nothing else is expected of it. */
  private static class Deletes extends DB {
    final List<String> keys = new ArrayList<>();

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      throw new AssertionError("read");
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                       Vector<HashMap<String, ByteIterator>> result) {
      throw new AssertionError("scan");
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      throw new AssertionError("update");
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      throw new AssertionError("insert");
    }

    @Override
    public synchronized Status delete(String table, String key) {
      keys.add(table + "/" + key);
      return Status.OK;
    }
  }

  private static DeleteWorkload workload(String insertStart) throws WorkloadException {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("insertorder", "ordered");
    p.setProperty("table", "t");
    if (insertStart != null) {
      p.setProperty("insertstart", insertStart);
    }
    site.ycsb.measurements.Measurements.setProperties(p); // CoreWorkload's init reads them
    DeleteWorkload w = new DeleteWorkload();
    w.init(p);
    return w;
  }

  @Test
  void deletesTheOldestRecordsFirstEachOnce() throws Exception {
    DeleteWorkload w = workload(null);
    Deletes db = new Deletes();
    for (int i = 0; i < 3; i++) {
      assertThat(w.doTransaction(db, null)).isTrue();
    }
    assertThat(db.keys).containsExactly("t/user0", "t/user1", "t/user2");
  }

  @Test
  void startsAtInsertstartAndSharesOneCounterAcrossThreads() throws Exception {
    DeleteWorkload w = workload("40");
    Deletes db = new Deletes();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      threads.add(new Thread(() -> {
        for (int i = 0; i < 25; i++) {
          w.doTransaction(db, null);
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    List<String> expected = new ArrayList<>();
    for (int k = 40; k < 140; k++) {
      expected.add("t/user" + k);
    }
    assertThat(db.keys).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void insertsIntoAnEmptyTableTakeKeyNumbersFromZeroWhereCoreWorkloadsTakeThemFromTheIntMaximum() throws Exception {
    Properties p = new Properties();
    p.setProperty("recordcount", "0");
    p.setProperty("insertorder", "ordered");
    p.setProperty("table", "t");
    p.setProperty("insertproportion", "1");
    p.setProperty("readproportion", "0");
    p.setProperty("updateproportion", "0");
    site.ycsb.measurements.Measurements.setProperties(p);
    Deletes db = new Deletes() { // its keys list records the inserts here
      @Override
      public Status insert(String table, String key, Map<String, ByteIterator> values) {
        keys.add(key);
        return Status.OK;
      }
    };
    site.ycsb.workloads.CoreWorkload core = new site.ycsb.workloads.CoreWorkload();
    core.init(p);
    core.doTransaction(db, null);
    EmptyTableWorkload empty = new EmptyTableWorkload();
    empty.init(p);
    empty.doTransaction(db, null);
    empty.doTransaction(db, null);
    assertThat(db.keys).containsExactly("user" + Integer.MAX_VALUE, "user0", "user1");
    p.setProperty("recordcount", "5");
    EmptyTableWorkload five = new EmptyTableWorkload();
    five.init(p);
    five.doTransaction(db, null);
    assertThat(db.keys).last().isEqualTo("user5");
  }

  @Test
  void aMalformedInsertstartIsRefusedByName() {
    // CoreWorkload's own init reads insertstart first; either way the value is named
    assertThatThrownBy(() -> workload("forty")).hasMessageContaining("forty");
  }
}
