package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.RestoredSetting;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The journal of server-wide settings a binding changes for one run (MySQL's GLOBAL
 * {@code innodb_flush_log_at_trx_commit}, PostgreSQL's {@code ALTER SYSTEM}, Redis' {@code CONFIG SET}):
 * written before the change, removed after the binding has put the values back. When the driver is
 * killed ({@code kill -9}) in between, the file stays, and the next command for that server restores
 * the values first, so it neither measures with them nor takes them for the server's originals.
 *
 * <p>A journal belongs to a server, not to the spelling of its address: one file per binding and server
 * identity, {@code <dir>/<binding>-id-<hash>.json}, where {@code <hash>} is the first 16 hex digits of the
 * SHA-256 of what the server says about itself (PostgreSQL's system identifier and port, MariaDB's host
 * name, port and data directory, Redis' directory, config file and port; see {@link #identified}). So
 * {@code 127.0.0.1}, {@code localhost} and {@code ::1} of one server share one journal, and a driver that
 * connects through another spelling finds the journal a killed one left. When the binding cannot read the
 * identity, the file is keyed on the resolved address and port, {@code <binding>-<address>-<port>.json},
 * where every loopback address is {@code loopback}. Journals of older builds, named after the host as typed
 * ({@code <binding>-<host>-<port>.json}), are still recovered: that file, and any journal of the binding
 * that holds the same identity, whatever its name.
 *
 * <p>{@code <dir>} is {@link #DIR} or, by default, {@code $XDG_STATE_HOME/ycsb-driver/journal}
 * ({@code ~/.local/state/...} when unset): outside the result directory, so a fresh result directory does
 * not lose it. A journal holds the server's address and identity, each setting's original value, the time
 * and the process id of the driver (with the process' start time, so a reused pid is not taken for the
 * driver); never a credential. Files are written to a temporary file, forced to disk, then atomically moved
 * into place; mode 0600 in a 0700 directory.
 *
 * <p>The journal serialises drivers on one machine only; the binding also holds a lock in the server while
 * it changes the settings (an advisory lock, {@code GET_LOCK}, a Redis key with a lease), so that drivers on
 * two machines do not both change them.
 *
 * <p>Use, in a binding's {@code open}:
 * <pre>{@code
 * RestoreJournal journal = RestoreJournal.forServer(settings, "mysql", "GLOBAL", host, port).identified(serverId);
 * RestoreJournal.Recovery r = journal.recover((name, value) -> setGlobal(name, value));
 * Map<String, String> toRestore = journal.record(Map.of("sync_binlog", currentValue));   // before SET GLOBAL
 * ... run ...
 * put toRestore back; then journal.remove();
 * }</pre>
 *
 * <p>Immutable and thread-safe; processes that share a journal serialise on a lock file beside it
 * ({@link JournalLock}). The file format is {@link JournalFile}'s, the recovery of stale journals
 * {@link JournalRecovery}'s.
 */
public final class RestoreJournal {
  /** Where the journals are kept. */
  public static final PropertySpec DIR = PropertySpec.optional("restore.journal.dir", "",
      "directory of the journal of server-wide settings a binding changed for a profile, restored by the next "
          + "command after a kill -9 (default $XDG_STATE_HOME/ycsb-driver/journal, else ~/.local/state/ycsb-driver/journal)");
  /** A journal's owner counts as the same process when its start time is within this of the recorded one. */
  private static final Duration START_TOLERANCE = Duration.ofSeconds(1);

  private final Path directory;
  private final String binding;
  private final String scope;
  private final String host;
  private final int port;
  private final String server;
  private final String serverId;
  private final Path file;

  private RestoreJournal(Path directory, String binding, String scope, String host, int port, String serverId) {
    this.directory = directory;
    this.binding = binding;
    this.scope = scope;
    this.host = host;
    this.port = port;
    this.server = host + ":" + port;
    this.serverId = serverId;
    this.file = directory.resolve(serverId == null ? binding + "-" + JournalNames.fileName(canonicalAddress(host)) + "-"
        + port + ".json" : binding + "-id-" + JournalNames.hash(serverId) + ".json");
  }

  /**
   * @param settings the command's settings, for {@link #DIR}
   * @param binding the binding's name, e.g. {@code mysql}
   * @param scope how the store calls the settings' reach, e.g. {@code GLOBAL}, for messages
   * @param host the server's host as in the binding's URL
   * @param port the server's port, 1-65535
   * @return the journal of that address, keyed on the resolved address until {@link #identified}; nothing is
   *     read or written yet
   */
  public static RestoreJournal forServer(Settings settings, String binding, String scope, String host, int port) {
    return at(directory(settings), binding, scope, host, port);
  }

  /** As {@link #forServer}, in {@code directory}. */
  public static RestoreJournal at(Path directory, String binding, String scope, String host, int port) {
    return new RestoreJournal(directory, binding, scope, host, port, null);
  }

  /**
   * @param serverId what the connected server says about itself, the same through every address and across
   *     restarts, different for another instance (with its port, as two instances may share a host and a data
   *     directory's name); null when the binding cannot read it
   * @return this server's journal, keyed on {@code serverId}, or on the resolved address and port when null
   */
  public RestoreJournal identified(String serverId) {
    return new RestoreJournal(directory, binding, scope, host, port, serverId);
  }

  /**
   * @param host a host name or address literal
   * @return {@code loopback} when it resolves to a loopback or wildcard address ({@code localhost},
   *     {@code 127.0.0.2}, {@code ::1}, {@code 0.0.0.0}), else its first resolved address, else the host as
   *     typed, in lower case
   */
  public static String canonicalAddress(String host) {
    return JournalNames.canonicalAddress(host);
  }

  /** @return {@link #DIR} when given, else the default under the user's state directory */
  public static Path directory(Settings settings) {
    String dir = settings.getTrimmed(DIR);
    return dir != null && !dir.isEmpty() ? Path.of(dir) : defaultDirectory(System.getenv("XDG_STATE_HOME"),
        System.getProperty("user.home"));
  }

  /**
   * @param xdgStateHome {@code $XDG_STATE_HOME}, or null/empty when unset (a relative one is ignored, as the
   *     XDG specification says)
   * @param userHome the user's home directory
   * @return {@code <state home>/ycsb-driver/journal}
   */
  public static Path defaultDirectory(String xdgStateHome, String userHome) {
    Path state = xdgStateHome != null && Path.of(xdgStateHome).isAbsolute() ? Path.of(xdgStateHome)
        : Path.of(userHome, ".local", "state");
    return state.resolve("ycsb-driver").resolve("journal");
  }

  /** @return the journal file of this server: keyed on its identity once {@link #identified}, else its address */
  public Path path() {
    return file;
  }

  /** @return where builds that keyed the journal on the host as typed kept it: {@code <binding>-<host>-<port>.json} */
  public Path legacyPath() {
    return directory.resolve(binding + "-" + JournalNames.fileName(host) + "-" + port + ".json");
  }

  /**
   * @return true when the directory holds any journal of this binding, of whatever server: the binding then
   *     connects to learn whether one is this server's
   */
  public boolean pending() {
    return !journalsOfBinding().isEmpty();
  }

  /** @return every journal file of this binding in the directory, sorted; the own file when it cannot be listed */
  List<Path> journalsOfBinding() {
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(f -> {
        String n = f.getFileName().toString();
        return n.startsWith(binding + "-") && n.endsWith(".json");
      }).sorted().toList();
    } catch (IOException e) {
      return List.of(file); // unreadable directory: let recover() name the problem
    }
  }

  /**
   * What a journal holds.
   *
   * @param serverId the server's own identity as the binding read it (e.g. {@code host:port:datadir}), or null
   * @param pid the process id of the driver that wrote it
   * @param pidStart that process' start time, or null if unknown
   * @param changedAt when it was written
   * @param originals setting name to the value to restore, in the order they were journaled
   */
  public record Entry(String serverId, long pid, Instant pidStart, Instant changedAt, Map<String, String> originals) {
    /** Copies {@code originals}, keeping its order. */
    public Entry {
      originals = Collections.unmodifiableMap(new LinkedHashMap<>(originals));
    }

    /** @return true when the writing process still runs (the same pid, started at the same time) */
    public boolean ownerAlive() {
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(h -> pidStart == null
          || h.info().startInstant().map(s -> Duration.between(s, pidStart).abs().compareTo(START_TOLERANCE) <= 0)
          .orElse(true)).orElse(false);
    }

    /** @return true when this process wrote it */
    public boolean ownedByThisProcess() {
      return pid == ProcessHandle.current().pid();
    }
  }

  /**
   * What {@link #recover} did.
   *
   * @param restored the settings set back, in journal order; empty when none
   * @param warnings lines for the result (a live run holds the journal, it named another server); may be empty
   */
  public record Recovery(List<RestoredSetting> restored, List<String> warnings) {
    /** Copies both lists. */
    public Recovery {
      restored = List.copyOf(restored);
      warnings = List.copyOf(warnings);
    }
  }

  /** Sets one setting back on the server. */
  @FunctionalInterface
  public interface Restorer {
    /**
     * @param setting the setting's name as journaled
     * @param value the original value
     * @throws Exception when the server refuses; the journal is kept
     */
    void restore(String setting, String value) throws Exception;
  }

  /**
   * @return the contents of {@link #path()}, empty when there is no journal
   * @throws ConfigException when the file cannot be read or is not a journal (exit code 2), naming it
   */
  public Optional<Entry> read() throws ConfigException {
    return JournalFile.read(file);
  }

  /**
   * Restores what drivers that did not finish left in this server's journals, then removes them: {@link #path()},
   * the file an older build named after the host as typed ({@link #legacyPath()}), and any other journal of the
   * binding written for the same server identity. When there are several, the newest is restored first, so
   * the oldest one's originals, recorded before any driver changed the server, are in force at the end. A
   * journal held by a live driver is left alone (a warning says so); the legacy file written for another
   * server instance at this address is removed with a warning, as its values do not belong to this server.
   *
   * @param restorer sets one setting on the connected server
   * @return what was restored and warned
   * @throws ConfigException when a journal cannot be read or removed (exit code 2)
   * @throws BindingException when the server refuses a restore (exit code 3); that journal is kept
   */
  public Recovery recover(Restorer restorer) throws ConfigException, BindingException {
    return recovery().recover(restorer);
  }

  /**
   * Journals the values to restore, before the binding changes them. Values already journaled by this
   * process are kept: they are the originals.
   *
   * @param originals setting name to current value, in the order to restore them
   * @return the values to restore as journaled now: {@code originals}, with the values this process journaled
   *     earlier in their place (another binding of this process may have changed the settings already)
   * @throws ConfigException when the journal cannot be written (exit code 2); nothing has been changed yet
   * @throws BindingException when a live driver holds one of this server's journals, whatever address it used
   *     (exit code 3): two runs that change the same settings at once would each restore what the other set
   */
  public Map<String, String> record(Map<String, String> originals) throws ConfigException, BindingException {
    synchronized (JournalLock.IN_PROCESS) {
      for (Path other : recovery().candidates()) {
        if (!other.equals(file)) {
          Optional<Entry> e = JournalFile.read(other);
          if (e.isPresent()) {
            refuseIfHeld(other, e.get());
          }
        }
      }
      try (FileChannel lock = JournalLock.lock(file)) {
        Optional<Entry> found = JournalFile.read(file);
        Map<String, String> merged = new LinkedHashMap<>(originals);
        if (found.isPresent()) {
          refuseIfHeld(file, found.get());
          merged.putAll(found.get().originals());
        }
        JournalFile.write(file, binding, scope, server, canonicalAddress(host) + ":" + port, serverId, merged);
        return Collections.unmodifiableMap(merged);
      } catch (IOException ex) {
        throw unwritable(ex);
      }
    }
  }

  private void refuseIfHeld(Path f, Entry e) throws BindingException {
    if (!e.ownedByThisProcess() && e.ownerAlive()) {
      throw new BindingException(binding + ": " + scope + " settings of " + server + " are changed by a running "
          + "driver (pid " + e.pid() + ") that restores them when it ends; journal " + f + "; two runs that "
          + "change them at once would each restore the other's values; wait for it to end");
    }
  }

  /**
   * Removes this process' journal after the binding has restored every setting in it; a journal of
   * another process is left alone.
   *
   * @return true when there is no journal of this process any more
   */
  public boolean remove() {
    synchronized (JournalLock.IN_PROCESS) {
      try (FileChannel lock = JournalLock.lock(file)) {
        Optional<Entry> found = JournalFile.read(file);
        if (found.isPresent() && found.get().ownedByThisProcess()) {
          JournalFile.delete(file);
        }
        return true;
      } catch (IOException | ConfigException ex) {
        return false;
      }
    }
  }

  private JournalRecovery recovery() {
    return new JournalRecovery(this, binding, scope, server, serverId);
  }

  /** @return the error of a journal directory this user cannot write, naming it and the key that moves it */
  ConfigException unwritable(IOException e) {
    String reason = e instanceof AccessDeniedException ? "permission denied"
        : e instanceof FileAlreadyExistsException ? "a file is in the way of the directory"
        : e instanceof NoSuchFileException ? "no such directory"
        : e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.toString();
    return new ConfigException(DIR.key() + ": must be a directory where this user can write the restore journal, got '"
        + file.getParent() + "' (" + reason + "); the " + scope + " settings were not changed; give another with -p "
        + DIR.key() + "=<dir>", e);
  }
}
