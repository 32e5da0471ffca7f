package dev.ycsbdriver.binding.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoCredential;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.WriteConcern;
import org.junit.jupiter.api.Test;

class MongoFailuresTest {
  @Test
  void authenticationFailureIsOneLineWithoutThePassword() {
    MongoSecurityException e = new MongoSecurityException(
        MongoCredential.createCredential("ycsb", "admin", "s3cret".toCharArray()),
        "Exception authenticating MongoCredential{mechanism=SCRAM-SHA-256, userName='ycsb'}",
        new RuntimeException("Command failed with error 18 (AuthenticationFailed): 'Authentication failed.'"));
    String message = MongoFailures.startFailure("db1:27017", e).getMessage();
    assertThat(message).isEqualTo("mongodb: authentication failed at db1:27017: "
        + "Command failed with error 18 (AuthenticationFailed): 'Authentication failed.'");
    assertThat(message).doesNotContain("s3cret");
  }

  @Test
  void timeoutWithARefusedConnectionSaysSo() {
    MongoTimeoutException e = new MongoTimeoutException("Timed out while waiting for a server; "
        + "exception={com.mongodb.MongoSocketOpenException: Exception opening socket}, caused by "
        + "{java.net.ConnectException: Connection refused}");
    assertThat(MongoFailures.startFailure("127.0.0.1:1", e).getMessage())
        .isEqualTo("mongodb: cannot connect to 127.0.0.1:1 (connection refused); is the server running?");
  }

  @Test
  void unacknowledgedWriteConcernIsReadBackWithAWarning() {
    var facts = MongoBindingProvider.facts("8.0.4", WriteConcern.UNACKNOWLEDGED, "unsafe", "primary");
    assertThat(facts.settings()).containsEntry("w", "0");
    assertThat(facts.warnings()).singleElement().asString().contains("unacknowledged");
    var durable = MongoBindingProvider.facts("8.0.4", WriteConcern.W1.withJournal(true), "durable", "primary");
    assertThat(durable.settings()).containsEntry("w", "1").containsEntry("j", "true");
    assertThat(durable.warnings()).isEmpty();
  }
}
