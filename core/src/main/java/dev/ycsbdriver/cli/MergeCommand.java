package dev.ycsbdriver.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.result.merge.ResultMerger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ycsb report merge <results...> [-o dir]}: one result directory from the results of several
 * clients ({@code client.index} of {@code client.count}) that ran the same binding, workload and phase;
 * the rules are in {@link ResultMerger}.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
    description = "Merge the result directories of several clients of one run into one result directory "
        + "(result.json, added .hlog files, summary.txt).")
final class MergeCommand implements Callable<Integer> {
  private final Cli cli;

  @Parameters(arity = "1..*", paramLabel = "<result>", description = "run directories or their result.json")
  List<Path> inputs;

  @Option(names = {"-o", "--output"}, paramLabel = "<dir>", description = "merged result directory (default: ./merged)")
  Path output = Path.of("merged");

  MergeCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws ConfigException, IOException {
    boolean existed = java.nio.file.Files.isDirectory(output);
    OutputPaths.createDirectory(output, "report merge -o");
    ObjectNode merged;
    try {
      merged = ResultMerger.merge(inputs, output);
    } catch (ConfigException | IOException | RuntimeException e) {
      OutputPaths.removeIfCreatedEmpty(output, existed);
      throw e;
    }
    cli.err().println("Merged " + inputs.size() + " results: " + merged.path("operationsTotal").asLong()
        + " operations, " + String.format(java.util.Locale.ROOT, "%.1f", merged.path("throughputOpsPerSec").asDouble())
        + " ops/s over the common window of " + merged.path("runtimeMillis").asLong() + " ms");
    cli.err().println("Result: " + output.resolve(dev.ycsbdriver.result.ResultFiles.RESULT_FILE)
        + " (also " + ResultMerger.SUMMARY_FILE + " and .hlog files)");
    return Main.EXIT_OK;
  }
}
