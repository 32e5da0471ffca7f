package dev.ycsbdriver.cpu;
import java.util.List;
public record CpuSummary(CpuFigure server, CpuFigure driver, CpuFigure machine, String serverSource, boolean serverIsDriver, int logicalCores, long sampleIntervalMillis, List<CpuSample> samples, List<String> warnings) {
  public Double opsPerServerCpuPercent(double t) { return null; }
}
