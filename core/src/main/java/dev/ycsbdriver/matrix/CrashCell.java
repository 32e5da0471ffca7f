package dev.ycsbdriver.matrix;

import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.result.model.CrashSection;
import dev.ycsbdriver.result.model.ResultDocument;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The crash test of one store and profile in a matrix: a child {@code crashtest <binding>} with the store's
 * and profile's properties and the matrix's {@code crashtest} section, after the store's workload cells, in
 * {@code cells/<store>/<profile>/crashtest/}.
 *
 * <p>A crash test whose claim did not hold (a durable profile lost an acknowledged write) is a finding, not a
 * failure: it is not run again on resume, and the matrix ends with exit code 1. Immutable and thread-safe.
 *
 * @param store the store configuration
 * @param profile the durability profile, or null for a store without profiles
 */
record CrashCell(MatrixSpec.Store store, String profile) {
  /** The {@code cell.json} status of a crash test whose claim did not hold. */
  static final String FINDING = "finding";

  /** @return the directory of this cell's files under the matrix output */
  Path directory(Path output) {
    return Cell.group(output, store, profile).resolve("crashtest");
  }

  /** @return e.g. {@code postgres durable crashtest} */
  String label() {
    return store.name() + (profile == null ? "" : " " + profile) + " crashtest";
  }

  /**
   * @param spec the matrix, with a crash test section
   * @param output the matrix's output directory, absolute
   * @param tableRecords records in the store's table, as the workload cells left it
   * @return the child's command line and secrets
   */
  CellArguments arguments(MatrixSpec spec, Path output, long tableRecords) {
    MatrixSpec.Crashtest c = spec.crashtest();
    List<String> head = new java.util.ArrayList<>(List.of("crashtest", store.binding()));
    if (c.threads() != null) {
      head.addAll(List.of("-threads", Integer.toString(c.threads())));
    }
    CellArguments args = new CellArguments(spec, output, store, profile, directory(output), head);
    args.put("recordcount", Long.toString(tableRecords));
    if (c.rounds() != null) {
      args.put("crash.rounds", Integer.toString(c.rounds()));
    }
    if (c.afterMin() != null) {
      args.put("crash.after.min", c.afterMin().toMillis() + "ms");
      args.put("crash.after.max", c.afterMax().toMillis() + "ms");
    }
    c.properties().forEach(args::property);
    return args;
  }

  /** @return the command apart from the table size: a finished crash test counts while the matrix asks for the same */
  String signature(MatrixSpec spec) {
    Map<String, Object> s = Cell.groupSignature(spec, store, profile);
    s.put("crashtest", spec.crashtest().toString());
    s.put("jvmArgs", spec.jvmArgs());
    return Secrets.maskText(s.toString());
  }

  /**
   * @param exitCode the child's exit code
   * @param result its result JSON, or null when it wrote none
   * @return {@code ok}, {@link #FINDING} when the claim did not hold (whatever else failed), or {@code failed}
   */
  static String status(int exitCode, ResultDocument result) {
    if (result != null && result.crash() != null && Boolean.FALSE.equals(result.crash().claimHeld())) {
      return FINDING;
    }
    return exitCode == 0 && result != null ? "ok" : "failed";
  }

  /**
   * @return e.g. {@code lost 0 of 98,000 acknowledged writes in 3 crashes, claim no-loss held}, or, when a round did
   *     not complete, e.g. {@code crash test failed (round 1, restart): lost writes unknown}
   */
  static String summary(ResultDocument result) {
    CrashSection c = result.crash();
    if (c == null || c.lostWrites() == null) {
      CrashSection.Failure f = c == null ? null : c.failure();
      return "crash test failed" + (f != null ? " (round " + f.round() + ", " + f.step() + ")" : "")
          + ": lost writes unknown";
    }
    String held = c.claimHeld() == null ? "" : c.claimHeld() ? " held" : " NOT held";
    return String.format(Locale.ROOT, "lost %,d of %,d acknowledged writes in %d crashes, claim %s%s",
        c.lostWrites(), c.acknowledgedWrites(), c.crashes(), c.claim() == null ? "none" : c.claim(), held);
  }
}
