package dev.ycsbdriver.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shipped Kubernetes Indexed Jobs in {@code conf/k8s/} run {@code client.count} pods at once, each
 * with its index as {@code client.index}, and write to the shared results volume.
 */
class KubernetesJobTest {
  private static final Path K8S = Path.of(System.getProperty("source.root", "..")).toAbsolutePath().normalize()
      .resolve("conf/k8s");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @ParameterizedTest
  @ValueSource(strings = {"ycsb-load-job.yaml", "ycsb-run-job.yaml"})
  void indexedJobRunsOneClientPerCompletionIndexAllAtOnce(String file) throws IOException {
    JsonNode job = YAML.readTree(K8S.resolve(file).toFile());
    assertThat(job.path("apiVersion").asText()).isEqualTo("batch/v1");
    assertThat(job.path("kind").asText()).isEqualTo("Job");
    JsonNode spec = job.path("spec");
    assertThat(spec.path("completionMode").asText()).isEqualTo("Indexed");
    int completions = spec.path("completions").asInt();
    assertThat(completions).isGreaterThanOrEqualTo(2);
    assertThat(spec.path("parallelism").asInt()).isEqualTo(completions);

    JsonNode pod = spec.path("template").path("spec");
    assertThat(pod.path("containers")).hasSize(1);
    JsonNode container = pod.path("containers").get(0);
    List<String> command = new ArrayList<>();
    container.path("command").forEach(c -> command.add(c.asText()));
    container.path("args").forEach(a -> command.add(a.asText()));
    assertThat(command.get(0)).isEqualTo("bin/ycsb");
    assertThat(command.get(1)).isEqualTo(file.contains("load") ? "load" : "run");
    assertThat(pairs(command)).contains("client.index=$(JOB_COMPLETION_INDEX)", "client.count=" + completions);
    // $(JOB_COMPLETION_INDEX) expands only from a variable of the container's env
    assertThat(container.path("env")).anySatisfy(e -> {
      assertThat(e.path("name").asText()).isEqualTo("JOB_COMPLETION_INDEX");
      assertThat(e.path("valueFrom").path("fieldRef").path("fieldPath").asText())
          .isEqualTo("metadata.annotations['batch.kubernetes.io/job-completion-index']");
    });

    String resultDir = pairs(command).stream().filter(p -> p.startsWith("result.dir=")).findFirst()
        .map(p -> p.substring("result.dir=".length())).orElseThrow(() -> new AssertionError("no -p result.dir"));
    JsonNode mount = null;
    for (JsonNode m : container.path("volumeMounts")) {
      if (resultDir.startsWith(m.path("mountPath").asText() + "/")) {
        mount = m;
      }
    }
    assertThat(mount).as("a volume mount holding " + resultDir).isNotNull();
    String volume = mount.path("name").asText();
    assertThat(pod.path("volumes")).anySatisfy(v -> {
      assertThat(v.path("name").asText()).isEqualTo(volume);
      assertThat(v.path("persistentVolumeClaim").path("claimName").asText()).isEqualTo("ycsb-results");
    });
    assertThat(String.join(" ", command)).doesNotContainIgnoringCase("password=");
  }

  /** @return the values following each {@code -p} */
  private static List<String> pairs(List<String> command) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i + 1 < command.size(); i++) {
      if (command.get(i).equals("-p")) {
        out.add(command.get(i + 1));
      }
    }
    return out;
  }
}
