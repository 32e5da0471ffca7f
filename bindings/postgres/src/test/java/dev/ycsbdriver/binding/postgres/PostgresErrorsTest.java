package dev.ycsbdriver.binding.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ycsbdriver.binding.jdbc.SqlErrors;
import dev.ycsbdriver.binding.jdbc.SqlFailures;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** PostgreSQL's own codes live in this module, and the generic jdbc binding finds them by URL. */
class PostgresErrorsTest {
  private final SqlErrors errors = PostgresErrors.INSTANCE;

  @Test
  void postgresCodesAndTheSeverityPrefix() {
    SQLException auth = new SQLException("FATAL: password authentication failed for user \"u\"", "28P01");
    assertThat(SqlFailures.connectFailure("postgres", "h:5432/db", auth, errors).getMessage())
        .isEqualTo("postgres: authentication failed at h:5432/db: password authentication failed for user \"u\"");
    assertThat(errors.isUndefinedTable(new SQLException("x", "42P01"))).isTrue();
    assertThat(errors.isUndefinedTable(new SQLException("x", "42501"))).isFalse();
    assertThat(errors.isConnectionLoss(new SQLException("terminating connection due to administrator command", "57P01")))
        .isTrue();
    assertThat(errors.isConnectionLoss(new SQLException("x", "08006"))).isTrue();
    assertThat(errors.isConnectionLoss(new SQLException("x", "23505"))).isFalse();
  }

  @Test
  void theGenericBindingFindsThemByUrl() {
    assertThat(SqlErrors.forUrl("jdbc:postgresql://127.0.0.1:5432/ycsb")).isInstanceOf(PostgresErrors.class);
    assertThat(SqlErrors.forUrl("jdbc:mysql://127.0.0.1/ycsb")).isSameAs(SqlErrors.STANDARD);
  }
}
