package dev.ycsbdriver.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** CPU microseconds per operation, and the warning when the client outweighs the server. */
class CpuPerOperationTest {
  private static CpuSummary summary(CpuFigure server, CpuFigure driver, boolean embedded) {
    return new CpuSummary(server, driver, CpuFigure.of(190, 200), "postgres", embedded, 2, 1000, List.of(), List.of());
  }

  @Test
  void halfACoreAtTenThousandOperationsASecondIsFiftyMicrosecondsEach() {
    CpuSummary s = summary(CpuFigure.of(120, 150), CpuFigure.of(50, 80), false);
    assertThat(s.driverMicrosPerOperation(10_000)).isCloseTo(50.0, within(1e-9));
    assertThat(s.serverMicrosPerOperation(10_000)).isCloseTo(120.0, within(1e-9));
    assertThat(s.driverMicrosPerOperation(0)).isNull();
    assertThat(summary(CpuFigure.of(120, 150), CpuFigure.unavailable("no"), false).driverMicrosPerOperation(10)).isNull();
  }

  @Test
  void aDriverBusierThanItsServerIsWarnedAboutOnlyForAServerOfItsOwn() {
    CpuSummary heavy = summary(CpuFigure.of(55, 60), CpuFigure.of(71.6, 90), false);
    assertThat(heavy.driverOutweighsServer(5_000)).isEqualTo("the driver used more CPU than the server (driver 71.6% "
        + "of a core, 143.2 us/op; server 55.0%, 110.0 us/op): the client may have been the limit, not the store; "
        + "run the driver on another machine or with fewer threads");
    assertThat(summary(CpuFigure.of(120, 150), CpuFigure.of(50, 80), false).driverOutweighsServer(5_000)).isNull();
    assertThat(summary(CpuFigure.of(55, 60), CpuFigure.of(71.6, 90), true).driverOutweighsServer(5_000)).isNull();
    assertThat(summary(CpuFigure.unavailable("gone"), CpuFigure.of(71.6, 90), false).driverOutweighsServer(5_000))
        .isNull();
  }
}
