package dev.ycsbdriver.config;

import java.util.regex.Pattern;

/**
 * The one rule for names that reach a store's query language unquoted (a table, a field prefix): ASCII
 * letters, digits and {@code _}, starting with a letter or {@code _}, optionally qualified by a schema
 * ({@code schema.table}). Such a name means the same, unquoted, in PostgreSQL, MySQL/MariaDB, H2, SQLite and
 * a generic JDBC store, and no value that passes can end a statement, open a comment or add a clause: values
 * are never quoted into SQL, they are refused.
 *
 * <p>The longest part is that of the strictest store: PostgreSQL keeps 63 bytes of a name
 * ({@code NAMEDATALEN - 1}) and silently cuts the rest; MySQL keeps 64.
 *
 * <p>Stateless and thread-safe.
 */
public final class Identifier {
  /** The longest part of a name, in characters: PostgreSQL's 63-byte limit, the strictest of the stores. */
  public static final int MAX_LENGTH = 63;
  private static final Pattern PART = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private Identifier() {
  }

  /**
   * @param value the name as given
   * @param parts how many dot-separated parts the name may have: 1 for a plain name, 2 for {@code schema.name}
   * @param maxLength the longest part, in characters, at least 1
   * @return null when {@code value} is a valid name, else what a valid one is and what was given, for a message
   *     {@code <key>: <this>}, e.g. {@code must be a name of letters, digits and _ ..., got 'a;b'}
   */
  public static String problem(String value, int parts, int maxLength) {
    String[] split = value.split("\\.", -1);
    boolean ok = split.length <= parts;
    for (int i = 0; ok && i < split.length; i++) {
      ok = PART.matcher(split[i]).matches() && split[i].length() <= maxLength;
    }
    if (ok) {
      return null;
    }
    return "must be a name of ASCII letters, digits and _, starting with a letter or _, at most " + maxLength
        + " characters" + (parts > 1 ? " (or schema.name)" : "") + ", got '" + printable(value)
        + "'; names go into SQL unquoted, so nothing else is accepted";
  }

  /**
   * A name as an error message may show it.
   *
   * @param value a name from the user's input, not null
   * @return {@code value} with control characters shown as {@code \\uXXXX}, cut at 80 characters (then {@code ...})
   */
  public static String printable(String value) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < value.length() && sb.length() < 80; i++) {
      char c = value.charAt(i);
      sb.append(Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c));
    }
    return sb.length() < 80 ? sb.toString() : sb + "...";
  }
}
