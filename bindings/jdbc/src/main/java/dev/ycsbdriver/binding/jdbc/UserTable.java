package dev.ycsbdriver.binding.jdbc;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.Identifier;
import dev.ycsbdriver.config.Settings;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.stream.IntStream;

/**
 * YCSB's table as SQL: a key column {@code YCSB_KEY} (the name upstream YCSB's JDBC binding uses, so
 * tables it created work here) and one text column per field, {@code FIELD0 .. FIELD<n-1>}, and the SQL
 * of every operation on it.
 *
 * <p>Field names come from CoreWorkload's {@code fieldnameprefix} (default {@code field}) and
 * {@code fieldcount} (default 10); field {@code field3} is column {@code FIELD3}.
 *
 * <p>The table name and the field prefix go into every statement unquoted, so both must be names by
 * {@link Identifier}'s rule (the key registry refuses other values before anything runs; this class refuses
 * them again, so no statement is ever built from one).
 *
 * <p>Immutable and thread-safe.
 */
public final class UserTable {
  /** The key column. */
  public static final String KEY_COLUMN = "YCSB_KEY";

  private final String name;
  private final String fieldPrefix;
  private final List<String> fields;
  /** How reads name the table: empty, or a store's hint that no index be used ({@link #readingWithoutIndex}). */
  private final String readHint;

  /**
   * @param name the table name, e.g. {@code usertable}
   * @param fieldPrefix the prefix of field names, e.g. {@code field}
   * @param fieldCount number of fields, at least 1
   * @throws IllegalArgumentException when the name (or {@code schema.name}) or a field name is not a name by
   *     {@link Identifier}'s rule
   */
  public UserTable(String name, String fieldPrefix, int fieldCount) {
    String tableProblem = Identifier.problem(name, 2, Identifier.MAX_LENGTH);
    if (tableProblem != null) {
      throw new IllegalArgumentException("table: " + tableProblem);
    }
    String fieldProblem = Identifier.problem(fieldPrefix + Math.max(0, fieldCount - 1), 1, Identifier.MAX_LENGTH);
    if (fieldProblem != null) {
      throw new IllegalArgumentException("fieldnameprefix: " + fieldProblem);
    }
    this.name = name;
    this.fieldPrefix = fieldPrefix;
    this.fields = IntStream.range(0, fieldCount).mapToObj(i -> fieldPrefix + i).toList();
    this.readHint = "";
  }

  private UserTable(UserTable t, NoIndexHint hint) {
    this.name = t.name;
    this.fieldPrefix = t.fieldPrefix;
    this.fields = t.fields;
    this.readHint = hint.sql;
  }

  /** A store's own clause, after the table's name, that makes a query use no index on it. */
  public enum NoIndexHint {
    /** SQLite's {@code NOT INDEXED} (sqlite.org/lang_indexedby.html): no index, the primary key's included. */
    SQLITE(" NOT INDEXED"),
    /** H2's {@code USE INDEX ()} (h2database.com, grammar "Table Expression"): an empty list, a table scan. */
    H2(" USE INDEX ()");

    private final String sql;

    NoIndexHint(String sql) {
      this.sql = sql;
    }

    /** @return the clause as it follows the table's name, with its leading space */
    public String sql() {
      return sql;
    }
  }

  /**
   * This table, its reads made to find their record without any index: the store reads every row for each read
   * and returns the one it looks for. Seed 003's "slow" query, a lookup by a column without an index, has that
   * shape.
   *
   * @param hint the store's clause for it
   * @return the table reading without an index
   */
  public UserTable readingWithoutIndex(NoIndexHint hint) {
    return new UserTable(this, hint);
  }

  /** @return whether reads may use the key's index (the default) */
  public boolean readsThroughKeyIndex() {
    return readHint.isEmpty();
  }

  /**
   * @return the table of the workload's {@code table}, {@code fieldnameprefix} and {@code fieldcount}
   * @throws ConfigException when the table name or a field name is not a name by {@link Identifier}'s rule, or
   *     {@code fieldcount} is not an integer of at least 1
   */
  public static UserTable of(Settings workload) throws ConfigException {
    try {
      return new UserTable(workload.getTrimmed(CoreWorkloadKeys.TABLE),
          workload.getTrimmed(CoreWorkloadKeys.FIELD_NAME_PREFIX), workload.getInt(CoreWorkloadKeys.FIELD_COUNT));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage(), e);
    }
  }

  /** @return the table name */
  public String name() {
    return name;
  }

  /** @return the field names in column order */
  public List<String> fields() {
    return fields;
  }

  /** @return the field's column index (0-based), or -1 when the name is not a field of this table */
  public int indexOf(String field) {
    if (!field.startsWith(fieldPrefix)) {
      return -1;
    }
    try {
      int i = Integer.parseInt(field.substring(fieldPrefix.length()));
      return i >= 0 && i < fields.size() && fields.get(i).equals(field) ? i : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * @return the columns of these fields
   * @throws IllegalArgumentException naming a field that is not in the table
   */
  public BitSet columnsOf(Collection<String> names) {
    BitSet columns = new BitSet(fields.size());
    for (String f : names) {
      int i = indexOf(f);
      if (i < 0) {
        throw new IllegalArgumentException(name + ": no field " + f + " (fieldcount " + fields.size() + ")");
      }
      columns.set(i);
    }
    return columns;
  }

  private static String column(String field) {
    return field.toUpperCase(java.util.Locale.ROOT);
  }

  private String columnList(BitSet columns) {
    StringBuilder sb = new StringBuilder();
    columns.stream().forEach(i -> sb.append(sb.length() == 0 ? "" : ", ").append(column(fields.get(i))));
    return sb.toString();
  }

  /** @return every column's bit set */
  public BitSet allColumns() {
    BitSet all = new BitSet(fields.size());
    all.set(0, fields.size());
    return all;
  }

  /**
   * @param keyType SQL type of the key column, e.g. {@code VARCHAR(255)}
   * @param fieldType SQL type of the field columns, e.g. {@code TEXT}
   * @return {@code CREATE TABLE name (YCSB_KEY keyType PRIMARY KEY, FIELD0 fieldType, ...)}
   */
  public String createSql(String keyType, String fieldType) {
    StringBuilder sb = new StringBuilder("CREATE TABLE ").append(name).append(" (").append(KEY_COLUMN).append(' ')
        .append(keyType).append(" PRIMARY KEY");
    fields.forEach(f -> sb.append(", ").append(column(f)).append(' ').append(fieldType));
    return sb.append(')').toString();
  }

  /**
   * Whether a table with these columns is a YCSB table: a {@code YCSB_KEY} column and at least one field column,
   * every other column a field column ({@code <prefix><n>} of this table's field prefix, or upstream YCSB's
   * {@code FIELD<n>}), any number of them, since a table loaded with another {@code fieldcount} is still one.
   * Names are compared in upper case, as stores fold unquoted names either way.
   *
   * @param columns the table's column names as the store reports them
   * @return null for a YCSB table, else what differs, for a message, e.g.
   *     {@code no YCSB_KEY column; columns not of YCSB: ID, NAME}
   */
  public String foreignColumns(List<String> columns) {
    String prefix = column(fieldPrefix);
    boolean key = false;
    int fieldColumns = 0;
    List<String> foreign = new java.util.ArrayList<>();
    for (String c : columns) {
      String upper = c.toUpperCase(java.util.Locale.ROOT);
      if (upper.equals(KEY_COLUMN)) {
        key = true;
      } else if (isField(upper, prefix) || isField(upper, "FIELD")) {
        fieldColumns++;
      } else {
        foreign.add(c);
      }
    }
    List<String> differs = new java.util.ArrayList<>();
    if (!key) {
      differs.add("no " + KEY_COLUMN + " column");
    }
    if (fieldColumns == 0) {
      differs.add("no " + prefix + "<n> column");
    }
    if (!foreign.isEmpty()) {
      differs.add("columns not of YCSB: " + String.join(", ", foreign.subList(0, Math.min(5, foreign.size())))
          + (foreign.size() > 5 ? " and " + (foreign.size() - 5) + " more" : ""));
    }
    return differs.isEmpty() ? null : String.join("; ", differs);
  }

  private static boolean isField(String column, String prefix) {
    return column.length() > prefix.length() && column.startsWith(prefix)
        && column.substring(prefix.length()).chars().allMatch(ch -> ch >= '0' && ch <= '9');
  }

  /** @return {@code DROP TABLE IF EXISTS name} */
  public String dropSql() {
    return "DROP TABLE IF EXISTS " + name;
  }

  /**
   * @return {@code SELECT <columns> FROM name WHERE YCSB_KEY = ?}, or with {@link #readingWithoutIndex}
   *     {@code ... FROM name <hint> WHERE ...}
   */
  public String readSql(BitSet columns) {
    return "SELECT " + columnList(columns) + " FROM " + name + readHint + " WHERE " + KEY_COLUMN + " = ?";
  }

  /** @return {@code SELECT YCSB_KEY, <columns> FROM name WHERE YCSB_KEY >= ? ORDER BY YCSB_KEY LIMIT ?} */
  public String scanSql(BitSet columns) {
    return "SELECT " + KEY_COLUMN + ", " + columnList(columns) + " FROM " + name + " WHERE " + KEY_COLUMN
        + " >= ? ORDER BY " + KEY_COLUMN + " LIMIT ?";
  }

  /** @return {@code UPDATE name SET <column> = ?, ... WHERE YCSB_KEY = ?} */
  public String updateSql(BitSet columns) {
    StringBuilder sb = new StringBuilder("UPDATE ").append(name).append(" SET ");
    columns.stream().forEach(i -> sb.append(sb.charAt(sb.length() - 1) == ' ' ? "" : ", ")
        .append(column(fields.get(i))).append(" = ?"));
    return sb.append(" WHERE ").append(KEY_COLUMN).append(" = ?").toString();
  }

  /** @return {@code INSERT INTO name (YCSB_KEY, FIELD0, ...) VALUES (?, ?, ...)} with every field */
  public String insertSql() {
    StringBuilder sb = new StringBuilder("INSERT INTO ").append(name).append(" (").append(KEY_COLUMN);
    fields.forEach(f -> sb.append(", ").append(column(f)));
    sb.append(") VALUES (?");
    fields.forEach(f -> sb.append(", ?"));
    return sb.append(')').toString();
  }

  /** @return {@code DELETE FROM name WHERE YCSB_KEY = ?} */
  public String deleteSql() {
    return "DELETE FROM " + name + " WHERE " + KEY_COLUMN + " = ?";
  }
}
