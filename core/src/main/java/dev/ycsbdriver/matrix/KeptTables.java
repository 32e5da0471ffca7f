package dev.ycsbdriver.matrix;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * Which store/profile groups of a matrix keep their table from one repeat's visit to the next instead of loading it
 * again: a group whose cells only read (no workload of it has an update, insert or read-modify-write proportion
 * above 0, with CoreWorkload's defaults: {@code updateproportion=0.05}, the others 0) and whose table no other group
 * can touch (a store with at most one profile, and no other store entry of the same binding, or only ones whose
 * properties name another directory, a key ending in {@code .dir}). Such a group's table is, at its next visit, exactly as its last cell left it. A
 * one-in-a-million matrix so loads each store once, however many repeats it runs.
 *
 * <p>Immutable and thread-safe once built.
 */
final class KeptTables {
  private final Map<MatrixOrder.Group, Boolean> kept = new HashMap<>();

  private KeptTables() {
  }

  /**
   * @param spec the matrix
   * @param groups every store/profile group the matrix visits
   * @return the decision for each group
   * @throws IOException when a workload file cannot be read
   */
  static KeptTables of(MatrixSpec spec, List<MatrixOrder.Group> groups) throws IOException {
    KeptTables t = new KeptTables();
    for (MatrixOrder.Group g : groups) {
      t.kept.put(g, readOnly(spec, g.store()) && ownTable(spec, g.store()));
    }
    return t;
  }

  /** @return whether the group keeps its table between visits */
  boolean keeps(MatrixOrder.Group group) {
    return kept.getOrDefault(group, false);
  }

  private static boolean readOnly(MatrixSpec spec, MatrixSpec.Store store) throws IOException {
    for (MatrixSpec.Workload w : spec.workloads()) {
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(w.file())) {
        p.load(r);
      }
      p.putAll(spec.properties());
      p.putAll(store.properties());
      if (proportion(p, "updateproportion", 0.05) > 0 || proportion(p, "insertproportion", 0) > 0
          || proportion(p, "readmodifywriteproportion", 0) > 0) {
        return false;
      }
    }
    return true;
  }

  private static double proportion(Properties p, String key, double defaultValue) {
    String v = p.getProperty(key);
    try {
      return v == null ? defaultValue : Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      return 1; // not a number: the workload will say so; meanwhile assume it writes
    }
  }

  private static boolean ownTable(MatrixSpec spec, MatrixSpec.Store store) {
    if (store.profiles().size() > 1) {
      return false; // its profiles share its table
    }
    for (MatrixSpec.Store other : spec.stores()) {
      if (other == store || !other.binding().equals(store.binding())) {
        continue;
      }
      if (!otherDirectory(store.properties(), other.properties())) {
        return false;
      }
    }
    return true;
  }

  /** @return whether both name a directory ({@code *.dir}) and the two differ */
  private static boolean otherDirectory(Map<String, String> a, Map<String, String> b) {
    boolean named = false;
    for (Map.Entry<String, String> e : a.entrySet()) {
      if (e.getKey().endsWith(".dir")) {
        named = true;
        if (Objects.equals(e.getValue(), b.get(e.getKey()))) {
          return false;
        }
      }
    }
    return named;
  }
}
