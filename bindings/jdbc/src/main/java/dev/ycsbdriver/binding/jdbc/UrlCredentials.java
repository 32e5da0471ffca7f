package dev.ycsbdriver.binding.jdbc;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * A JDBC URL split from the credentials written into it as RFC 3986 user information
 * (a user name and its secret, joined by a colon, before an {@code @} ahead of the host; percent-encoded). The URL without them is what the
 * binding parses for host, port and database, shows in messages and hands to the JDBC driver; the user and the
 * password travel as connection properties. pgjdbc does not read user information at all (it takes
 * the user information and host together for a host name), and a host parsed from a URL that still holds them names the
 * user as the host.
 *
 * <p>Immutable and thread-safe.
 *
 * @param url the URL without user information, e.g. {@code jdbc:mysql://127.0.0.1:3306/ycsb}; the input unchanged
 *     when it holds none
 * @param user the user it named, decoded; null when it named none
 * @param password the password it named, decoded; null when it named none (an empty one stays empty)
 */
public record UrlCredentials(String url, String user, String password) {
  /**
   * @param url a JDBC URL, with or without user information before its host
   * @return it split; the user information is what lies between {@code ://} and the last {@code @} before the
   *     path, the parameters ({@code ?} or {@code ;}) or the fragment
   */
  public static UrlCredentials split(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0) {
      return new UrlCredentials(url, null, null);
    }
    int start = scheme + 3;
    int end = url.length();
    // ';' starts the parameters of some drivers' URLs (jdbc:sqlserver://h;key=value)
    for (char c : new char[] {'/', '?', '#', ';'}) {
      int i = url.indexOf(c, start);
      if (i >= 0 && i < end) {
        end = i;
      }
    }
    int at = url.lastIndexOf('@', end - 1);
    if (at < start) {
      return new UrlCredentials(url, null, null);
    }
    String userinfo = url.substring(start, at);
    int colon = userinfo.indexOf(':');
    String user = decode(colon < 0 ? userinfo : userinfo.substring(0, colon));
    String password = colon < 0 ? null : decode(userinfo.substring(colon + 1));
    return new UrlCredentials(url.substring(0, start) + url.substring(at + 1), user.isEmpty() ? null : user,
        password);
  }

  /**
   * Puts the user and the password into a JDBC driver's connection properties: those of the user information
   * first, else those of the binding's keys, unless the URL's parameters ({@code ?user=...&password=...}) name them.
   *
   * @param props the connection properties to fill
   * @param keyUser the user of the binding's keys, e.g. {@code mysql.user}; may be null or empty
   * @param keyPassword the password of the binding's keys; null or empty for none
   */
  public void putInto(Properties props, String keyUser, String keyPassword) {
    String u = user != null ? user : keyUser;
    if (u != null && !u.isEmpty()) {
      TimedConnections.putUnlessInUrl(props, url, "user", u);
    }
    String p = password != null ? password : keyPassword;
    if (p != null && !p.isEmpty()) {
      TimedConnections.putUnlessInUrl(props, url, "password", p);
    }
  }

  private static String decode(String text) {
    try {
      // a literal '+' is a plus in user information, not a blank as in a form
      return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text;
    }
  }

  @Override
  public String toString() {
    return "UrlCredentials[url=" + url + ", user=" + user + ", password=" + (password == null ? null : "****") + "]";
  }
}
