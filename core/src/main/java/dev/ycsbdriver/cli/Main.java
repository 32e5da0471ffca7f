package dev.ycsbdriver.cli;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Secrets;
import dev.ycsbdriver.result.AtomicFile;
import dev.ycsbdriver.result.ToolVersion;
import dev.ycsbdriver.spi.BindingException;
import dev.ycsbdriver.spi.StoreFullException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The command line: parses, dispatches, and maps every failure to one line on stderr and an exit code.
 *
 * <p>Exit codes: 0 success; 1 the run failed (operations failed, a client thread crashed, the load
 * stopped early) or was interrupted; 2 usage or configuration error; 3 the binding could not start or
 * connect. A stack trace is printed only with {@code -v}. {@code System.exit} is called only here.
 */
@Command(name = "ycsb", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "A YCSB-compatible workload driver that also measures the database server's CPU.",
    subcommands = {LoadCommand.class, RunCommand.class, CrashtestCommand.class, BindingsCommand.class, PropertiesCommand.class,
        MatrixCommand.class,
        ReportCommand.class, AgentCommand.class})
public final class Main implements Runnable {
  /** Exit code of a successful command. */
  public static final int EXIT_OK = 0;
  /** Exit code of a run that failed or was interrupted. */
  public static final int EXIT_RUN_FAILED = 1;
  /** Exit code of a usage or configuration error. */
  public static final int EXIT_USAGE = 2;
  /** Exit code when the binding could not start or reach the store. */
  public static final int EXIT_STORE_UNREACHABLE = 3;

  private final Cli cli;
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  private Main(Cli cli) {
    this.cli = cli;
  }

  @Option(names = "-v", scope = ScopeType.INHERIT, description = "print stack traces of errors")
  void verbose(boolean on) {
    cli.verbose(on);
  }

  @Override
  public void run() {
    spec.commandLine().usage(cli.err());
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: load, run, crashtest, bindings, properties, matrix, report or agent");
  }

  /**
   * Entry point of {@code bin/ycsb}.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    System.exit(execute(args, System.out, System.err, true));
  }

  /**
   * Runs a command in this JVM without installing signal handlers, for tests and embedding.
   *
   * @param args the command line, as after {@code bin/ycsb}
   * @param out receives the YCSB summary (stdout)
   * @param err receives notices, status lines and errors (stderr)
   * @return the exit code
   */
  public static int execute(String[] args, PrintStream out, PrintStream err) {
    return execute(args, out, err, false);
  }

  static int execute(String[] args, PrintStream out, PrintStream err, boolean handleSignals) {
    Cli cli = new Cli(out, err, handleSignals);
    if (handleSignals) {
      Thread.setDefaultUncaughtExceptionHandler((thread, e) -> uncaught(cli, thread, e));
    }
    CommandLine commandLine = new CommandLine(new Main(cli), new Factory(cli))
        .setOverwrittenOptionsAllowed(true)
        .setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true))
        .setExecutionExceptionHandler((e, cmd, parsed) -> fail(cli, e))
        .setParameterExceptionHandler((e, a) -> {
          Throwable cause = e.getCause();
          if (cause instanceof ConfigException) {
            return fail(cli, cause);
          }
          err.println("ycsb: " + Secrets.maskText(e.getMessage()) + " (ycsb " + subcommand(e.getCommandLine())
              + "--help shows the usage)");
          return EXIT_USAGE;
        });
    try {
      return commandLine.execute(args);
    } catch (OutOfMemoryError e) {
      // picocli passes errors on; left to the JVM, the stack trace is printed and the non-daemon threads keep it alive
      return fail(cli, e);
    }
  }

  private static String subcommand(CommandLine cmd) {
    return cmd.getParent() == null ? "" : cmd.getCommandName() + " ";
  }

  private static int fail(Cli cli, Throwable e) {
    int code;
    String message;
    if (e instanceof ConfigException) {
      code = EXIT_USAGE;
      message = e.getMessage();
    } else if (e instanceof StoreFullException) {
      code = EXIT_RUN_FAILED;
      message = e.getMessage();
    } else if (outputFile(e) != null) {
      code = EXIT_RUN_FAILED;
      message = outputFile(e).getMessage();
    } else if (e instanceof BindingException) {
      code = EXIT_STORE_UNREACHABLE;
      message = e.getMessage();
    } else if (e instanceof CommandLine.ParameterException) {
      code = EXIT_USAGE;
      message = e.getMessage();
    } else if (outOfMemory(e) != null) {
      code = EXIT_RUN_FAILED;
      message = outOfMemoryMessage(outOfMemory(e));
    } else {
      code = EXIT_RUN_FAILED;
      message = "internal error: " + e + (cli.verbose() ? "" : " (run with -v for the stack trace)");
    }
    cli.err().println("ycsb: " + Secrets.maskText(message));
    printTraceIfVerbose(cli, e);
    return code;
  }

  /**
   * A thread's error that nothing caught: one line on stderr with its secrets masked (and the stack trace with
   * {@code -v}); nothing for a full heap, since the run that ran out stops and says so in its own line.
   */
  private static void uncaught(Cli cli, Thread thread, Throwable e) {
    if (e instanceof OutOfMemoryError) {
      return;
    }
    cli.err().println("ycsb: thread " + thread.getName() + " failed: " + Secrets.maskText(String.valueOf(e))
        + (cli.verbose() ? "" : " (run with -v for the stack trace)"));
    printTraceIfVerbose(cli, e);
  }

  /**
   * With {@code -v}, the stack trace on stderr, masked: a driver's message inside it may repeat a URL with its
   * credentials.
   */
  private static void printTraceIfVerbose(Cli cli, Throwable e) {
    if (cli.verbose()) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      cli.err().print(Secrets.maskText(trace.toString()));
    }
  }

  /** @return the {@link AtomicFile.OutputFileException} that {@code e} is or was caused by, or null */
  private static AtomicFile.OutputFileException outputFile(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof AtomicFile.OutputFileException f) {
        return f;
      }
    }
    return null;
  }

  /** @return the {@link OutOfMemoryError} that {@code e} is or was caused by, or null */
  private static OutOfMemoryError outOfMemory(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof OutOfMemoryError oom) {
        return oom;
      }
    }
    return null;
  }

  /** @return one line on what ran out and what to change */
  static String outOfMemoryMessage(OutOfMemoryError e) {
    String what = e.getMessage() == null ? "" : e.getMessage();
    if (what.contains("native thread")) {
      return "out of threads: the JVM could not create a thread (" + what + "); lower threadcount, or raise the "
          + "limit that stopped it (ulimit -u, kernel.pid_max, kernel.threads-max, vm.max_map_count)";
    }
    return "out of memory: " + (what.isEmpty() ? "the JVM ran out of memory" : what) + " (this JVM may use "
        + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB of heap); lower threadcount, fieldcount, "
        + "fieldlength or recordcount (for a store in the driver's memory), or raise the heap with -jvm-args=-Xmx<size>";
  }

  /** Creates the commands with the invocation's shared state. */
  private static final class Factory implements CommandLine.IFactory {
    private final Cli cli;
    private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

    Factory(Cli cli) {
      this.cli = cli;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
      if (type == LoadCommand.class) {
        return type.cast(new LoadCommand(cli));
      }
      if (type == RunCommand.class) {
        return type.cast(new RunCommand(cli));
      }
      if (type == CrashtestCommand.class) {
        return type.cast(new CrashtestCommand(cli));
      }
      if (type == BindingsCommand.class) {
        return type.cast(new BindingsCommand(cli));
      }
      if (type == PropertiesCommand.class) {
        return type.cast(new PropertiesCommand(cli));
      }
      if (type == MatrixCommand.class) {
        return type.cast(new MatrixCommand(cli));
      }
      if (type == MergeCommand.class) {
        return type.cast(new MergeCommand(cli));
      }
      if (type == ReportCommand.class) {
        return type.cast(new ReportCommand(cli));
      }
      if (type == AgentCommand.class) {
        return type.cast(new AgentCommand(cli));
      }
      return fallback.create(type);
    }
  }

  /** Prints the version for {@code --version}. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"ycsb-driver " + ToolVersion.get() + " (YCSB core " + siteYcsbVersion() + ", Java "
          + System.getProperty("java.version") + ")"};
    }

    private static String siteYcsbVersion() {
      Package p = site.ycsb.DB.class.getPackage();
      return p != null && p.getImplementationVersion() != null ? p.getImplementationVersion() : "0.17.0";
    }
  }
}
