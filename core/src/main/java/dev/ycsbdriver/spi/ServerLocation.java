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
   * The server runs on this machine as processes with one of these names (the executable's short
   * name as the OS reports it, e.g. {@code postgres}, {@code mariadbd}).
   *
   * @param processNames at least one name; every running process with one of them is counted
   */
  record LocalProcesses(List<String> processNames) implements ServerLocation {
    /** @throws IllegalArgumentException if {@code processNames} is empty */
    public LocalProcesses {
      processNames = List.copyOf(processNames);
      if (processNames.isEmpty()) {
        throw new IllegalArgumentException("processNames: at least one name is required");
      }
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
    try {
      for (java.net.InetAddress a : java.net.InetAddress.getAllByName(host)) {
        if (a.isLoopbackAddress() || a.isAnyLocalAddress() || java.net.NetworkInterface.getByInetAddress(a) != null) {
          return localProcesses(processNames);
        }
      }
    } catch (java.net.UnknownHostException | java.net.SocketException e) {
      return unknown("server host " + host + " cannot be resolved");
    }
    return unknown("server " + host + " is not on this machine; its CPU is not sampled");
  }

  /** @return a server whose CPU cannot be sampled, with the reason */
  static ServerLocation unknown(String reason) {
    return new Unknown(reason);
  }
}
