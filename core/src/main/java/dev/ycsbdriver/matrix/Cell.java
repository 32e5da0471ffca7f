package dev.ycsbdriver.matrix;

import java.nio.file.Path;

/**
 * One run of a matrix: a store in a durability profile, a workload, a thread count, a repeat.
 *
 * <p>Immutable and thread-safe.
 *
 * @param store the store configuration
 * @param profile the durability profile, or null for a store without profiles
 * @param workload the workload
 * @param threads client threads
 * @param repeat 1-based repeat number
 */
record Cell(MatrixSpec.Store store, String profile, MatrixSpec.Workload workload, int threads, int repeat) {
  /** Directory name of a store without profiles. */
  static final String NO_PROFILE = "default";

  /** @return the directory of this cell's files under the matrix output */
  Path directory(Path output) {
    return group(output, store, profile).resolve("t" + threads).resolve(workload.name()).resolve("r" + repeat);
  }

  /** @return the directory of one store and profile, holding its load and its cells */
  static Path group(Path output, MatrixSpec.Store store, String profile) {
    return output.resolve("cells").resolve(store.name()).resolve(profile == null ? NO_PROFILE : profile);
  }

  /** @return e.g. {@code h2 durable workloada 16 threads r1} */
  String label() {
    return store.name() + (profile == null ? "" : " " + profile) + " " + workload.name() + " " + threads
        + " threads r" + repeat;
  }
}
