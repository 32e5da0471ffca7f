package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.ConfigLoader;
import dev.ycsbdriver.config.CoreWorkloadKeys;
import dev.ycsbdriver.config.PropertySpec;
import dev.ycsbdriver.config.Settings;
import dev.ycsbdriver.runner.BindingCatalog;
import dev.ycsbdriver.runner.Preflight;
import dev.ycsbdriver.spi.BindingProvider;
import dev.ycsbdriver.spi.support.RestoreJournal;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ycsb bindings}: lists the installed bindings with their aliases, durability profiles and
 * property keys ({@code key | default | unit | description}); with {@code --driver}, the driver's own
 * keys too.
 */
@Command(name = "bindings", description = "List the installed bindings and their properties.",
    mixinStandardHelpOptions = true)
final class BindingsCommand implements Callable<Integer> {
  private final Cli cli;

  @Option(names = "--driver", description = "also list the driver's own keys (threads, target, CPU, measurement) and CoreWorkload's")
  boolean driver;

  BindingsCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws ConfigException {
    PrintStream out = cli.out();
    ConfigLoader loader = ConfigLoader.fromEnvironment();
    for (BindingProvider p : BindingCatalog.load().providers()) {
      out.println(p.name() + (p.aliases().isEmpty() ? "" : " (alias " + String.join(", ", p.aliases()) + ")")
          + ": " + p.description());
      List<String> profiles = loader.profiles(p.name());
      if (!profiles.isEmpty()) {
        out.println("  profiles: " + String.join(", ", profiles) + "   (-p profile=<name>; files in conf/"
            + p.name() + "/, in a source checkout bindings/" + p.name() + "/conf/)");
      }
      table(out, p.properties());
      out.println();
    }
    out.println("Server-wide settings a binding changes for a profile are journaled, before the change, in "
        + RestoreJournal.directory(Settings.of(java.util.Map.of())) + " (or -p " + RestoreJournal.DIR.key()
        + "=<dir>); the next command for that server restores them if the driver was killed.");
    if (driver) {
      out.println("driver keys:");
      table(out, Preflight.driverSpecs());
      out.println();
      out.println("CoreWorkload keys (site.ycsb.workloads.CoreWorkload):");
      table(out, CoreWorkloadKeys.SPECS);
    } else {
      out.println("The driver's own keys (threadcount, target, cpu.*, measurement): bindings --driver; every key "
          + "with its type and range: properties");
    }
    return 0;
  }

  private static void table(PrintStream out, List<PropertySpec> specs) {
    if (specs.isEmpty()) {
      return;
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"key", "default", "unit", "description"});
    for (PropertySpec s : specs) {
      rows.add(new String[] {s.key(), PropertyTable.shownDefault(s.defaultValue()), s.unit(), s.description()});
    }
    PropertyTable.aligned(out, rows);
  }
}
