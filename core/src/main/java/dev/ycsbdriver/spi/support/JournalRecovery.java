package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.RestoredSetting;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the journals drivers that did not finish left for one server, and restores them ({@link
 * RestoreJournal#recover}): the journal's own file, the file an older build named after the host as typed, and any
 * other journal of the binding written for the same server identity; newest first, so that the oldest one's
 * originals are in force at the end.
 *
 * <p>Immutable; thread-safe as {@link RestoreJournal} is.
 */
final class JournalRecovery {
  private final RestoreJournal journal;
  private final String binding;
  private final String scope;
  private final String server;
  private final String serverId;

  /**
   * @param journal the journal of the server now connected
   * @param binding the binding's name, for messages
   * @param scope how the store calls the settings' reach, for messages
   * @param server the address as the binding was given it, {@code host:port}, for messages
   * @param serverId the server's identity, or null when unknown (every journal of the binding is then its own)
   */
  JournalRecovery(RestoreJournal journal, String binding, String scope, String server, String serverId) {
    this.journal = journal;
    this.binding = binding;
    this.scope = scope;
    this.server = server;
    this.serverId = serverId;
  }

  /** As {@link RestoreJournal#recover}. */
  RestoreJournal.Recovery recover(RestoreJournal.Restorer restorer) throws ConfigException, BindingException {
    synchronized (JournalLock.IN_PROCESS) {
      List<RestoredSetting> restored = new ArrayList<>();
      List<String> warnings = new ArrayList<>();
      for (Path f : candidates()) {
        RestoreJournal.Recovery r = recover(f, restorer);
        restored.addAll(r.restored());
        warnings.addAll(r.warnings());
      }
      return new RestoreJournal.Recovery(restored, warnings);
    }
  }

  /** @return this server's journals, newest first; the own and legacy files even when unreadable, to name them */
  List<Path> candidates() {
    Map<Path, Instant> found = new LinkedHashMap<>();
    for (Path f : journal.journalsOfBinding()) {
      boolean named = f.equals(journal.path()) || f.equals(journal.legacyPath());
      try {
        Optional<RestoreJournal.Entry> e = JournalFile.read(f);
        if (e.isPresent() && (named || e.get().serverId() != null && sameServer(e.get().serverId()))) {
          found.put(f, e.get().changedAt());
        }
      } catch (ConfigException e) {
        if (named) {
          found.put(f, Instant.MAX);
        }
      }
    }
    List<Path> newestFirst = new ArrayList<>(found.keySet());
    newestFirst.sort(Comparator.comparing(found::get).reversed());
    return newestFirst;
  }

  /**
   * @return true when {@code recorded} is this server's identity, or an older build's shorter one: a leading part
   *     of it, the newer one adding facts after a space (Redis' port)
   */
  private boolean sameServer(String recorded) {
    return serverId == null || serverId.equals(recorded) || serverId.startsWith(recorded + " ");
  }

  private RestoreJournal.Recovery recover(Path f, RestoreJournal.Restorer restorer)
      throws ConfigException, BindingException {
    try (FileChannel lock = JournalLock.lock(f)) {
      Optional<RestoreJournal.Entry> found = JournalFile.read(f);
      if (found.isEmpty() || found.get().ownedByThisProcess() && found.get().ownerAlive()) {
        return new RestoreJournal.Recovery(List.of(), List.of());
      }
      RestoreJournal.Entry e = found.get();
      if (e.ownerAlive()) {
        return new RestoreJournal.Recovery(List.of(), List.of(binding + ": " + scope + " " + String.join(", ",
            e.originals().keySet()) + " of " + server + " are changed by a running driver (pid " + e.pid()
            + ") that restores them to " + String.join(", ", e.originals().values()) + " when it ends; this run "
            + "measures with its values; journal " + f));
      }
      if (e.serverId() != null && !sameServer(e.serverId())) {
        JournalFile.delete(f);
        return new RestoreJournal.Recovery(List.of(), List.of(binding + ": journal " + f + " was written for server "
            + e.serverId() + ", not for " + serverId + " now at " + server
            + "; removed without restoring " + scope + " " + pairs(e)));
      }
      List<RestoredSetting> restored = new ArrayList<>();
      for (Map.Entry<String, String> o : e.originals().entrySet()) {
        try {
          restorer.restore(o.getKey(), o.getValue());
        } catch (Exception ex) {
          throw new BindingException(binding + ": cannot restore " + scope + " " + o.getKey() + "=" + o.getValue()
              + " left changed by an earlier run (pid " + e.pid() + ") that did not finish (" + ex.getMessage()
              + "); journal " + f + " kept; set it back with a privileged user, then delete the journal", ex);
        }
        restored.add(new RestoredSetting(scope, o.getKey(), o.getValue(), e.pid(), e.changedAt(), f));
      }
      JournalFile.delete(f);
      return new RestoreJournal.Recovery(restored, List.of());
    } catch (IOException ex) {
      throw journal.unwritable(ex);
    }
  }

  private static String pairs(RestoreJournal.Entry e) {
    StringBuilder b = new StringBuilder();
    e.originals().forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k).append('=').append(v));
    return b.toString();
  }
}
