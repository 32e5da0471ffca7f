package dev.ycsbdriver.cpu;
import java.time.Duration;
import java.util.List;
public final class CpuSampler implements AutoCloseable {
  public static CpuSampler start(ServerTarget t, Duration d) { return new CpuSampler(); }
  public List<CpuSample> samples() { return List.of(); }
  public CpuSummary stop() { CpuFigure f = new CpuFigure(null, null, "stub"); return new CpuSummary(f, f, f, "stub", false, 2, 1000, List.of(), List.of()); }
  public void close() { stop(); }
}
