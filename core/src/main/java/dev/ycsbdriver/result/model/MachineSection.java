package dev.ycsbdriver.result.model;

/**
 * The {@code machine} object: facts about the machine that ran the driver, from OSHI.
 *
 * @param cpuModel the CPU's model name
 * @param physicalCores physical cores
 * @param logicalCores logical cores (hardware threads)
 * @param memoryBytes memory, bytes
 * @param os the operating system
 * @param hostName the host's name
 * @param javaVersion the Java version
 * @param jvm the JVM's name
 */
public record MachineSection(String cpuModel, Integer physicalCores, Integer logicalCores, Long memoryBytes, String os,
                             String hostName, String javaVersion, String jvm) {
}
