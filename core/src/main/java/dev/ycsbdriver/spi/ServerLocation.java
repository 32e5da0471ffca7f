package dev.ycsbdriver.spi;

import java.util.List;
import java.util.Objects;

/**
 * Where the store's server runs, so the CPU sampler knows which processes to measure.
 *
 * <p>Immutable and thread-safe.
 */
public sealed interface ServerLocation {

  /** The store runs inside the driver's own process (H2, SQLite, the in-memory store). */
  record Embedded() implements ServerLocation {
  }

  /**
   * The server runs on this machine. With a port, its CPU is that of the process listening on the port (at
   * {@code host}) and of that process's descendants; without one, or when the listener cannot be found, that
   * of every process with one of these names.
   *
   * @param processNames the executable's short name as the OS reports it, e.g. {@code postgres},
   *     {@code mariadbd}; at least one
   * @param host the host the binding connects to, as in its URL, or null when unknown
   * @param port the TCP port the binding connects to, 1 to 65535, or 0 when unknown
   */
  record LocalProcesses(List<String> processNames, String host, int port) implements ServerLocation {
    /**
     * @throws IllegalArgumentException if {@code processNames} is empty or {@code port} is outside 0 to 65535,
     *     or a port is given without a host
     */
    public LocalProcesses {
      processNames = List.copyOf(processNames);
      if (processNames.isEmpty()) {
        throw new IllegalArgumentException("processNames: at least one name is required");
      }
      if (port < 0 || port > 65535 || (port != 0 && host == null)) {
        throw new IllegalArgumentException("port: must be 1 to 65535 with a host, or 0, got " + port);
      }
    }

    /**
     * A server known by its process names only.
     *
     * @param processNames at least one name; every running process with one of them is counted
     */
    public LocalProcesses(List<String> processNames) {
      this(processNames, null, 0);
    }
  }

  /**
   * The server's CPU cannot be sampled from here.
   *
   * @param reason one line for the result, e.g. {@code server db1.example.com is not on this machine}
   */
  record Unknown(String reason) implements ServerLocation {
    /** @throws NullPointerException if {@code reason} is null */
    public Unknown {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /** @return the location of an embedded store */
  static ServerLocation embedded() {
    return new Embedded();
  }

  /** @return a local server known by these process names */
  static ServerLocation localProcesses(String... names) {
    return new LocalProcesses(List.of(names));
  }

  /**
   * Where a server reached at {@code host} runs: when the host resolves to an address of this machine
   * (loopback, a wildcard, or one of its interfaces), the local processes with these names; otherwise
   * unknown, with the reason.
   *
   * @param host a host name or address literal, as in the binding's URL
   * @param processNames the server's process names, at least one
   * @return the location; never null, never throws
   */
  static ServerLocation ofHost(String host, String... processNames) {
    return ofHost(host, 0, processNames);
  }

  /**
   * Where a server reached at {@code host:port} runs: when the host is this machine, the process listening
   * on the port and its descendants (by the names when that process cannot be found); otherwise unknown.
   *
   * @param host a host name or address literal, as in the binding's URL
   * @param port the port in the binding's URL (its default when the URL gives none), 1 to 65535, or 0
   *     when unknown
   * @param processNames the server's process names, at least one
   * @return the location; never null, never throws for a host
   * @throws IllegalArgumentException if {@code port} is outside 0 to 65535
   */
  static ServerLocation ofHost(String host, int port, String... processNames) {
    try {
      for (java.net.InetAddress a : java.net.InetAddress.getAllByName(host)) {
        if (a.isLoopbackAddress() || a.isAnyLocalAddress() || java.net.NetworkInterface.getByInetAddress(a) != null) {
          return new LocalProcesses(List.of(processNames), port == 0 ? null : host, port);
        }
      }
    } catch (java.net.UnknownHostException | java.net.SocketException e) {
      return unknown("server host " + host + " cannot be resolved");
    }
    return unknown("server " + host + " is not on this machine; its CPU is not sampled");
  }

  /**
   * @param text a port as a URL gives it, e.g. {@code 5432}; for a list of hosts ({@code 5432,5433}) the first
   * @return the port, 1 to 65535, or 0 when {@code text} is null or not such a number
   */
  static int port(String text) {
    if (text == null) {
      return 0;
    }
    String first = text.split(",", -1)[0].trim();
    if (!first.matches("\\d{1,5}")) {
      return 0;
    }
    int port = Integer.parseInt(first);
    return port <= 65535 ? port : 0;
  }

  /** @return a server whose CPU cannot be sampled, with the reason */
  static ServerLocation unknown(String reason) {
    return new Unknown(reason);
  }
}
