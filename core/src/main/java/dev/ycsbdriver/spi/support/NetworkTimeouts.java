package dev.ycsbdriver.spi.support;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The network timeouts of a binding that talks to a server, so that a server that never answers ends
 * the command with one line instead of hanging it: {@code connect} bounds opening the TCP connection,
 * {@code login} the whole start-up handshake (greeting, authentication, session set-up), {@code socket}
 * each read of a reply once connected. A value of 0 disables that timeout (waits forever).
 *
 * <p>A binding declares its keys once with {@link Keys#of(String)} ({@code <binding>.connect.timeout},
 * {@code <binding>.login.timeout}, {@code <binding>.socket.timeout}), lists {@link Keys#all()} among its
 * properties, and reads them with {@link Keys#read(Settings)} in {@code open}. Timeouts a user writes
 * into the store's URL or connection string are the store driver's own and win over these keys.
 *
 * <p>Immutable and thread-safe.
 *
 * @param keys the keys the values were read from, for messages
 * @param connect TCP connect timeout, 0 for none
 * @param login start-up handshake timeout, 0 for none
 * @param socket timeout of each read once connected, 0 for none
 */
public record NetworkTimeouts(Keys keys, Duration connect, Duration login, Duration socket) {
  /** Largest accepted value of each timeout: 1 hour. */
  public static final Duration MAX = Duration.ofHours(1);
  /** Default connect timeout. */
  public static final String DEFAULT_CONNECT = "10s";
  /** Default login timeout. */
  public static final String DEFAULT_LOGIN = "10s";
  /**
   * Default socket (read) timeout: long enough for a scan of many records on a loaded server, short
   * enough that a server that stopped answering fails the operation instead of hanging its thread.
   */
  public static final String DEFAULT_SOCKET = "60s";

  /** Which timeout ran out. */
  public enum Kind {
    /** Opening the TCP connection. */
    CONNECT,
    /** The start-up handshake. */
    LOGIN,
    /** A read once connected. */
    SOCKET
  }

  /** @throws NullPointerException for any null component */
  public NetworkTimeouts {
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(connect, "connect");
    Objects.requireNonNull(login, "login");
    Objects.requireNonNull(socket, "socket");
  }

  /**
   * The timeout keys of one binding.
   *
   * @param connect {@code <binding>.connect.timeout}, or null when the store's driver offers no way to set it
   * @param login {@code <binding>.login.timeout}
   * @param socket {@code <binding>.socket.timeout}
   */
  public record Keys(PropertySpec connect, PropertySpec login, PropertySpec socket) {
    /** @throws NullPointerException if {@code login} or {@code socket} is null */
    public Keys {
      Objects.requireNonNull(login, "login");
      Objects.requireNonNull(socket, "socket");
    }

    /**
     * @param binding the binding's name, the keys' prefix, e.g. {@code postgres}
     * @return the three keys with the defaults 10s, 10s and 60s
     */
    public static Keys of(String binding) {
      return new Keys(PropertySpec.of(binding + ".connect.timeout", DEFAULT_CONNECT, "s",
          "how long to wait for the TCP connection to the server; 0 waits forever"), login(binding), socket(binding));
    }

    /**
     * For a store driver that cannot bound the TCP connect on its own: only the login and socket keys.
     *
     * @param binding the binding's name, the keys' prefix
     * @return the login and socket keys with the defaults 10s and 60s
     */
    public static Keys withoutConnect(String binding) {
      return new Keys(null, login(binding), socket(binding));
    }

    private static PropertySpec login(String binding) {
      return PropertySpec.of(binding + ".login.timeout", DEFAULT_LOGIN, "s",
          "how long to wait for the server to accept a new connection (greeting, login, session set-up); "
              + "0 waits forever");
    }

    private static PropertySpec socket(String binding) {
      return PropertySpec.of(binding + ".socket.timeout", DEFAULT_SOCKET, "s",
          "how long to wait for each reply once connected; an operation that waits longer fails; 0 waits forever");
    }

    /** @return the declared keys, connect (when declared), login, socket */
    public List<PropertySpec> all() {
      List<PropertySpec> all = new ArrayList<>(3);
      if (connect != null) {
        all.add(connect);
      }
      all.add(login);
      all.add(socket);
      return List.copyOf(all);
    }

    /**
     * @return the timeouts, each between 0 and {@link #MAX}; connect is 0 when the key is not declared
     * @throws ConfigException when a value is not a duration or lies outside that range (exit code 2)
     */
    public NetworkTimeouts read(Settings settings) throws ConfigException {
      return new NetworkTimeouts(this,
          connect == null ? Duration.ZERO : settings.getDuration(connect, Duration.ZERO, MAX),
          settings.getDuration(login, Duration.ZERO, MAX), settings.getDuration(socket, Duration.ZERO, MAX));
    }
  }

  /**
   * The line a user reads when the server did not answer in time, without the binding's name in front:
   * {@code no answer from 127.0.0.1:5598/ycsb within postgres.login.timeout=10s; is the server running and
   * reachable?}.
   *
   * @param server where the binding connected, e.g. {@code 127.0.0.1:5432/ycsb}; never a password
   * @param kind the timeout that ran out; {@link Kind#CONNECT} is named as the login timeout when no
   *     connect key is declared
   * @return the message
   */
  public String noAnswer(String server, Kind kind) {
    PropertySpec key = switch (kind) {
      case CONNECT -> keys.connect() != null ? keys.connect() : keys.login();
      case LOGIN -> keys.login();
      case SOCKET -> keys.socket();
    };
    Duration value = key == keys.connect() ? connect : key == keys.login() ? login : socket;
    return noAnswerWithin(server, key.key() + "=" + text(value));
  }

  /**
   * @param server where the binding connected; never a password
   * @param within the timeout that ran out as the user set it, e.g. {@code loginTimeout=2 in the URL}
   * @return e.g. {@code no answer from 127.0.0.1:5598/ycsb within loginTimeout=2 in the URL; is the server
   *     running and reachable?}
   */
  public static String noAnswerWithin(String server, String within) {
    return "no answer from " + server + " within " + within + "; is the server running and reachable?";
  }

  /** @return e.g. {@code 10s}, {@code 1500ms}, {@code 0 (none)} */
  static String text(Duration d) {
    long ms = d.toMillis();
    return ms == 0 ? "0 (none)" : ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
  }

  /**
   * @param d a timeout
   * @return whole seconds, rounded up so that a short timeout is never 0 (which would disable it)
   */
  public static int ceilSeconds(Duration d) {
    return (int) Math.min(Integer.MAX_VALUE, (d.toMillis() + 999) / 1000);
  }

  /**
   * @param d a timeout
   * @return milliseconds, capped at {@link Integer#MAX_VALUE}
   */
  public static int millis(Duration d) {
    return (int) Math.min(Integer.MAX_VALUE, d.toMillis());
  }
}
