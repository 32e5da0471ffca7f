package dev.ycsbdriver.runner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The JIT compiler's queue, as {@code jcmd Compiler.queue} prints it. */
class CompileQueueTest {

  @Test
  void countsTheMethodsBeingCompiledAndTheOnesWaiting() {
    String text = """
        Current compiles:\s
        C2 CompilerThread0  1197   !   4       com.sun.tools.javac.jvm.ClassReader::classSigToType (497 bytes)

        C1 compile queue:
        1456       3       java.lang.Long::getChars (208 bytes)
        1457       3       java.lang.String::valueOf (5 bytes)

        C2 compile queue:
        1481 %     4       Probe::lambda$main$0 @ 4 (36 bytes)

        """;
    assertThat(CompileQueue.count(text)).isEqualTo(4);
  }

  @Test
  void anEmptyQueueCountsNothing() {
    String text = """
        Current compiles:\s

        C1 compile queue:
        Empty

        C2 compile queue:
        Empty

        """;
    assertThat(CompileQueue.count(text)).isZero();
  }

  @Test
  void thisHotSpotJvmShowsItsQueue() {
    assertThat(new CompileQueue().tasks()).isNotNegative();
  }
}
