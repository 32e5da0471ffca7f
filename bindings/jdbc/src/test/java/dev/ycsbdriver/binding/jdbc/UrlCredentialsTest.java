package dev.ycsbdriver.binding.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class UrlCredentialsTest {
  @Test
  void userInformationIsTakenOutSoTheHostFollowsIt() {
    UrlCredentials c = UrlCredentials.split("jdbc:mysql://ycsb_pw:PASS@127.0.0.1:3399/ycsb?useSSL=false");
    assertThat(c.url()).isEqualTo("jdbc:mysql://127.0.0.1:3399/ycsb?useSSL=false");
    assertThat(c.user()).isEqualTo("ycsb_pw");
    assertThat(c.password()).isEqualTo("PASS");
    assertThat(c.toString()).doesNotContain("PASS");
  }

  @Test
  void aPasswordWithAnAtSignAndPercentEncodingIsDecoded() {
    UrlCredentials c = UrlCredentials.split("jdbc:postgresql://u%40x:p@ss%2Fw+rd@db.example:5432/ycsb");
    assertThat(c.url()).isEqualTo("jdbc:postgresql://db.example:5432/ycsb");
    assertThat(c.user()).isEqualTo("u@x");
    assertThat(c.password()).isEqualTo("p@ss/w+rd");
  }

  @Test
  void aUrlWithoutUserInformationIsUnchanged() {
    UrlCredentials c = UrlCredentials.split("jdbc:postgresql://127.0.0.1:5432/ycsb?user=a&password=b@c");
    assertThat(c.url()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/ycsb?user=a&password=b@c");
    assertThat(c.user()).isNull();
    assertThat(c.password()).isNull();
  }

  @Test
  void anAtSignInSemicolonParametersIsNoUserInformation() {
    UrlCredentials c = UrlCredentials.split("jdbc:sqlserver://127.0.0.1:1433;user=sa;password=p@ss");
    assertThat(c.url()).isEqualTo("jdbc:sqlserver://127.0.0.1:1433;user=sa;password=p@ss");
    assertThat(c.user()).isNull();
  }

  @Test
  void userInformationWinsOverTheKeysAndUrlParametersWinOverBoth() {
    Properties fromUserInfo = new Properties();
    UrlCredentials.split("jdbc:mysql://alice:s3@h/db").putInto(fromUserInfo, "root", "rootpw");
    assertThat(fromUserInfo).containsEntry("user", "alice").containsEntry("password", "s3");

    Properties fromParameters = new Properties();
    UrlCredentials.split("jdbc:mysql://h/db?user=bob&password=x").putInto(fromParameters, "root", "rootpw");
    assertThat(fromParameters).doesNotContainKey("user").doesNotContainKey("password");

    Properties fromKeys = new Properties();
    UrlCredentials.split("jdbc:mysql://h/db").putInto(fromKeys, "root", "");
    assertThat(fromKeys).containsEntry("user", "root").doesNotContainKey("password");
  }
}
