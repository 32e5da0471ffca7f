package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.Secrets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

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

  /** @return e.g. {@code h2 durable workloada 16 threads r1}, {@code memory workloadc 1 thread r2} */
  String label() {
    return store.name() + (profile == null ? "" : " " + profile) + " " + workload.name() + " " + threads
        + (threads == 1 ? " thread r" : " threads r") + repeat;
  }

  /**
   * The cell's command apart from its table size and output directory: a finished cell counts only while
   * the matrix file still asks for the same run.
   */
  String signature(MatrixSpec spec) {
    Map<String, Object> s = groupSignature(spec, store, profile);
    s.put("workload", workload.file().toAbsolutePath().normalize().toString());
    s.put("threads", threads);
    s.put("recordcount", spec.recordCount(workload));
    s.put("operationcount", spec.operationCount(workload));
    s.put("durationMillis", spec.duration().toMillis());
    s.put("warmup", spec.warmup().label());
    s.put("warmupMillis", spec.warmup().limit().toMillis());
    s.put("jvmArgs", spec.jvmArgs());
    return Secrets.maskText(s.toString());
  }

  /**
   * @return the start of the signature of every cell of a store and profile, crash test included: the binding, the
   *     properties (masked) and the profile; a mutable map in signature order
   */
  static Map<String, Object> groupSignature(MatrixSpec spec, MatrixSpec.Store store, String profile) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("binding", store.binding());
    s.put("storeProperties", CellArguments.masked(store.properties()));
    s.put("properties", CellArguments.masked(spec.properties()));
    s.put("profile", profile);
    return s;
  }
}
