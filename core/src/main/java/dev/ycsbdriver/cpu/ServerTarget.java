package dev.ycsbdriver.cpu;
import dev.ycsbdriver.config.*;
import dev.ycsbdriver.spi.ServerLocation;
import java.util.List;
public final class ServerTarget {
  public static ServerTarget resolve(ServerLocation l, Settings s) throws ConfigException { return new ServerTarget(); }
  public String description() { return "stub"; }
  public List<Long> pids() { return List.of(); }
  public boolean isEmbedded() { return false; }
  public String unavailableReason() { return "stub"; }
}
