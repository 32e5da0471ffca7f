package dev.ycsbdriver.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a report tells a durable profile from a fast one: by name, the one place it does. {@code durable} and
 * {@code <prefix>-durable} are durable, {@code fast} and {@code <prefix>-fast} fast, and the two of one prefix are
 * a pair ({@code seed004-durable} with {@code seed004-fast}); any other name has neither role. The published
 * results' profiles follow this convention; their {@code durability.claim} speaks of a crash of the store's
 * process only, which a fast profile of an embedded store (its writes in the OS page cache) also survives.
 *
 * <p>Stateless and thread-safe.
 */
final class DurabilityRoles {
  static final String DURABLE = "durable";
  static final String FAST = "fast";

  private DurabilityRoles() {
  }

  /** @return whether {@code profile} is named durable: {@code durable} or {@code <prefix>-durable}; false for null */
  static boolean durable(String profile) {
    return prefix(profile, DURABLE) != null;
  }

  /** @return whether {@code profile} is named fast: {@code fast} or {@code <prefix>-fast}; false for null */
  static boolean fast(String profile) {
    return prefix(profile, FAST) != null;
  }

  /**
   * @param profile a profile, or null
   * @param role {@link #DURABLE} or {@link #FAST}
   * @return {@code seed004-} for {@code seed004-durable} and role {@code durable}, "" for the role itself, else null
   */
  static String prefix(String profile, String role) {
    if (profile == null) {
      return null;
    }
    if (profile.equals(role)) {
      return "";
    }
    return profile.endsWith("-" + role) ? profile.substring(0, profile.length() - role.length()) : null;
  }

  /**
   * @param profile a profile, or null
   * @return the durable profile a fast one pairs with ({@code durable} for {@code fast}, {@code seed004-durable} for
   *     {@code seed004-fast}), or null for any other profile
   */
  static String durablePartner(String profile) {
    String prefix = prefix(profile, FAST);
    return prefix == null ? null : prefix + DURABLE;
  }

  /** @return pairs {@code [durable, fast]} of the store's profiles */
  static List<String[]> pairs(ReportModel model, String store) {
    List<String> own = model.profiles().stream().filter(Objects::nonNull)
        .filter(p -> model.cells().stream().anyMatch(c -> c.store().equals(store) && p.equals(c.profile()))).toList();
    List<String[]> out = new ArrayList<>();
    for (String durable : own) {
      String prefix = prefix(durable, DURABLE);
      if (prefix == null) {
        continue;
      }
      for (String fast : own) {
        if (prefix.equals(prefix(fast, FAST))) {
          out.add(new String[] {durable, fast});
        }
      }
    }
    return out;
  }
}
