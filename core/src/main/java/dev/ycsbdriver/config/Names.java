package dev.ycsbdriver.config;

import java.util.Collection;
import java.util.Locale;

/**
 * "Did you mean" hints: the nearest known name by edit distance.
 *
 * <p>Stateless and thread-safe.
 */
public final class Names {
  private Names() {
  }

  /**
   * @param name what the user typed
   * @param known the valid names
   * @return the known name closest to {@code name} (Levenshtein distance, case-insensitive) when it is
   *     close enough to be a likely typo (distance at most a third of its length, at least 1), else null
   */
  public static String nearest(String name, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String typed = name.toLowerCase(Locale.ROOT);
    for (String candidate : known) {
      int d = distance(typed, candidate.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    int limit = Math.max(1, Math.max(name.length(), best == null ? 0 : best.length()) / 3);
    return best != null && bestDistance <= limit ? best : null;
  }

  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] t = previous;
      previous = current;
      current = t;
    }
    return previous[b.length()];
  }
}
