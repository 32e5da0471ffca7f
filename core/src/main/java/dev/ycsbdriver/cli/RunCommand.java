package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.Phase;
import picocli.CommandLine.Command;

/** {@code ycsb run}: executes the workload's operations (YCSB's {@code -t}). */
@Command(name = "run", description = "Run the operations of a workload (YCSB's transaction phase).",
    mixinStandardHelpOptions = true)
final class RunCommand extends PhaseCommand {
  RunCommand(Cli cli) {
    super(Phase.RUN, cli);
  }
}
