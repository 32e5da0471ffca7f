package dev.ycsbdriver.cpu;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import oshi.software.os.InternetProtocolStats.IPConnection;
import oshi.software.os.InternetProtocolStats.TcpState;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * The process that listens on the TCP port a binding connects to: the server instance the binding talks to,
 * not any other instance of the same program on another port.
 *
 * <p>Sockets and their owning processes come from OSHI's {@code InternetProtocolStats.getConnections()}; on
 * Linux it reads {@code /proc/net/tcp} and {@code tcp6} and maps each socket's inode to a process through
 * {@code /proc/<pid>/fd}, which needs the right to read the server's file descriptors (its user, or root).
 * A listener counts when it is bound to the wildcard address or to an address the host resolves to. A
 * socket can be held by several processes (a worker that inherited it); OSHI names one of them, so the
 * listener is the topmost ancestor that runs the same program.
 *
 * <p>Stateless and thread-safe.
 */
final class ServerListener {
  private ServerListener() {
  }

  /**
   * What {@link #find} found.
   *
   * @param process the listening process, or null when none was found
   * @param address where it listens, e.g. {@code 127.0.0.1:5432}, or null
   * @param reason why none was found, one line, or null when found
   */
  record Found(OSProcess process, String address, String reason) {
  }

  /**
   * @param os the operating system
   * @param host the host the binding connects to
   * @param port its TCP port, 1 to 65535
   * @return the listener, or why there is none
   */
  static Found find(OperatingSystem os, String host, int port) {
    List<byte[]> addresses = new ArrayList<>();
    try {
      for (InetAddress a : InetAddress.getAllByName(host)) {
        addresses.add(a.getAddress());
      }
    } catch (UnknownHostException e) {
      return new Found(null, null, "server host " + host + " cannot be resolved");
    }
    String where = host + ":" + port;
    List<IPConnection> connections;
    try {
      connections = os.getInternetProtocolStats().getConnections();
    } catch (RuntimeException | LinkageError e) {
      return new Found(null, null, "this system's sockets cannot be listed (" + e.getClass().getSimpleName() + ")");
    }
    Set<Integer> pids = new LinkedHashSet<>();
    String address = null;
    boolean unowned = false;
    for (IPConnection c : connections) {
      if (c.getState() != TcpState.LISTEN || c.getLocalPort() != port || !bound(c.getLocalAddress(), addresses)) {
        continue;
      }
      if (c.getowningProcessId() < 0) {
        unowned = true;
        continue;
      }
      pids.add(c.getowningProcessId());
      address = address != null ? address : text(c.getLocalAddress()) + ":" + port;
    }
    Set<OSProcess> roots = new LinkedHashSet<>();
    Set<Integer> rootPids = new LinkedHashSet<>();
    for (int pid : pids) {
      OSProcess p = topOfSameProgram(os, pid);
      if (p != null && rootPids.add(p.getProcessID())) {
        roots.add(p);
      }
    }
    if (roots.size() == 1) {
      return new Found(roots.iterator().next(), address, null);
    }
    if (roots.size() > 1) {
      return new Found(null, null, "processes " + rootPids + " all listen on " + where);
    }
    return new Found(null, null, unowned
        ? "a socket listens on " + where + " but its process cannot be read (run the driver as the server's user or"
            + " root)"
        : "no process listens on " + where + " (a Unix socket, or a server in a container or another network"
            + " namespace)");
  }

  /** @return whether a socket bound to {@code local} accepts connections to one of {@code addresses} */
  private static boolean bound(byte[] local, List<byte[]> addresses) {
    boolean wildcard = true;
    for (byte b : local) {
      wildcard &= b == 0;
    }
    if (wildcard) {
      return true;
    }
    for (byte[] a : addresses) {
      if (Arrays.equals(a, local)) {
        return true;
      }
    }
    return false;
  }

  private static String text(byte[] address) {
    try {
      String s = InetAddress.getByAddress(address).getHostAddress();
      return address.length == 16 ? "[" + s + "]" : s;
    } catch (UnknownHostException e) {
      return Arrays.toString(address);
    }
  }

  /** @return the process, or its topmost ancestor with the same name; null when it has ended */
  private static OSProcess topOfSameProgram(OperatingSystem os, int pid) {
    OSProcess p = os.getProcess(pid);
    for (int depth = 0; p != null && depth < 64; depth++) {
      OSProcess parent = p.getParentProcessID() > 1 ? os.getProcess(p.getParentProcessID()) : null;
      if (parent == null || !parent.getName().equals(p.getName())) {
        return p;
      }
      p = parent;
    }
    return p;
  }
}
