package dev.ycsbdriver.spi;

import dev.ycsbdriver.config.Secrets;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where bindings report failed operations and lost connections during a run: the first error of each
 * kind is printed once on stderr with its cause (secrets masked), every error is counted, and the
 * connection events of all client threads are joined into outages. The result holds both
 * ({@link #kinds()}, {@link #outages()}). Server-wide settings that a binding's open restored from a journal
 * are said here too, at once ({@link #restored}).
 *
 * <p>A binding gets the run's log from {@link BindingContext#errors()} and hands it to its {@code DB}
 * instances. Usage, in a {@code DB} whose statement failed:
 * <pre>{@code
 * catch (SQLException e) {
 *   errors.error("postgres", "READ", "SQLState " + e.getSQLState(), e.getMessage());
 *   if (broken(e)) { connection.lost(e.getMessage()); ... }   // connection = errors.connection("postgres")
 *   return Status.ERROR;
 * }
 * }</pre>
 *
 * <p>Thread-safe. {@link #error} costs one {@link ConcurrentHashMap#get} and one {@link LongAdder}
 * increment after the first occurrence of a kind, and prints only on the first; it is meant for the error
 * path, never for operations that succeed. Connection events are rare and synchronised.
 *
 * <p>Lifecycle: one log per phase, made by the runner before the binding opens; {@link #finish} when the
 * operations have ended closes an outage still open.
 */
public final class ErrorLog {
  /** At most this many kinds are kept; later new kinds are counted under one overflow kind. */
  static final int MAX_KINDS = 200;

  private final PrintStream err;
  /** Where {@link #restored} prints: {@code err}, or stderr for a log otherwise silent. */
  private final PrintStream restoredOut;
  private final Clock clock;
  private final ConcurrentHashMap<String, Counter> kinds = new ConcurrentHashMap<>();
  private final java.util.concurrent.atomic.AtomicLong sequence = new java.util.concurrent.atomic.AtomicLong();
  private final List<Outage> outages = new ArrayList<>();
  /** Threads whose connection is down now; guarded by {@code this}. */
  private int down;
  private int affected;
  private Instant lostAt;
  private String lostCause;

  /**
   * @param err where first occurrences and connection events are printed, one line each
   * @param clock the wall clock for timestamps
   */
  public ErrorLog(PrintStream err, Clock clock) {
    this(err, err, clock);
  }

  private ErrorLog(PrintStream err, PrintStream restoredOut, Clock clock) {
    this.err = Objects.requireNonNull(err, "err");
    this.restoredOut = Objects.requireNonNull(restoredOut, "restoredOut");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** @return a log that prints nothing (for tools and tests that open a binding outside a run) */
  public static ErrorLog silent() {
    return new ErrorLog(new PrintStream(java.io.OutputStream.nullOutputStream()), Clock.systemUTC());
  }

  /**
   * A log that counts errors without printing them but still says the settings an open restored from a journal:
   * for a command's probe of the store (the crash test's check) that must not print the probe's own errors, while
   * a restore of what a killed driver left is always said.
   *
   * @param restoredOut where the {@link #restored} line goes, e.g. the command's stderr
   * @return the log
   */
  public static ErrorLog silentButRestores(PrintStream restoredOut) {
    return new ErrorLog(new PrintStream(java.io.OutputStream.nullOutputStream()), restoredOut, Clock.systemUTC());
  }

  /**
   * Prints the one line that names the server-wide settings a binding's open put back from a journal a killed
   * driver left ({@link RestoredSetting#line}), when they are back: the command may still fail afterwards (a
   * missing table, a refused profile), and the journal is gone by then.
   *
   * @param binding the binding's name, e.g. {@code postgres}
   * @param restored the settings restored; nothing is printed when empty
   */
  public void restored(String binding, List<RestoredSetting> restored) {
    if (!restored.isEmpty()) {
      restoredOut.println(RestoredSetting.line(binding, restored));
    }
  }

  /**
   * Counts one failed operation; the first of its kind is printed as
   * {@code <binding>: <operation> failed (<cause>): <message>; further errors of this kind are counted}.
   *
   * @param binding the binding's name, e.g. {@code postgres}
   * @param operation what failed, e.g. {@code READ}, {@code CONNECT}
   * @param cause the kind within the operation, e.g. {@code SQLState 08006} or an exception's simple class
   *     name; a kind is binding + operation + cause
   * @param message the failure's text, first line used, masked before it is printed or kept; may be null
   */
  public void error(String binding, String operation, String cause, String message) {
    String key = binding + '\u0000' + operation + '\u0000' + cause;
    Counter c = kinds.get(key);
    if (c == null) {
      c = firstOf(key, binding, operation, cause, message);
    }
    c.count.increment();
  }

  private Counter firstOf(String key, String binding, String operation, String cause, String message) {
    String text = Secrets.maskText(firstLine(message));
    if (kinds.size() >= MAX_KINDS) {
      // a binding that puts free text into the kind must not grow the map without bound
      Counter other = new Counter(binding, "other", "other", "more than " + MAX_KINDS
          + " kinds of error; the rest are counted here", clock.instant(), sequence.incrementAndGet());
      Counter known = kinds.putIfAbsent(binding + "\u0000other", other);
      return known == null ? other : known;
    }
    Counter fresh = new Counter(binding, operation, cause, text, clock.instant(), sequence.incrementAndGet());
    Counter known = kinds.putIfAbsent(key, fresh);
    if (known != null) {
      return known;
    }
    err.println(binding + ": " + operation + " failed (" + cause + "): " + text
        + "; further errors of this kind are counted, not printed");
    return fresh;
  }

  /**
   * @param binding the binding's name
   * @return one client thread's view of its connection; call from that thread
   */
  public Connection connection(String binding) {
    return new Connection(binding);
  }

  /**
   * Ends the log: a connection still down is an outage without an end.
   */
  public synchronized void finish() {
    if (down > 0) {
      outages.add(new Outage(lostAt, null, null, affected, lostCause));
      down = 0;
    }
  }

  /** @return every kind of error seen, in first-occurrence order; a new list each call */
  public List<Kind> kinds() {
    List<Counter> counters = new ArrayList<>(kinds.values());
    counters.sort(java.util.Comparator.comparingLong(c -> c.order));
    List<Kind> out = new ArrayList<>();
    for (Counter c : counters) {
      out.add(new Kind(c.binding, c.operation, c.cause, c.firstMessage, c.first, c.count.sum()));
    }
    return out;
  }

  /** @return the errors counted, every kind */
  public long errorCount() {
    long n = 0;
    for (Counter c : kinds.values()) {
      n += c.count.sum();
    }
    return n;
  }

  /** @return the outages so far, in time order; a new list each call */
  public synchronized List<Outage> outages() {
    return List.copyOf(outages);
  }

  private synchronized void lost(String binding, String cause) {
    if (down++ == 0) {
      lostAt = clock.instant();
      lostCause = Secrets.maskText(firstLine(cause));
      affected = 0;
      err.println(binding + ": connection lost at " + lostAt + " (" + lostCause + "); reconnecting with backoff");
    }
    affected++;
  }

  private synchronized void restored(String binding) {
    if (down == 0) {
      return;
    }
    if (--down == 0) {
      Instant at = clock.instant();
      long millis = Duration.between(lostAt, at).toMillis();
      outages.add(new Outage(lostAt, at, millis, affected, lostCause));
      err.println(binding + ": connection restored at " + at + " after " + millis + " ms (" + affected
          + (affected == 1 ? " client thread had" : " client threads had") + " lost it)");
    }
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "no message";
    }
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }

  private static final class Counter {
    final String binding;
    final String operation;
    final String cause;
    final String firstMessage;
    final Instant first;
    final long order;
    final LongAdder count = new LongAdder();

    Counter(String binding, String operation, String cause, String firstMessage, Instant first, long order) {
      this.order = order;
      this.binding = binding;
      this.operation = operation;
      this.cause = cause;
      this.firstMessage = firstMessage;
      this.first = first;
    }
  }

  /**
   * One client thread's connection state. {@link #lost} while it is already lost, or {@link #restored}
   * while it is up, does nothing, so a thread may report every failed attempt.
   *
   * <p>Not thread-safe: used by the one client thread that owns the connection.
   */
  public final class Connection {
    private final String binding;
    private boolean up = true;

    private Connection(String binding) {
      this.binding = binding;
    }

    /** @param cause why the connection is considered broken; masked before it is printed */
    public void lost(String cause) {
      if (up) {
        up = false;
        ErrorLog.this.lost(binding, cause);
      }
    }

    /** The thread has a working connection again. */
    public void restored() {
      if (!up) {
        up = true;
        ErrorLog.this.restored(binding);
      }
    }

    /** @return whether the connection is up, as last reported */
    public boolean up() {
      return up;
    }
  }

  /**
   * One kind of error and how often it happened.
   *
   * @param binding the binding's name
   * @param operation what failed, e.g. {@code READ}
   * @param cause the kind within the operation, e.g. {@code SQLState 08006}
   * @param firstMessage the first occurrence's message, first line, masked
   * @param firstAt when it first happened
   * @param count how many times, at least 1
   */
  public record Kind(String binding, String operation, String cause, String firstMessage, Instant firstAt,
                     long count) {
  }

  /**
   * A time when at least one client thread had lost its connection: from the first thread losing it
   * to the last one getting it back.
   *
   * @param lostAt when the first thread lost its connection
   * @param restoredAt when the last of them reconnected, or null when the run ended first
   * @param durationMillis {@code restoredAt - lostAt} in milliseconds, or null when not restored
   * @param threads client threads that lost their connection during the outage, at least 1
   * @param cause the first thread's reason, masked
   */
  public record Outage(Instant lostAt, Instant restoredAt, Long durationMillis, int threads, String cause) {
  }
}
