package dev.ycsbdriver.binding.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoCredential;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.WriteConcern;
import dev.ycsbdriver.result.model.Warning;
import dev.ycsbdriver.spi.support.NetworkTimeouts;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MongoFailuresTest {
  private static final String NO_ANSWER = new NetworkTimeouts(MongoBindingProvider.TIMEOUTS,
      Duration.ofSeconds(10), Duration.ofMillis(2500), Duration.ofSeconds(60))
      .noAnswer("127.0.0.1:5598", NetworkTimeouts.Kind.LOGIN);

  @Test
  void timeoutWithoutAnswerNamesTheLoginTimeoutKey() {
    MongoTimeoutException e = new MongoTimeoutException("Timed out while waiting for a server; "
        + "exception={com.mongodb.MongoSocketReadTimeoutException: Timeout while receiving message}");
    assertThat(MongoFailures.startFailure("127.0.0.1:5598", e, NO_ANSWER).getMessage())
        .isEqualTo("mongodb: no answer from 127.0.0.1:5598 within mongodb.login.timeout=2500ms; "
            + "is the server running and reachable?");
  }

  @Test
  void authenticationFailureIsOneLineWithoutThePassword() {
    MongoSecurityException e = new MongoSecurityException(
        MongoCredential.createCredential("ycsb", "admin", "s3cret".toCharArray()),
        "Exception authenticating MongoCredential{mechanism=SCRAM-SHA-256, userName='ycsb'}",
        new RuntimeException("Command failed with error 18 (AuthenticationFailed): 'Authentication failed.'"));
    String message = MongoFailures.startFailure("db1:27017", e, NO_ANSWER).getMessage();
    assertThat(message).isEqualTo("mongodb: authentication failed at db1:27017: "
        + "Command failed with error 18 (AuthenticationFailed): 'Authentication failed.'");
    assertThat(message).doesNotContain("s3cret");
  }

  @Test
  void timeoutWithARefusedConnectionSaysSo() {
    MongoTimeoutException e = new MongoTimeoutException("Timed out while waiting for a server; "
        + "exception={com.mongodb.MongoSocketOpenException: Exception opening socket}, caused by "
        + "{java.net.ConnectException: Connection refused}");
    assertThat(MongoFailures.startFailure("127.0.0.1:1", e, NO_ANSWER).getMessage())
        .isEqualTo("mongodb: cannot connect to 127.0.0.1:1 (connection refused); is the server running?");
  }

  @Test
  void unacknowledgedWriteConcernIsReadBackWithAWarning() {
    var facts = MongoBindingProvider.facts("8.0.4", WriteConcern.UNACKNOWLEDGED, "unsafe", "primary");
    assertThat(facts.settings()).containsEntry("w", "0");
    assertThat(facts.warnings()).singleElement().satisfies(w -> {
      assertThat(w.code()).isEqualTo(Warning.Code.NOT_DURABLE);
      assertThat(w.text()).contains("unacknowledged");
    });
    var durable = MongoBindingProvider.facts("8.0.4", WriteConcern.W1.withJournal(true), "durable", "primary");
    assertThat(durable.settings()).containsEntry("w", "1").containsEntry("j", "true");
    assertThat(durable.warnings()).isEmpty();
  }
}
