package dev.ycsbdriver.cpu;
public record MachineFacts(String cpuModel, int physicalCores, int logicalCores, long memoryBytes, String osName, String hostName, String javaVersion, String jvmName) {
  public static MachineFacts read() { return new MachineFacts("x", 1, 2, 1, "linux", "h", "17", "jvm"); }
}
