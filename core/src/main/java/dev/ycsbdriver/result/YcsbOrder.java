package dev.ycsbdriver.result;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The order in which YCSB 0.17.0 prints measurements and statuses: the iteration order of a
 * {@link ConcurrentHashMap} holding them (YCSB keeps them in such maps), e.g. READ, CLEANUP, UPDATE
 * for workload A. Reproduced by putting the same keys in the same kind of map; items whose keys share
 * a bucket keep the order given.
 *
 * <p>Stateless and thread-safe.
 */
public final class YcsbOrder {
  private YcsbOrder() {
  }

  /**
   * @param items the items in first-use order
   * @param key the key YCSB would hash (a measurement name, a {@code Status})
   * @return the items in YCSB's printing order; the first item wins among equal keys
   */
  public static <T, K> List<T> of(List<T> items, Function<T, K> key) {
    ConcurrentHashMap<K, T> map = new ConcurrentHashMap<>();
    for (T item : items) {
      map.putIfAbsent(key.apply(item), item);
    }
    return new ArrayList<>(map.values());
  }
}
