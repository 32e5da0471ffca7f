package dev.ycsbdriver.cpu;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.spi.ServerLocation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * The processes whose CPU counts as the server's, resolved when the run starts.
 *
 * <p>Precedence: {@code cpu.server.pid}, then {@code cpu.server.process}, then the binding's
 * {@link ServerLocation}. A local server the binding reaches on a TCP port is the process listening on that
 * port ({@link ServerListener}) and its descendants, found again at every sample, since backends come and go
 * (a PostgreSQL backend is a child of the postmaster; MariaDB is one process); another instance of the same
 * program on another port is not counted. When the listener cannot be found (no right to read the server's
 * sockets, no TCP listener, no {@code /proc}), every process with the binding's names is summed instead and
 * {@link #fallbackWarning()} says so. With {@code cpu.server.agent} the processes run on another host: the names
 * ({@code cpu.server.process}, else the binding's) are sent to that {@code bin/ycsb agent}, which sums every
 * process of those names each time it is read, so backends started later count too. Names match the OS's short process name exactly (on Linux the kernel's
 * {@code comm}, e.g. {@code postgres} for every PostgreSQL backend). The driver's own process is never
 * counted as a named server process. With names or pids, processes started after resolution (a new backend,
 * an autovacuum worker) are not counted: resolving happens after every client thread has connected, so the
 * backends serving the run are there.
 *
 * <p>Immutable and thread-safe.
 */
public final class ServerTarget {
  private final Supplier<List<ProcessTime>> members;
  private final boolean embedded;
  private final String description;
  private final String unavailableReason;
  private final AgentClock agent;
  private final String startWarning;
  private final String fallbackWarning;

  private ServerTarget(List<OSProcess> processes, boolean embedded, String description, String unavailableReason) {
    this(fixed(processes), embedded, description, unavailableReason, null, null, null);
  }

  private ServerTarget(Supplier<List<ProcessTime>> members, boolean embedded, String description,
                       String unavailableReason, AgentClock agent, String startWarning, String fallbackWarning) {
    this.members = members;
    this.embedded = embedded;
    this.description = description;
    this.unavailableReason = unavailableReason;
    this.agent = agent;
    this.startWarning = startWarning;
    this.fallbackWarning = fallbackWarning;
  }

  /** @return the processes, each refreshed by pid when asked for; those that ended are left out */
  private static Supplier<List<ProcessTime>> fixed(List<OSProcess> processes) {
    List<OSProcess> copy = List.copyOf(processes);
    return () -> copy.stream().filter(OSProcess::updateAttributes).map(ProcessTime::of).toList();
  }

  /**
   * Finds the server's processes.
   *
   * @param location where the binding says its server runs
   * @param settings the run's settings, for {@code cpu.server.pid} and {@code cpu.server.process}
   * @return the target; when no process can be sampled, a target whose {@link #unavailableReason()} says why
   * @throws ConfigException if {@code cpu.server.pid} is not a list of positive integers or names a
   *     process that does not exist, if {@code cpu.server.agent} is not {@code host:port}, or if it is set
   *     with {@code cpu.server.pid} or without any process name
   */
  public static ServerTarget resolve(ServerLocation location, Settings settings) throws ConfigException {
    String pidText = settings.getTrimmed(CpuConfig.SERVER_PID);
    String nameText = settings.getTrimmed(CpuConfig.SERVER_PROCESS);
    String agentText = settings.getTrimmed(CpuConfig.SERVER_AGENT);
    if (agentText != null) {
      return remote(agentText, settings.getTrimmed(CpuConfig.SERVER_AGENT_TOKEN), pidText, nameText, location,
          settings.getDuration(CpuConfig.SERVER_AGENT_TIMEOUT));
    }
    List<Integer> pids = pidText == null ? List.of() : parsePids(pidText);
    SystemInfo si = Oshi.get();
    if (si == null) {
      return unavailable(Oshi.failure());
    }
    OperatingSystem os = si.getOperatingSystem();
    if (!pids.isEmpty()) {
      List<OSProcess> found = new ArrayList<>();
      for (int pid : pids) {
        OSProcess p = os.getProcess(pid);
        if (p == null) {
          throw new ConfigException(CpuConfig.SERVER_PID.key() + ": no process with pid " + pid + " on this machine");
        }
        found.add(p);
      }
      return new ServerTarget(found, false, "pid " + join(pids) + " (" + CpuConfig.SERVER_PID.key() + ")", null);
    }
    if (nameText != null) {
      return byName(os, names(nameText), " (" + CpuConfig.SERVER_PROCESS.key() + ")");
    }
    if (location instanceof ServerLocation.Embedded) {
      return embedded();
    }
    if (location instanceof ServerLocation.LocalProcesses local) {
      Set<String> names = new LinkedHashSet<>(local.processNames());
      if (local.port() == 0) {
        return byName(os, names, "");
      }
      ServerListener.Found listener = ServerListener.find(os, local.host(), local.port());
      if (listener.process() != null && listener.process().getProcessID() == os.getProcessId()) {
        return embedded(); // a server inside the driver's JVM, such as a test's in-process server
      }
      if (listener.process() != null) {
        return tree(os, listener.process(), listener.address(), local.host(), local.port());
      }
      ServerTarget all = byName(os, names, "");
      if (all.unavailableReason != null) {
        return unavailable(listener.reason() + "; " + all.unavailableReason);
      }
      return new ServerTarget(all.members, false, all.description, all.unavailableReason, null, null,
          "server CPU: " + listener.reason() + "; it is the sum of every process named " + String.join(", ", names)
              + " instead, which counts any other instance on this machine too; set " + CpuConfig.SERVER_PID.key()
              + " to name the server's processes");
    }
    return unavailable(((ServerLocation.Unknown) location).reason());
  }

  private static ServerTarget remote(String hostPort, String token, String pidText, String nameText,
      ServerLocation location, Duration agentTimeout) throws ConfigException {
    if (pidText != null) {
      throw new ConfigException(CpuConfig.SERVER_PID.key() + ": cannot be used with " + CpuConfig.SERVER_AGENT.key()
          + " (pids are local to a host); name the processes with " + CpuConfig.SERVER_PROCESS.key());
    }
    Set<String> names = nameText != null ? names(nameText)
        : location instanceof ServerLocation.LocalProcesses local ? new LinkedHashSet<>(local.processNames()) : Set.of();
    if (names.isEmpty()) {
      throw new ConfigException(CpuConfig.SERVER_AGENT.key() + ": needs the server's process names and the binding"
          + " names none; set " + CpuConfig.SERVER_PROCESS.key());
    }
    AgentClock agent = AgentClock.of(hostPort, token, List.copyOf(names), agentTimeout);
    String what = "processes named " + String.join(", ", names);
    String source = "agent " + hostPort;
    try {
      AgentReading first = agent.read();
      if (first.pids() == 0) {
        return new ServerTarget(List.of(), false, source, "no " + what.replace("processes", "process") + " on the host of "
            + source + "; set " + CpuConfig.SERVER_PROCESS.key());
      }
      return new ServerTarget(List::of, false, source + ": " + what + " (" + pids(first.pids()) + ")", null, agent,
          null, null);
    } catch (IOException e) {
      String reason = CpuConfig.SERVER_AGENT.key() + ": cannot reach " + hostPort + " (" + e.getMessage() + ")";
      return new ServerTarget(List::of, false, source, reason, null, reason + "; server CPU is n/a", null);
    }
  }

  /**
   * The server instance behind {@code host:port} on this machine, found as for CPU attribution: the process
   * listening on the port ({@link ServerListener}) and its descendants, never processes found by name. The
   * crash test kills exactly these.
   *
   * @param host the host the binding connects to
   * @param port its TCP port, 1 to 65535
   * @return the target, whose {@link #pids()} lists the listener first; when no listener can be read (none, or
   *     no right to read its sockets, or it is the driver's own process), a target whose
   *     {@link #unavailableReason()} says why
   */
  public static ServerTarget listener(String host, int port) {
    SystemInfo si = Oshi.get();
    if (si == null) {
      return unavailable(Oshi.failure());
    }
    OperatingSystem os = si.getOperatingSystem();
    ServerListener.Found found = ServerListener.find(os, host, port);
    if (found.process() == null) {
      return unavailable(found.reason());
    }
    if (found.process().getProcessID() == os.getProcessId()) {
      return unavailable("the server on " + host + ":" + port + " runs inside the driver's own process");
    }
    return tree(os, found.process(), found.address(), host, port);
  }

  /** @return the target of an embedded store: the driver's own process */
  public static ServerTarget embedded() {
    return new ServerTarget(List.of(), true, "embedded: the driver process is the server", null);
  }

  /** @return a target that cannot be sampled, for the given reason */
  public static ServerTarget unavailable(String reason) {
    return new ServerTarget(List.of(), false, "n/a", reason);
  }

  /**
   * The listening process and its descendants, found again at each call: a fresh reading by pid, so the
   * target stays immutable. When that process has ended or its pid was reused (a server killed or restarted
   * mid-run), the process now listening on {@code host:port} is followed instead, so the figure goes on with
   * the instance the binding reconnected to; until one listens, the list is empty.
   */
  private static ServerTarget tree(OperatingSystem os, OSProcess first, String address, String host, int port) {
    AtomicReference<OSProcess> root = new AtomicReference<>(first);
    Supplier<List<ProcessTime>> members = ProcessTime.procAvailable() ? procTree(os, root, host, port)
        : oshiTree(os, root, host, port);
    return new ServerTarget(members, false, first.getName() + " pid " + first.getProcessID() + " listening on "
        + address + " and its children (" + pids(members.get().size()) + ")", null, null, null, null);
  }

  /**
   * On Linux: the tree read from {@code /proc}, one small file per process (see {@link ProcessTime}); a root
   * that is gone, or whose start time changed (its pid reused by a restarted server), makes it look for the
   * listener again.
   */
  private static Supplier<List<ProcessTime>> procTree(OperatingSystem os, AtomicReference<OSProcess> root,
                                                      String host, int port) {
    AtomicReference<Long> rootStart = new AtomicReference<>();
    return () -> {
      List<ProcessTime> tree = ProcessTime.tree(root.get().getProcessID());
      Long start = rootStart.get();
      if (tree.isEmpty() || start != null && start != tree.get(0).startMillis()) {
        OSProcess listening = listener(os, host, port);
        if (listening == null) {
          return List.of();
        }
        root.set(listening);
        tree = ProcessTime.tree(listening.getProcessID());
      }
      rootStart.set(tree.isEmpty() ? null : tree.get(0).startMillis());
      return tree;
    };
  }

  /** Elsewhere: the tree as OSHI reads it, the root followed by its start time as OSHI gives it. */
  private static Supplier<List<ProcessTime>> oshiTree(OperatingSystem os, AtomicReference<OSProcess> root,
                                                      String host, int port) {
    return () -> {
      OSProcess known = root.get();
      OSProcess now = os.getProcess(known.getProcessID());
      if (now == null || Math.abs(now.getStartTime() - known.getStartTime()) > 1000) {
        now = listener(os, host, port);
        if (now == null) {
          return List.of();
        }
        root.set(now);
      }
      List<ProcessTime> all = new ArrayList<>();
      all.add(ProcessTime.of(now));
      os.getDescendantProcesses(now.getProcessID(), null, null, 0).forEach(p -> all.add(ProcessTime.of(p)));
      return all;
    };
  }

  /** @return the process listening on {@code host:port} now, or null when none (or only this driver) does */
  private static OSProcess listener(OperatingSystem os, String host, int port) {
    OSProcess listening = ServerListener.find(os, host, port).process();
    return listening == null || listening.getProcessID() == os.getProcessId() ? null : listening;
  }

  private static ServerTarget byName(OperatingSystem os, Set<String> names, String suffix) {
    List<OSProcess> found = Oshi.processesNamed(os, names);
    String what = "processes named " + String.join(", ", names);
    if (found.isEmpty()) {
      return unavailable("no " + what.replace("processes", "process") + " on this machine"
          + "; set cpu.server.process or cpu.server.pid, or run the server here");
    }
    return new ServerTarget(found, false, what + suffix + " (" + pids(found.size()) + ")", null);
  }

  private static String pids(int count) {
    return count == 1 ? "1 pid" : count + " pids";
  }

  /**
   * @param description a {@link #description()}, e.g. {@code processes named postgres (70 pids)}
   * @return it without the pid count, which changes from run to run while the server stays the same
   */
  public static String withoutPidCount(String description) {
    return description.replaceAll("\\s*\\(\\d+ pids?\\)", "");
  }

  private static List<Integer> parsePids(String text) throws ConfigException {
    List<Integer> pids = new ArrayList<>();
    for (String part : text.split(",")) {
      String p = part.trim();
      try {
        int pid = Integer.parseInt(p);
        if (pid <= 0) {
          throw new NumberFormatException();
        }
        pids.add(pid);
      } catch (NumberFormatException e) {
        throw new ConfigException(CpuConfig.SERVER_PID.key() + ": must be process ids separated by commas, got '"
            + text + "'");
      }
    }
    return pids;
  }

  private static Set<String> names(String text) {
    Set<String> names = new LinkedHashSet<>();
    for (String part : text.split(",")) {
      if (!part.isBlank()) {
        names.add(part.trim());
      }
    }
    return names;
  }

  private static String join(List<Integer> pids) {
    StringBuilder sb = new StringBuilder();
    for (int pid : pids) {
      sb.append(sb.length() == 0 ? "" : ",").append(pid);
    }
    return sb.toString();
  }

  /**
   * @return the processes to sample now, each freshly read (for a listener, its descendants found again);
   *     empty when embedded, remote or unavailable
   */
  List<ProcessTime> processes() {
    return members.get();
  }

  /** @return the ids of the processes to sample now, in the order found */
  public List<Integer> pids() {
    return processes().stream().map(ProcessTime::pid).toList();
  }

  /**
   * @return a warning for the result when the server's CPU is the sum over its process names because the
   *     process listening on its port could not be found, or {@code null}
   */
  public String fallbackWarning() {
    return fallbackWarning;
  }

  /** @return the agent to read the server's CPU from, or {@code null} when the server is sampled here */
  AgentClock agent() {
    return agent;
  }

  /** @return true when the server's CPU is read from a {@code bin/ycsb agent} on another host */
  public boolean isRemote() {
    return agent != null;
  }

  /**
   * @return a line to print as a warning before the run starts (the agent could not be reached), or
   *     {@code null}; the same reason is the server figure's {@link #unavailableReason()}
   */
  public String startWarning() {
    return startWarning;
  }

  /** @return true when the server is the driver's own process */
  public boolean isEmbedded() {
    return embedded;
  }

  /** @return what the server figure measures, one line, e.g. {@code processes named postgres (9 pids)} */
  public String description() {
    return description;
  }

  /** @return why the server cannot be sampled, or {@code null} when it can */
  public String unavailableReason() {
    return unavailableReason;
  }
}
