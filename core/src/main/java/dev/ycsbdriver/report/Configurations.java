package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report's "Configurations" table: once per store and profile, the server's product and version and its
 * effective durability settings as read back from it during the run, and the profile's crash claim, so a
 * reader can check each label without the settings repeating under every table. Paths of the machine in the settings
 * are masked ({@link MachinePaths}).
 *
 * <p>Stateless and thread-safe.
 */
final class Configurations {
  private Configurations() {
  }

  /**
   * @param model the grouped results
   * @return the table; one row per store and profile
   */
  static Table table(ReportModel model) {
    List<List<String>> rows = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (String[] sp : model.storeProfiles()) {
      RunResult run = firstRun(model, sp[0], sp[1]);
      CrashEntry crash = model.crash(sp[0], sp[1]);
      String server;
      Map<String, String> settings;
      String claim;
      if (run != null) {
        server = run.server() == null ? run.binding() : run.server();
        settings = MachinePaths.settings(run.serverSettings(), run.file());
        claim = crash != null ? crash.claim() : run.durabilityClaim();
      } else if (crash == null) {
        // every run of this store and profile failed: nothing was read back
        server = "n/a (every run failed)";
        settings = Map.of();
        claim = null;
      } else {
        CrashResult r = crash.results().get(0);
        server = r.server() == null ? r.binding() : r.server();
        settings = MachinePaths.settings(r.serverSettings(), r.file());
        claim = crash.claim();
      }
      List<String> kv = new ArrayList<>();
      settings.forEach((k, v) -> kv.add(k + "=" + v));
      // the store's key beside its name: the key is what the matrix file and report.json call it
      String shown = model.names().name(sp[0]);
      rows.add(List.of(shown.equals(sp[0]) ? shown : shown + " (" + sp[0] + ")", ReportFormat.profileName(sp[1]), server, kv.isEmpty() ? ReportFormat.NA : String.join(", ", kv),
          DurableVsFast.claim(claim, crash)));
      if (sp[1] == null && model.profiles().stream().anyMatch(java.util.Objects::nonNull)) {
        notes.add(sp[0] + " has no durability profile: its runs appear under every profile.");
      }
    }
    return new Table("Server, effective settings and crash claim per store and profile", List.of("store", "profile", "server", "effective settings (read back)",
        "crash claim"), rows, notes);
  }

  private static RunResult firstRun(ReportModel model, String store, String profile) {
    for (ReportCell c : model.cells()) {
      if (c.store().equals(store) && java.util.Objects.equals(c.profile(), profile) && !c.runs().isEmpty()) {
        return c.runs().get(0);
      }
    }
    return null;
  }
}
