package dev.ycsbdriver.cpu;
import dev.ycsbdriver.config.PropertySpec;
import java.util.List;
public final class CpuConfig {
  public static final PropertySpec INTERVAL = PropertySpec.of("cpu.interval", "1s", "s", "x");
  public static final PropertySpec SERVER_PROCESS = PropertySpec.optional("cpu.server.process", "", "x");
  public static final PropertySpec SERVER_PID = PropertySpec.optional("cpu.server.pid", "", "x");
  public static final List<PropertySpec> SPECS = List.of(INTERVAL, SERVER_PROCESS, SERVER_PID);
}
