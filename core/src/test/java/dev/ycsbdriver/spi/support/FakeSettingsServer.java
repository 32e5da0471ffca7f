package dev.ycsbdriver.spi.support;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A server's settings in memory, in the words of an SQL store's GLOBAL variables: what {@link SettingsChange} and
 * {@link ChangedSettings} are tested on. Each field sets up one behaviour of the server (a refusal, a lock held by
 * another driver, a broken connection); the counters say what the mechanism did. One test thread at a time.
 */
final class FakeSettingsServer implements SettingsDialect<FakeSettingsServer.Connection, IOException> {
  /** What the fake server says about itself. */
  static final String SERVER_ID = "fake-server-1";

  /** A connection to the fake server; a broken one fails every statement. */
  static final class Connection {
    boolean broken;

    Connection() {
    }

    Connection(boolean broken) {
      this.broken = broken;
    }
  }

  final Map<String, String> values = new LinkedHashMap<>();
  final List<String> statements = new ArrayList<>();
  /** Settings ({@code name}) or changes ({@code name=value}) the server refuses. */
  final Set<String> refused = new HashSet<>();
  /** Settings the server accepts but keeps at their value. */
  final Set<String> ignored = new HashSet<>();
  final Map<String, String> unsettled = new LinkedHashMap<>();
  final Map<String, String> settling = new LinkedHashMap<>();
  String lockHolder;
  String unguarded;
  String missingPrivilege;
  String notDurable;
  /** Whether {@link #reconnect()} reaches the server. */
  boolean reachable = true;
  int unlocked;
  int opened;
  int closed;

  /** @param pairs the settings in force, name then value */
  FakeSettingsServer(String... pairs) {
    for (int i = 0; i < pairs.length; i += 2) {
      values.put(pairs[i], pairs[i + 1]);
    }
  }

  private void check(Connection c) throws IOException {
    if (c.broken) {
      throw new IOException("connection reset\nat the socket");
    }
  }

  @Override
  public String scope() {
    return "GLOBAL";
  }

  @Override
  public String serverId(Connection c) throws IOException {
    check(c);
    return SERVER_ID;
  }

  @Override
  public Lock lock(Connection c) {
    if (lockHolder != null) {
      return Lock.heldBy(lockHolder);
    }
    return unguarded != null ? Lock.unguarded(unguarded) : Lock.taken(() -> unlocked++);
  }

  @Override
  public boolean exists(Connection c, String name) {
    return values.containsKey(name);
  }

  @Override
  public String absentHint(String name) {
    return "; a newer server has it";
  }

  @Override
  public Optional<String> missingPrivilege(Connection c, Collection<String> names) {
    return Optional.ofNullable(missingPrivilege);
  }

  @Override
  public Optional<NotDurable> notDurable(Connection c) {
    return Optional.ofNullable(notDurable).map(had -> new NotDurable(had, false));
  }

  @Override
  public String original(Connection c, String name) throws IOException {
    check(c);
    return values.get(name);
  }

  @Override
  public void put(Connection c, String name, String value) throws IOException {
    check(c);
    if (refused.contains(name) || refused.contains(name + "=" + value)) {
      throw new IOException("permission denied for " + name);
    }
    statements.add("SET " + name + " = " + value);
    if (!ignored.contains(name)) {
      values.put(name, value);
    }
  }

  @Override
  public void apply(Connection c) {
    statements.add("APPLY");
  }

  @Override
  public Map<String, String> settle(Connection c, Map<String, String> set) {
    settling.putAll(set);
    Map<String, String> failed = new LinkedHashMap<>(unsettled);
    failed.keySet().retainAll(set.keySet());
    return failed;
  }

  @Override
  public String effective(Connection c, String name) throws IOException {
    check(c);
    return values.get(name);
  }

  @Override
  public Connection reconnect() throws IOException {
    if (!reachable) {
      throw new IOException("connection refused");
    }
    opened++;
    return new Connection();
  }

  @Override
  public void close(Connection c) {
    closed++;
  }

  @Override
  public String assignment(String name, String value) {
    return name + " = " + value;
  }

  @Override
  public String reason(Exception failure) {
    return failure.getMessage().lines().findFirst().orElse("");
  }

  @Override
  public String changeStatement() {
    return "the change";
  }

  @Override
  public String statement(String name, String value) {
    return "SET GLOBAL " + assignment(name, value);
  }

  @Override
  public String notSet(String name, String value, String why) {
    return "set GLOBAL " + assignment(name, value);
  }

  @Override
  public String afterRefusal(String name, String inForce) {
    return name + " stays " + inForce;
  }

  @Override
  public String refusalHint(String name, String why) {
    return "grant SUPER";
  }
}
