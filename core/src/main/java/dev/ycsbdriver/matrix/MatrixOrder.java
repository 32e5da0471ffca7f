package dev.ycsbdriver.matrix;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order in which a matrix runs its cells: repeat-major and shuffled with a seed, so that a drift of the
 * machine (a warming disk, a neighbour's load, thermal throttling) spreads over every store and profile alike
 * instead of favouring the store that ran first.
 *
 * <p>Repeat 1 visits every store and profile (a group) before repeat 2 starts. Within each repeat the order
 * of the groups, and of a group's cells (thread counts x workloads), is shuffled with
 * {@link Collections#shuffle(List, Random)} from a {@link Random} whose seed is the matrix's seed mixed by
 * MurmurHash3's 64-bit finalizer (Austin Appleby, {@code fmix64}), since the first values of {@link Random}
 * for nearby seeds such as 1, 2, 3 are alike. Every step is specified, so one seed gives one order on every
 * JVM. A group's crash test follows its cells in the last repeat.
 *
 * <p>Stateless and thread-safe.
 */
final class MatrixOrder {
  private MatrixOrder() {
  }

  /**
   * One store in one durability profile: the cells that share a loaded table.
   *
   * @param store the store configuration
   * @param profile the durability profile, or null for a store without profiles
   */
  record Group(MatrixSpec.Store store, String profile) {
    /** @return e.g. {@code h2 durable} */
    String label() {
      return store.name() + (profile == null ? "" : " " + profile);
    }
  }

  /**
   * One visit of a group within a repeat: the group is loaded, then its cells run in the given order.
   *
   * @param repeat 1-based repeat number
   * @param group the store and profile
   * @param cells the cells of this repeat, in the order they run; not empty
   * @param crash the group's crash test, run after the cells (only in the last repeat), or null
   */
  record Visit(int repeat, Group group, List<Cell> cells, CrashCell crash) {
    /** Copies the list. */
    Visit {
      cells = List.copyOf(cells);
    }

    /** @return the cells of this visit, the crash test included */
    int size() {
      return cells.size() + (crash == null ? 0 : 1);
    }
  }

  /**
   * @param spec the matrix
   * @return its groups in the order the matrix file lists them
   */
  static List<Group> groups(MatrixSpec spec) {
    List<Group> groups = new ArrayList<>();
    for (MatrixSpec.Store store : spec.stores()) {
      if (store.profiles().isEmpty()) {
        groups.add(new Group(store, null));
      }
      for (String profile : store.profiles()) {
        groups.add(new Group(store, profile));
      }
    }
    return groups;
  }

  /**
   * @param spec the matrix
   * @param group one of its groups
   * @param repeat 1-based repeat number
   * @return the group's cells of that repeat in matrix-file order: thread counts, then workloads
   */
  static List<Cell> cells(MatrixSpec spec, Group group, int repeat) {
    List<Cell> cells = new ArrayList<>();
    for (int t : spec.threads()) {
      for (MatrixSpec.Workload w : spec.workloads()) {
        cells.add(new Cell(group.store(), group.profile(), w, t, repeat));
      }
    }
    return cells;
  }

  /** @return MurmurHash3's {@code fmix64} of the seed: nearby seeds give unrelated values */
  static long mix(long seed) {
    long h = seed;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }

  /**
   * @param spec the matrix
   * @param seed the seed of the shuffle
   * @return every visit in run order: {@code repeats x groups} visits, each cell of the matrix in exactly one
   */
  static List<Visit> plan(MatrixSpec spec, long seed) {
    Random random = new Random(mix(seed));
    List<Visit> visits = new ArrayList<>();
    for (int r = 1; r <= spec.repeats(); r++) {
      List<Group> groups = groups(spec);
      Collections.shuffle(groups, random);
      for (Group g : groups) {
        List<Cell> cells = cells(spec, g, r);
        if (!spec.listedOrder()) {
          Collections.shuffle(cells, random);
          // cells of one table together, smallest table first, so that a visit loads each table once
          cells.sort(java.util.Comparator.comparingLong((Cell c) -> spec.recordCount(c.workload()))
              .thenComparing(c -> spec.table(g.store(), c.workload())));
        }
        CrashCell crash = spec.crashtest() != null && r == spec.repeats() ? new CrashCell(g.store(), g.profile())
            : null;
        visits.add(new Visit(r, g, cells, crash));
      }
    }
    return visits;
  }
}
