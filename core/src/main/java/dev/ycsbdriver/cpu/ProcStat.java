package dev.ycsbdriver.cpu;

/**
 * Reads Linux {@code /proc/<pid>/stat} and {@code /proc/<pid>/task/<tid>/stat} lines (proc(5)):
 * {@code <pid> (<comm>) <state> <ppid> ... <utime> <stime> ... <starttime> ...}.
 *
 * <p>Stateless and thread-safe.
 */
public final class ProcStat {
  private ProcStat() {
  }

  /**
   * @param stat one {@code stat} line
   * @return its fields from field 3 ({@code state}) on, so that field n of proc(5) is at index n - 3; the
   *     command name, which may hold spaces and parentheses, is skipped by looking after the last {@code ')'}
   * @throws IllegalArgumentException when the line has no command name
   */
  public static String[] fieldsAfterCommand(String stat) {
    int close = stat.lastIndexOf(')');
    if (close < 0 || close + 2 > stat.length()) {
      throw new IllegalArgumentException("not a /proc stat line: " + stat);
    }
    return stat.substring(close + 2).trim().split(" ");
  }
}
