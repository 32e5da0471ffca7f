package dev.ycsbdriver.result.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Objects;

/**
 * One warning of a run: its kind, which reports classify it by, and the line a reader sees. In the result file
 * it is {@code {"code": "saturated", "text": "the machine's CPU was saturated (197% of 200%) ..."}}; the text may
 * be reworded freely, the code is the contract.
 *
 * <p>Immutable and thread-safe.
 *
 * @param code its kind; never null
 * @param text one line; never null
 */
public record Warning(Code code, String text) {

  /** The kinds of warning. The JSON name of each is its {@link #id()}. */
  public enum Code {
    /** The machine's CPU was saturated while the driver shared it with the server. */
    SATURATED("saturated"),
    /** The driver used more CPU than the store's out-of-process server: the client may have set the pace. */
    CLIENT_BOUND("client-bound"),
    /** A setting the profile asked for is not in force: it does not exist, could not be set, or is overridden. */
    SETTING_NOT_APPLIED("setting-not-applied"),
    /** A setting the profile asked for does not exist on this server; its own equivalent was set instead. */
    EQUIVALENT_SETTING("equivalent-setting"),
    /**
     * A setting in force can lose acknowledged writes (e.g. {@code fsync} off, unacknowledged writes). What the
     * profile asks for when it promises no such guarantee; a report makes it a caveat in a profile named durable.
     */
    NOT_DURABLE("not-durable"),
    /** The measured stretch was too short for its figures to describe the store. */
    SHORT_RUN("short-run"),
    /** The run was still warming up: throughput climbed through it, or {@code warmup=auto} never found it steady. */
    STILL_WARMING("still-warming"),
    /** One of the run's self-checks failed: its figures contradict each other. */
    SELF_CHECK_FAILED("self-check-failed"),
    /** Any other warning. */
    OTHER("other");

    private final String id;

    Code(String id) {
      this.id = id;
    }

    /** @return its name in the result file, e.g. {@code setting-not-applied} */
    @JsonValue
    public String id() {
      return id;
    }

    /**
     * @param id a code's {@link #id()}
     * @return that code; {@link #OTHER} for an id this version does not know (a result written by a newer one)
     */
    @JsonCreator
    public static Code of(String id) {
      for (Code c : values()) {
        if (c.id.equals(id)) {
          return c;
        }
      }
      return OTHER;
    }
  }

  /**
   * @throws NullPointerException when either is null
   */
  @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
  public Warning {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(text, "text");
  }

  /**
   * @param text one line
   * @return a warning of {@link Code#OTHER}
   */
  public static Warning other(String text) {
    return new Warning(Code.OTHER, text);
  }

  /**
   * @param prefix put before the text, e.g. {@code client-2: }
   * @return this warning, its text prefixed, its code kept
   */
  public Warning prefixed(String prefix) {
    return new Warning(code, prefix + text);
  }

  /**
   * Reads a warning of a result written before warnings had codes, where each was a bare line; the published
   * reports' results are such. Its code is found from the phrases those versions wrote, which are fixed: a text
   * a newer version writes is never read this way.
   *
   * @param text the line
   * @return the warning, its code found from the text; {@link Code#OTHER} when no phrase matches
   */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static Warning ofLine(String text) {
    return new Warning(LegacyCodes.of(text), text);
  }

  /** The phrases of the warnings results carried before their codes, in the order they were told apart. */
  private static final class LegacyCodes {
    private LegacyCodes() {
    }

    static Code of(String warning) {
      String w = warning.toLowerCase(Locale.ROOT);
      if (warning.startsWith("the machine's CPU was saturated")) {
        return Code.SATURATED;
      }
      if (w.startsWith("the driver used more cpu than the server")) {
        return Code.CLIENT_BOUND;
      }
      if (w.startsWith("short run: ") || w.startsWith("the run measured only")) {
        return Code.SHORT_RUN;
      }
      if (w.startsWith("throughput climbed from") || w.startsWith("warmup=auto: not steady after")) {
        return Code.STILL_WARMING;
      }
      if (w.startsWith("self-check failed: ")) {
        return Code.SELF_CHECK_FAILED;
      }
      if (w.contains("does not exist on this server") && w.contains("equivalent") && w.contains("set instead")) {
        return Code.EQUIVALENT_SETTING;
      }
      if (w.contains("does not exist on this server") || w.contains("log_bin is off") || w.contains("could not set ")
          || w.contains("could not config") || w.contains("own values are in force") || w.contains("cannot change ")) {
        return Code.SETTING_NOT_APPLIED;
      }
      boolean durabilityNote = w.matches("^[a-z0-9_.-]+: .*") && (w.contains("crash") || w.contains("fsync")
          || w.contains("power loss") || w.contains("unacknowledged") || w.contains("profile durable but"));
      return durabilityNote ? Code.NOT_DURABLE : Code.OTHER;
    }
  }
}
