package dev.ycsbdriver.spi.support;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.Map;

/**
 * This driver process as the holder of a server's settings lock: the lock a binding takes in the server
 * (PostgreSQL's advisory lock, MariaDB's {@code GET_LOCK}, a Redis key with a lease) while it changes
 * server-wide settings, so that two drivers, on one machine or two, never change one server at once.
 *
 * <p>{@link #describe()} is what the binding leaves in the server for another driver's message (where the
 * store can hold it). {@link #enter}/{@link #leave} count the holders of one server's lock within this process:
 * the server's lock is taken by the first, {@link #hold held} for the process, and released by the last
 * {@link #leave}, whichever binding that is; so a second binding of the same process on the same server (a crash
 * test that reopens the store while an earlier attempt is still open) is not refused by its own lock.
 *
 * <p>Thread-safe.
 */
public final class SettingsOwner {
  /** The system property naming the driver that started this one, set by {@code DriverProcess}. */
  private static final String PARENT_PID = "ycsb.parent.pid";
  private static final int MAX_CHARS = 63;
  private static final Map<String, Integer> HOLDERS = new HashMap<>();
  private static final Map<String, AutoCloseable> LOCKS = new HashMap<>();

  private SettingsOwner() {
  }

  /**
   * @return {@code ycsb-driver pid <pid> on <host name>}, followed by {@code for pid <parent>} in a driver another
   *     driver started (a crash test's writer, a matrix cell: {@code -Dycsb.parent.pid}); at most 63 characters,
   *     PostgreSQL's longest {@code application_name}
   */
  public static String describe() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException | SecurityException e) {
      host = System.getenv().getOrDefault("HOSTNAME", "unknown host");
    }
    String parent = System.getProperty(PARENT_PID);
    String forParent = parent == null || parent.isBlank() ? "" : " for pid " + parent.strip();
    String d = "ycsb-driver pid " + ProcessHandle.current().pid() + " on " + host;
    d = d.length() + forParent.length() <= MAX_CHARS ? d : d.substring(0, MAX_CHARS - forParent.length());
    return d + forParent;
  }

  /**
   * @param server the server's identity, with the binding's name
   * @return true when no other binding of this process holds that server's lock: the caller takes it in the
   *     server; false when one does, and the caller relies on it
   */
  public static synchronized boolean enter(String server) {
    return HOLDERS.merge(server, 1, Integer::sum) == 1;
  }

  /**
   * Keeps the server's lock the first holder took, to be released by the last {@link #leave}.
   *
   * @param server as given to {@link #enter}
   * @param release releases the lock in the server; its failures are ignored (the lock ends with its session
   *     or lease anyway)
   */
  public static synchronized void hold(String server, AutoCloseable release) {
    LOCKS.put(server, release);
  }

  /**
   * Counts one holder out; the last releases the server's lock given to {@link #hold}, if any.
   *
   * @param server as given to {@link #enter}
   */
  public static void leave(String server) {
    AutoCloseable release;
    synchronized (SettingsOwner.class) {
      Integer left = HOLDERS.computeIfPresent(server, (k, n) -> n > 1 ? n - 1 : null);
      release = left == null ? LOCKS.remove(server) : null;
    }
    if (release != null) {
      try {
        release.close();
      } catch (Exception ignored) {
        // the lock ends with its session or lease
      }
    }
  }
}
