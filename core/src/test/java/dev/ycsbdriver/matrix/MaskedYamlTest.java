package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The copy of a matrix file saved with the results: secrets masked, the rest as written. */
class MaskedYamlTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @Test
  void secretValuesAndUrlCredentialsAreMaskedAndEverythingElseIsKeptAsWritten() {
    String text = """
        # header: keep me, and a postgres://who:commentpw@host in a comment
        name: m   # the name
        properties:
          postgres.password: hunter2    # set here for the test
          postgres.url: jdbc:postgresql://u:urlpw@127.0.0.1:5432/db
          mysql.password: ${env:MYSQL_PW}
        stores:
          - binding: postgres
            properties: {postgres.user: u, postgres.password: 'it''s, quoted', fieldcount: 10}
          - binding: mongodb
            properties:
              "mongodb.url": "mongodb://admin:mongopw@localhost/ycsb?w=1"
              cpu.server.agent.token: abc123
              empty.password:
        """;
    String expected = """
        # header: keep me, and a postgres://who:****@host in a comment
        name: m   # the name
        properties:
          postgres.password: "****"    # set here for the test
          postgres.url: jdbc:postgresql://u:****@127.0.0.1:5432/db
          mysql.password: ${env:MYSQL_PW}
        stores:
          - binding: postgres
            properties: {postgres.user: u, postgres.password: "****", fieldcount: 10}
          - binding: mongodb
            properties:
              "mongodb.url": "mongodb://admin:****@localhost/ycsb?w=1"
              cpu.server.agent.token: "****"
              empty.password:
        """;

    assertThat(MaskedYaml.mask(text)).isEqualTo(expected);
  }

  @Test
  void aFileWithoutSecretsIsCopiedUnchanged() {
    String text = "name: plain\r\nthreads: [1, 2]   # two counts\r\nproperties: {fieldcount: 10, h2.dir: x}\r\n";

    assertThat(MaskedYaml.mask(text)).isEqualTo(text);
  }

  @Test
  void aSecretTheLinesCannotMaskIsMaskedInTheWholeDocumentInstead() throws Exception {
    String text = """
        # a comment that cannot be kept
        name: m
        properties:
          postgres.password: |
            multi-line-secret
          fieldcount: 10
        """;

    String masked = MaskedYaml.mask(text);

    assertThat(masked).doesNotContain("multi-line-secret").startsWith("# This copy of the matrix file");
    JsonNode tree = YAML.readTree(masked);
    assertThat(tree.at("/properties/postgres.password").asText()).isEqualTo("****");
    assertThat(tree.at("/properties/fieldcount").asInt()).isEqualTo(10);
    assertThat(tree.at("/name").asText()).isEqualTo("m");
  }

  @Test
  void shippedMatricesAndPublishedReportsHoldNoSecretToMask() throws Exception {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    try (Stream<Path> files = Stream.concat(Files.walk(root.resolve("conf/matrices")), Files.walk(root.resolve("reports")))) {
      var yamls = files.filter(f -> f.toString().endsWith(".yaml")).toList();
      assertThat(yamls).hasSizeGreaterThanOrEqualTo(3);
      for (Path f : yamls) {
        String text = Files.readString(f);
        assertThat(MaskedYaml.mask(text)).as(f.toString()).isEqualTo(text.replace("PASSWORD=...", "PASSWORD=****"));
      }
    }
  }
}
