package dev.ycsbdriver.testing;

import java.util.List;

/**
 * Values of {@code table} and {@code fieldnameprefix} that would be SQL if pasted into a statement, each with the
 * key that makes a phase build a statement from it; each would drop a table named {@code victim}.
 */
public final class TableNameInjections {
  /** Each a pair of {@code key=value} properties for {@code -p}. */
  public static final List<List<String>> ALL = List.of(
      List.of("table=x(YCSB_KEY text primary key);drop table victim;--", "createtable=true"),
      List.of("table=t3, victim", "droptable=true"),
      List.of("fieldnameprefix=f text);drop table victim;--", "createtable=true"));
  /** The one line each is refused with, as a regular expression. */
  public static final String REFUSAL = "ycsb: (table|fieldnameprefix): must be a name .*";

  private TableNameInjections() {
  }
}
