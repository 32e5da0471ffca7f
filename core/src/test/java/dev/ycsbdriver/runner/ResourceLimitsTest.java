package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Phase;
import dev.ycsbdriver.config.Settings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResourceLimitsTest {
  private static final long MIB = 1024 * 1024;
  private static final long NONE = Long.MAX_VALUE;
  /** This machine's kind: 256 MiB of heap, Debian's pid_max and max_map_count, a user limit. */
  private static final ResourceLimits SMALL = new ResourceLimits(256 * MIB, 32_768, 192_731, 96_365, 65_530);

  @Test
  void ordinaryConfigurationsPassOnASmallJvm() {
    assertThatCode(() -> SMALL.check(64, true, 10, 100)).doesNotThrowAnyException();
    assertThatCode(() -> SMALL.check(1000, true, 10, 100)).doesNotThrowAnyException();
    assertThatCode(() -> SMALL.check(1, true, 10_000, 1000)).doesNotThrowAnyException();
    assertThatCode(() -> SMALL.check(16_000, true, 10, 100)).doesNotThrowAnyException();
  }

  @Test
  void threadsBeyondTheProcessIdsAreRefusedWithTheLimit() {
    assertThatThrownBy(() -> SMALL.check(100_000, true, 10, 100)).isInstanceOf(ConfigException.class)
        .hasMessage("threadcount: 100000 client threads need as many kernel tasks, and the kernel's process ids "
            + "(/proc/sys/kernel/pid_max) allows 32768; lower threadcount");
  }

  @Test
  void eachKernelLimitIsNamed() {
    assertThatThrownBy(() -> new ResourceLimits(NONE, NONE, 5000, NONE, NONE).check(6000, true, 1, 1))
        .hasMessageContaining("/proc/sys/kernel/threads-max) allows 5000");
    assertThatThrownBy(() -> new ResourceLimits(NONE, NONE, NONE, 4096, NONE).check(5000, true, 1, 1))
        .hasMessageEndingWith("the user's processes and threads (ulimit -u) allows 4096; lower threadcount or raise "
            + "ulimit -u");
    assertThatThrownBy(() -> new ResourceLimits(NONE, NONE, NONE, NONE, 65_530).check(40_000, true, 1, 1))
        .hasMessage("threadcount: 40000 client threads need at least 80000 memory mappings (stack and guard pages), "
            + "and this machine allows a process 65530 (/proc/sys/vm/max_map_count); lower threadcount or raise "
            + "vm.max_map_count");
  }

  @Test
  void virtualThreadsAreNotKernelTasks() {
    assertThatCode(() -> SMALL.check(50_000, false, 10, 100)).doesNotThrowAnyException();
  }

  @Test
  void recordsThatCannotFitTheHeapAreRefusedNamingFieldcount() {
    assertThatThrownBy(() -> SMALL.check(1, true, 1_000_000_000, 100)).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("fieldcount: 1 client thread with records of 1000000000 fields of at least 100 bytes "
            + "need at least 167,847 MiB of heap")
        .hasMessageEndingWith("and this JVM may use 256 MiB; lower threadcount, fieldcount or fieldlength, or raise "
            + "the heap with -jvm-args=-Xmx<size>");
    assertThatThrownBy(() -> SMALL.check(64, true, 10, 1_000_000)).hasMessageStartingWith("fieldcount: 64 client");
  }

  @Test
  void manyThreadsOnATinyHeapAreRefusedNamingThreadcount() {
    assertThatThrownBy(() -> new ResourceLimits(16 * MIB, NONE, NONE, NONE, NONE).check(10_000, true, 1, 1))
        .hasMessageStartingWith("threadcount: 10000 client threads");
  }

  @Test
  void kernelFiguresAreReadWhole() {
    // /proc reports a size that Files.readString trusts, which once read pid_max 32768 as 3; the kernel's floor is 301
    assertThat(ResourceLimits.procNumber("/proc/sys/kernel/pid_max")).isGreaterThanOrEqualTo(301);
    assertThat(ResourceLimits.procNumber("/proc/sys/vm/max_map_count")).isGreaterThanOrEqualTo(1000);
    assertThat(ResourceLimits.procNumber("/no/such/file")).isEqualTo(NONE);
  }

  @Test
  void theUserLimitIsTheSoftOneOfMaxProcesses() {
    List<String> limits = List.of("Limit                     Soft Limit           Hard Limit           Units",
        "Max processes             4096                 96365                processes",
        "Max open files            1024                 1048576              files");
    assertThat(ResourceLimits.readUserProcesses(limits)).isEqualTo(4096);
    assertThat(ResourceLimits.readUserProcesses(List.of("Max processes             unlimited            unlimited"
        + "            processes"))).isEqualTo(NONE);
    assertThat(ResourceLimits.readUserProcesses(List.of())).isEqualTo(NONE);
  }

  @Test
  void preflightReadsThreadsAndTheShortestFieldFromTheConfiguration() throws Exception {
    Settings s = Settings.of(Map.of("workload", "site.ycsb.workloads.CoreWorkload", "threadcount", "100000",
        "operationcount", "1000000"));
    assertThatThrownBy(() -> Preflight.checkResources(s, Phase.RUN, true, SMALL))
        .hasMessageStartingWith("threadcount: 100000 client threads");
    // a run with fewer operations than threads uses one thread per operation
    Preflight.checkResources(s.with("operationcount", "10"), Phase.RUN, true, SMALL);
    Settings wide = Settings.of(Map.of("workload", "site.ycsb.workloads.CoreWorkload", "fieldcount", "1000000",
        "fieldlength", "1000", "recordcount", "1000"));
    assertThatThrownBy(() -> Preflight.checkResources(wide, Phase.LOAD, true, SMALL))
        .hasMessageStartingWith("fieldcount: 1 client thread with records of 1000000 fields of at least 1000 bytes");
    // uniform lengths may be as short as minfieldlength
    Preflight.checkResources(wide.with("fieldlengthdistribution", "uniform"), Phase.LOAD, true, SMALL);
    // a load of no records starts no client thread, so it needs no memory for one
    Preflight.checkResources(wide.with("recordcount", "0"), Phase.LOAD, true, SMALL);
  }
}
