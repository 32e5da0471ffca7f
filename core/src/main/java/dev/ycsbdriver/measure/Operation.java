package dev.ycsbdriver.measure;

/**
 * The operations a YCSB run measures, with the names YCSB prints ({@code [READ-MODIFY-WRITE]}).
 * Enum, so the hot path indexes arrays instead of looking up names.
 */
public enum Operation {
  READ("READ"),
  UPDATE("UPDATE"),
  INSERT("INSERT"),
  SCAN("SCAN"),
  DELETE("DELETE"),
  /** Read then update of the same record, timed together by {@code CoreWorkload}. */
  READ_MODIFY_WRITE("READ-MODIFY-WRITE"),
  /** Data-integrity check of a read ({@code dataintegrity=true}), timed by {@code CoreWorkload}. */
  VERIFY("VERIFY"),
  /** One {@code DB.cleanup()} per client thread. */
  CLEANUP("CLEANUP"),
  /**
   * An operation's wait for a connection of the binding's pool or its shared connection, before the store served
   * it; left out of the operation's own service time.
   */
  CONNECTION_WAIT("CONNECTION-WAIT");

  private static final Operation[] VALUES = values();

  private final String ycsbName;

  Operation(String ycsbName) {
    this.ycsbName = ycsbName;
  }

  /** @return the name as YCSB prints it, e.g. {@code READ-MODIFY-WRITE} */
  public String ycsbName() {
    return ycsbName;
  }

  /**
   * @param name a YCSB measurement name
   * @return the operation with that YCSB name, or null for any other name
   */
  public static Operation fromYcsbName(String name) {
    for (Operation op : VALUES) {
      if (op.ycsbName.equals(name)) {
        return op;
      }
    }
    return null;
  }
}
