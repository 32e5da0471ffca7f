package dev.ycsbdriver.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets before anything is printed or saved: values of keys that name a password or
 * token, credentials in URLs ({@code mongodb://user:secret@host}) and {@code password=} parameters
 * inside connection strings.
 *
 * <p>Stateless and thread-safe.
 */
public final class Secrets {
  /** What a masked value is replaced with. */
  public static final String MASK = "****";

  /** Up to the last {@code @} before the path: a password may hold an {@code @} of its own. */
  private static final Pattern URL_USERINFO = Pattern.compile("(://[^/:@\\s]+:)([^/?#\\s]*)(@)");
  private static final Pattern URL_PASSWORD_PARAM =
      Pattern.compile("(?i)((?:password|passwd|pwd|token|secret)=)([^&;\\s]*)");

  private Secrets() {
  }

  /**
   * Whether the key's value is a secret as a whole.
   *
   * @param key a property name
   * @return true for keys ending in {@code password}, {@code passwd}, {@code secret} or {@code token}
   */
  public static boolean isSecretKey(String key) {
    String k = key.toLowerCase(Locale.ROOT);
    return k.endsWith("password") || k.endsWith("passwd") || k.endsWith("secret") || k.endsWith("token");
  }

  /**
   * The value of {@code key} as it may be shown: fully masked for secret keys, with URL credentials
   * masked otherwise.
   *
   * @param key a property name
   * @param value its value, may be null
   * @return the value safe to print; null stays null, an empty secret stays empty
   */
  public static String maskValue(String key, String value) {
    if (value == null) {
      return null;
    }
    if (isSecretKey(key)) {
      return value.isEmpty() ? "" : MASK;
    }
    return maskText(value);
  }

  /**
   * A command line as it may be shown: each {@code key=value} argument (the value of a {@code -p}) masked
   * by its key as {@link #maskValue} does, so a secret is hidden whole, spaces and all; other arguments as
   * {@link #maskText} does.
   *
   * @param args the arguments, e.g. {@code run postgres -p postgres.password=...}
   * @return them joined by spaces, safe to print
   */
  public static String maskArgs(java.util.List<String> args) {
    StringBuilder out = new StringBuilder();
    for (String arg : args) {
      if (out.length() > 0) {
        out.append(' ');
      }
      int eq = arg.indexOf('=');
      out.append(eq > 0 && !arg.startsWith("-") ? arg.substring(0, eq + 1) + maskValue(arg.substring(0, eq),
          arg.substring(eq + 1)) : maskText(arg));
    }
    return out.toString();
  }

  /**
   * Masks credentials inside free text such as a connection string or an error message.
   *
   * @param text any text, may be null
   * @return the text with URL passwords and {@code password=} parameters replaced by {@link #MASK}
   */
  public static String maskText(String text) {
    if (text == null) {
      return null;
    }
    Matcher userinfo = URL_USERINFO.matcher(text);
    String masked = userinfo.replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
    Matcher param = URL_PASSWORD_PARAM.matcher(masked);
    return param.replaceAll("$1" + Matcher.quoteReplacement(MASK));
  }
}
