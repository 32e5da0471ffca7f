package dev.ycsbdriver.binding.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.Settings;
import java.net.ConnectException;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UserTableTest {
  private final UserTable table = new UserTable("usertable", "field", 3);

  @Test
  void statementsUseUpstreamJdbcColumnNames() {
    assertThat(table.createSql("VARCHAR(255)", "TEXT")).isEqualTo(
        "CREATE TABLE usertable (YCSB_KEY VARCHAR(255) PRIMARY KEY, FIELD0 TEXT, FIELD1 TEXT, FIELD2 TEXT)");
    assertThat(table.insertSql()).isEqualTo(
        "INSERT INTO usertable (YCSB_KEY, FIELD0, FIELD1, FIELD2) VALUES (?, ?, ?, ?)");
    assertThat(table.readSql(table.allColumns())).isEqualTo(
        "SELECT FIELD0, FIELD1, FIELD2 FROM usertable WHERE YCSB_KEY = ?");
    assertThat(table.scanSql(table.columnsOf(Set.of("field2")))).isEqualTo(
        "SELECT YCSB_KEY, FIELD2 FROM usertable WHERE YCSB_KEY >= ? ORDER BY YCSB_KEY LIMIT ?");
    assertThat(table.updateSql(table.columnsOf(List.of("field2", "field0")))).isEqualTo(
        "UPDATE usertable SET FIELD0 = ?, FIELD2 = ? WHERE YCSB_KEY = ?");
    assertThat(table.deleteSql()).isEqualTo("DELETE FROM usertable WHERE YCSB_KEY = ?");
  }

  @Test
  void readsWithoutAnIndexNameTheStoresHintAndNothingElseChanges() {
    UserTable sqlite = table.readingWithoutIndex(UserTable.NoIndexHint.SQLITE);
    UserTable h2 = table.readingWithoutIndex(UserTable.NoIndexHint.H2);
    assertThat(sqlite.readSql(table.allColumns()))
        .isEqualTo("SELECT FIELD0, FIELD1, FIELD2 FROM usertable NOT INDEXED WHERE YCSB_KEY = ?");
    assertThat(h2.readSql(table.allColumns()))
        .isEqualTo("SELECT FIELD0, FIELD1, FIELD2 FROM usertable USE INDEX () WHERE YCSB_KEY = ?");
    assertThat(table.readsThroughKeyIndex()).isTrue();
    assertThat(sqlite.readsThroughKeyIndex()).isFalse();
    for (UserTable t : List.of(sqlite, h2)) {
      assertThat(t.updateSql(table.allColumns())).isEqualTo(table.updateSql(table.allColumns()));
      assertThat(t.scanSql(table.allColumns())).isEqualTo(table.scanSql(table.allColumns()));
      assertThat(t.deleteSql()).isEqualTo(table.deleteSql());
    }
  }

  @Test
  void noStatementIsBuiltFromATableNameThatIsNotAName() {
    for (String name : List.of("x(YCSB_KEY text primary key);drop table victim;--", "t3, victim", "a b",
        "\"quoted\"", "`t`", "t--", "1t", "", "s.t.u", "t\n", "a".repeat(64))) {
      assertThatThrownBy(() -> new UserTable(name, "field", 3)).as(name)
          .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("table: must be a name of ASCII");
    }
    Properties p = new Properties();
    p.setProperty("table", "t3, victim");
    assertThatThrownBy(() -> UserTable.of(Settings.of(p))).isInstanceOf(dev.ycsbdriver.config.ConfigException.class)
        .hasMessageContaining("got 't3, victim'");
  }

  @Test
  void schemaQualifiedAndLongestNamesAreAccepted() {
    assertThat(new UserTable("public.usertable", "field", 1).deleteSql())
        .isEqualTo("DELETE FROM public.usertable WHERE YCSB_KEY = ?");
    assertThat(new UserTable("_T" + "a".repeat(61), "f_", 2).name()).hasSize(63);
  }

  @Test
  void fieldNamesThatAreNotNamesAreRefused() {
    assertThatThrownBy(() -> new UserTable("usertable", "f)); drop table victim; --", 3))
        .hasMessageStartingWith("fieldnameprefix: must be a name");
    assertThatThrownBy(() -> new UserTable("usertable", "f".repeat(62), 11))
        .hasMessageStartingWith("fieldnameprefix: must be a name");
  }

  @Test
  void fieldsOutsideTheTableAreRejected() {
    assertThat(table.indexOf("field3")).isEqualTo(-1);
    assertThat(table.indexOf("field01")).isEqualTo(-1);
    assertThat(table.indexOf("other1")).isEqualTo(-1);
    assertThatThrownBy(() -> table.columnsOf(Set.of("field9")))
        .hasMessage("usertable: no field field9 (fieldcount 3)");
  }

  @Test
  void tableComesFromTheWorkloadsProperties() throws Exception {
    Properties p = new Properties();
    p.setProperty("table", "t1");
    p.setProperty("fieldcount", "2");
    p.setProperty("fieldnameprefix", "f");
    UserTable t = UserTable.of(Settings.of(p));
    assertThat(t.name()).isEqualTo("t1");
    assertThat(t.fields()).containsExactly("f0", "f1");
    assertThat(UserTable.of(Settings.of(new Properties())).fields()).hasSize(10).startsWith("field0");
  }

  @Test
  void startupFailuresAreOneLineWithoutSecrets() {
    SQLException refused = new SQLException("Connection to 127.0.0.1:1 refused", "08001", new ConnectException("refused"));
    assertThat(SqlFailures.connectFailure("postgres", "127.0.0.1:1/ycsb", refused, SqlErrors.STANDARD).getMessage())
        .isEqualTo("postgres: cannot connect to 127.0.0.1:1/ycsb (connection refused); is the server running?");

    SQLException auth = new SQLException("Access denied for user 'u'@'h' (using password: YES)", "28000");
    assertThat(SqlFailures.connectFailure("mysql", "h:3306/db", auth, SqlErrors.STANDARD).getMessage())
        .isEqualTo("mysql: authentication failed at h:3306/db: Access denied for user 'u'@'h' (using password: YES)");

    SQLException other = new SQLException("bad url jdbc:x://u:s3cret@h/db?password=s3cret\nsecond line", "XX000");
    assertThat(SqlFailures.connectFailure("jdbc", "h", other, SqlErrors.STANDARD).getMessage())
        .doesNotContain("s3cret").doesNotContain("\n").startsWith("jdbc: bad url");

    assertThat(SqlErrors.STANDARD.isUndefinedTable(new SQLException("x", "42S02"))).isTrue();
    assertThat(SqlErrors.STANDARD.isUndefinedTable(new SQLException("x", "42P01"))).as("PostgreSQL's code is its module's").isFalse();
    assertThat(SqlErrors.forUrl("jdbc:unknown://h/db")).isSameAs(SqlErrors.STANDARD);
  }

  @Test
  void tableWithTheKeyAndFieldColumnsOfAnyCountIsAYcsbTable() {
    UserTable table = new UserTable("usertable", "field", 10);
    assertThat(table.foreignColumns(List.of("ycsb_key", "field0", "field1", "field2"))).isNull();
    assertThat(table.foreignColumns(List.of("YCSB_KEY", "FIELD0", "FIELD1", "FIELD2", "FIELD3", "FIELD4", "FIELD5",
        "FIELD6", "FIELD7", "FIELD8", "FIELD9", "FIELD10"))).isNull();
    assertThat(new UserTable("usertable", "f", 2).foreignColumns(List.of("YCSB_KEY", "F0", "F1"))).isNull();
  }

  @Test
  void tableWithOtherColumnsIsForeignAndTheMessageSaysWhatDiffers() {
    UserTable table = new UserTable("canary", "field", 10);
    assertThat(table.foreignColumns(List.of("id", "secret")))
        .isEqualTo("no YCSB_KEY column; no FIELD<n> column; columns not of YCSB: id, secret");
    assertThat(table.foreignColumns(List.of("YCSB_KEY", "FIELD0", "OWNER")))
        .isEqualTo("columns not of YCSB: OWNER");
    assertThat(table.foreignColumns(List.of("YCSB_KEY", "FIELD", "FIELDX1")))
        .isEqualTo("no FIELD<n> column; columns not of YCSB: FIELD, FIELDX1");
    assertThat(table.foreignColumns(List.of("a", "b", "c", "d", "e", "f", "g", "YCSB_KEY", "FIELD0")))
        .isEqualTo("columns not of YCSB: a, b, c, d, e and 2 more");
  }
}
