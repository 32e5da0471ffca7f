package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.Phase;
import picocli.CommandLine.Command;

/** {@code ycsb load}: inserts the records (YCSB's {@code -load}). */
@Command(name = "load", description = "Insert the records of a workload (YCSB's load phase).",
    mixinStandardHelpOptions = true)
final class LoadCommand extends PhaseCommand {
  LoadCommand(Cli cli) {
    super(Phase.LOAD, cli);
  }
}
