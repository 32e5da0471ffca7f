package dev.ycsbdriver.cpu;

import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;

/**
 * The machine the driver ran on, as OSHI and the JVM report it, so a reader can tell what the numbers
 * were measured on.
 *
 * <p>Immutable and thread-safe.
 *
 * @param cpuModel the processor's name, e.g. {@code AMD EPYC 7B13}; {@code null} if OSHI is unavailable
 * @param physicalCores physical cores, or 0 if unknown
 * @param logicalCores logical cores (hardware threads) the OS sees
 * @param memoryBytes physical memory in bytes, or 0 if unknown
 * @param osName the operating system with version, e.g. {@code Debian GNU/Linux 12 (bookworm) build 6.1.0}
 * @param hostName the machine's host name, or {@code null} if unknown
 * @param javaVersion the running JVM's {@code java.version}
 * @param jvmName the running JVM's {@code java.vm.name} and vendor
 */
public record MachineFacts(String cpuModel, int physicalCores, int logicalCores, long memoryBytes, String osName,
                           String hostName, String javaVersion, String jvmName) {

  /** @return the facts of this machine; what OSHI cannot read is null or 0, never an exception */
  public static MachineFacts read() {
    String javaVersion = System.getProperty("java.version");
    String jvm = System.getProperty("java.vm.name") + " (" + System.getProperty("java.vm.vendor") + ")";
    SystemInfo si = Oshi.get();
    if (si == null) {
      return new MachineFacts(null, 0, Runtime.getRuntime().availableProcessors(), 0,
          System.getProperty("os.name") + " " + System.getProperty("os.version"), null, javaVersion, jvm);
    }
    CentralProcessor cpu = si.getHardware().getProcessor();
    String host;
    try {
      host = si.getOperatingSystem().getNetworkParams().getHostName();
    } catch (RuntimeException e) {
      host = null;
    }
    return new MachineFacts(cpu.getProcessorIdentifier().getName().trim(), cpu.getPhysicalProcessorCount(),
        cpu.getLogicalProcessorCount(), si.getHardware().getMemory().getTotal(),
        si.getOperatingSystem().toString(), host, javaVersion, jvm);
  }
}
