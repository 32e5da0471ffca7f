package dev.ycsbdriver.spi.support;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * How a {@link RestoreJournal} file is named: after the server's identity ({@code <binding>-id-<hash>.json}), else
 * its resolved address ({@code <binding>-<address>-<port>.json}). Stateless.
 */
final class JournalNames {
  private JournalNames() {
  }

  /** As {@link RestoreJournal#canonicalAddress}. */
  static String canonicalAddress(String host) {
    try {
      InetAddress[] all = InetAddress.getAllByName(host);
      for (InetAddress a : all) {
        if (a.isLoopbackAddress() || a.isAnyLocalAddress()) {
          return "loopback";
        }
      }
      return all[0].getHostAddress();
    } catch (UnknownHostException | SecurityException e) {
      return host.toLowerCase(Locale.ROOT);
    }
  }

  /** @return {@code s} with every character but letters, digits, {@code .}, {@code _} and {@code -} as {@code _} */
  static String fileName(String s) {
    return s.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  /** @return the first 16 hex digits of the SHA-256 of {@code serverId} in UTF-8 */
  static String hash(String serverId) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(serverId.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
