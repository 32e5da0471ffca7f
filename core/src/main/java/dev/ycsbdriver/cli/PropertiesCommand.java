package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.crash.CrashKeys;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.runner.Preflight;
import dev.ycsbdriver.runner.UpstreamKeys;
import dev.ycsbdriver.spi.BindingProvider;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ycsb properties}: every property key the registry knows, grouped by owner (the driver, CoreWorkload,
 * the crash test, upstream YCSB's other classes, then each installed binding by name), each with its type and
 * range, default, unit and description. With {@code --markdown} it prints {@code docs/properties.md}, which a
 * test of the distribution compares with the checked-in file.
 *
 * <p>The output depends only on the declarations and the installed bindings, never on the machine.
 */
@Command(name = "properties", mixinStandardHelpOptions = true,
    description = "List every property key: owner, type and range, default, unit, description.")
final class PropertiesCommand implements Callable<Integer> {
  /** The command that writes {@code docs/properties.md}, as its header and the checking test name it. */
  static final String REGENERATE = "bin/ycsb properties --markdown > docs/properties.md";

  private final Cli cli;

  @Option(names = "--markdown", description = "print Markdown tables, as in docs/properties.md")
  boolean markdown;

  PropertiesCommand(Cli cli) {
    this.cli = cli;
  }

  /**
   * One owner's keys.
   *
   * @param title the heading
   * @param note one sentence under the heading
   * @param specs the keys in the order their owner declares them
   */
  record Group(String title, String note, List<PropertySpec> specs) {
  }

  @Override
  public Integer call() throws ConfigException {
    List<Group> groups = groups(BindingCatalog.load().providers());
    PrintStream out = cli.out();
    if (markdown) {
      PropertyTable.markdown(out, groups, REGENERATE);
    } else {
      PropertyTable.text(out, groups);
    }
    return 0;
  }

  /**
   * @param bindings the installed bindings, sorted by name
   * @return the groups in the order to show them; a binding without keys is left out
   */
  static List<Group> groups(List<BindingProvider> bindings) {
    List<Group> groups = new ArrayList<>();
    groups.add(new Group("Driver", "The driver's own keys: the run, the measurement and the CPU sampler.",
        Preflight.driverSpecs()));
    groups.add(new Group("CoreWorkload", "YCSB's site.ycsb.workloads.CoreWorkload, with the ranges the driver checks "
        + "before a run.", CoreWorkloadKeys.SPECS));
    groups.add(new Group("Crash test", "bin/ycsb crashtest.", CrashKeys.ALL));
    groups.add(new Group("Upstream YCSB", "Keys of YCSB's Client, BasicDB and workloads other than CoreWorkload, "
        + "accepted so that upstream property files run unchanged.", UpstreamKeys.specs()));
    for (BindingProvider p : bindings) {
      if (!p.properties().isEmpty()) {
        groups.add(new Group("Binding " + p.name(), p.description(), p.properties()));
      }
    }
    return groups;
  }
}
