package dev.ycsbdriver.runner;

import dev.ycsbdriver.measure.MeasurementRegistry;
import dev.ycsbdriver.measure.Operation;
import dev.ycsbdriver.measure.ScheduledThread;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.DB;
import site.ycsb.Workload;

/**
 * One YCSB client thread: its own {@code DB}, initialised before the clock starts, then operations
 * until its share is done, the workload stops, or a stop is requested; then {@code DB.cleanup()}. It runs on a
 * thread of its {@link ThreadKind}: a daemon platform thread or a virtual thread.
 *
 * <p>Lifecycle: {@link #start()} → connects and counts down {@code ready} → waits for {@code go} → runs →
 * counts down {@code operationsEnded} → waits for {@code cleanupAllowed} → cleans up → counts down
 * {@code done} (see {@link RunGates}). Its thread is a daemon, so one stuck inside a binding cannot keep the
 * process alive once the runner has given up on it.
 *
 * <p>Thread-safety: the counters and failure fields are published for the runner and the monitor;
 * everything else belongs to this thread.
 */
final class ClientThread implements Runnable, ScheduledThread {
  private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private final int index;
  private final int threadCount;
  private final DB db;
  private final MeasuredDb measured;
  private final Workload workload;
  private final Properties props;
  private final boolean load;
  private final long quota;
  private final StopSignal stop;
  private final HeapWatch heap;
  private final boolean spinSleep;
  private final RunGates gates;
  private final MeasurementRegistry registry;
  private final Thread thread;
  private final AtomicLong opsDone = new AtomicLong();
  /** Operations done while warming up, every status; read by the runner to tell when the driver is warm. */
  private final AtomicLong warmupOpsDone = new AtomicLong();
  /** The measured stretch of operations: the run's registry, counted against the quota. */
  private final Stretch measuredStretch;
  /** The stretch the loop takes its next operation from: the warm-up's, then the measured one. */
  private volatile Stretch stretch;
  /** Where this thread's operations record now: the warm-up's registry, then the run's; this thread only. */
  private MeasurementRegistry recording;

  /**
   * A stretch of operations: the store they go to, the registry they record into, their counter and limit.
   * The loop reads every one of them for every operation rather than branching on a warm-up flag: a branch
   * never taken while warming up was compiled as a trap, and taking it at the switch threw the loop's compiled
   * code away (and CoreWorkload's, inlined into it) at the start of the measured time, when on a saturated
   * machine the C2 compiler took seconds to compile them again (-XX:+PrintCompilation). Mutable, this thread only.
   */
  private static final class Stretch {
    final DB target;
    final MeasurementRegistry recording;
    final AtomicLong done;
    /** The operations this stretch may take; Long.MAX_VALUE for no limit. */
    final long limit;
    long count;

    Stretch(DB target, MeasurementRegistry recording, AtomicLong done, long limit) {
      this.target = target;
      this.recording = recording;
      this.done = done;
      this.limit = limit;
    }
  }

  /** Set by the runner before {@code go} opens (the latch publishes it); null when unpaced. */
  private Schedule schedule;
  /** Scheduled start of the current operation, or 0 when unpaced; read only by this thread. */
  private long intendedStartNanos;
  /** The current operation's wait for a connection ({@link #connectionWaited}), -1 for none reported. */
  private long connectionWaitNanos = -1;
  private volatile boolean initReturned;
  private volatile Throwable initFailure;
  private volatile Throwable crash;
  private volatile boolean insertFailed;
  private volatile boolean loopEnded;
  private volatile boolean finished;

  /**
   * What every client thread of a phase does.
   *
   * @param props the workload's properties, for {@code DB.setProperties} and {@code Workload.initThread}
   * @param load whether the threads insert ({@code doInsert}) rather than run transactions ({@code doTransaction})
   * @param spinSleep whether a paced thread spins rather than parks until its next operation is due
   * @param registry where the measured operations record
   */
  record Work(Properties props, boolean load, boolean spinSleep, MeasurementRegistry registry) {
  }

  /**
   * The client threads of a phase as a group.
   *
   * @param threadCount how many there are, for {@code Workload.initThread}
   * @param kind the kind of thread each runs on
   * @param gates where they meet the runner
   * @param stop the run's stop signal
   * @param heap holds the heap's reserve, freed by the first thread that runs out of heap
   */
  record Crew(int threadCount, ThreadKind kind, RunGates gates, StopSignal stop, HeapWatch heap) {
  }

  /**
   * @param index the thread's index in its crew, from 0
   * @param db the thread's own store connection, not yet initialised
   * @param workload the workload it draws operations from
   * @param quota the operations it does, 0 for no limit
   * @param work what it does
   * @param crew the group it belongs to
   */
  ClientThread(int index, DB db, Workload workload, long quota, Work work, Crew crew) {
    this.index = index;
    this.threadCount = crew.threadCount();
    this.registry = work.registry();
    this.recording = registry;
    this.db = db;
    this.measured = new MeasuredDb(db, this, registry);
    this.measuredStretch = new Stretch(measured, registry, opsDone, quota == 0 ? Long.MAX_VALUE : quota);
    this.stretch = measuredStretch;
    this.workload = workload;
    this.props = work.props();
    this.load = work.load();
    this.quota = quota;
    this.stop = crew.stop();
    this.heap = crew.heap();
    this.spinSleep = work.spinSleep();
    this.gates = crew.gates();
    this.thread = crew.kind().newThread("ycsb-client-" + index, this);
  }

  /** Starts the client's thread. */
  void start() {
    thread.start();
  }

  /**
   * Interrupts the client's thread. On a virtual thread, a socket read it is blocked in is woken and the socket
   * closed (JEP 444); on a platform thread, only a binding that checks the flag sees it.
   */
  void interrupt() {
    thread.interrupt();
  }

  /**
   * Makes the thread start with a warm-up: its operations are recorded into {@code scratch}, not counted,
   * and not held against the quota, until {@link #endWarmup()}. Call before {@code go} opens.
   *
   * @param scratch a registry whose figures are thrown away
   */
  void warmUpWith(MeasurementRegistry scratch) {
    this.stretch = new Stretch(new MeasuredDb(db, this, scratch), scratch, warmupOpsDone, Long.MAX_VALUE);
  }

  /**
   * Ends the warm-up: the thread's next operation is the first one measured. Each thread switches
   * between two operations, so no operation is split between warm-up and measurement.
   */
  void endWarmup() {
    stretch = measuredStretch;
  }

  void schedule(Schedule s) {
    this.schedule = s;
  }

  @Override
  public long intendedStartNanos() {
    return intendedStartNanos;
  }

  @Override
  public int slot() {
    return index;
  }

  @Override
  public MeasurementRegistry registry() {
    return recording;
  }

  @Override
  public void connectionWaited(long nanos) {
    connectionWaitNanos = Math.max(connectionWaitNanos, 0) + nanos;
  }

  /** @return the current operation's wait for a connection, in nanoseconds, or -1 when it reported none; resets it */
  long takeConnectionWait() {
    long w = connectionWaitNanos;
    if (w >= 0) {
      connectionWaitNanos = -1;
    }
    return w;
  }

  @Override
  public void run() {
    ScheduledThread.bind(this);
    Object state = null;
    boolean initialized = false;
    try {
      try {
        measured.setProperties(props);
        measured.init();
        initialized = true;
        state = workload.initThread(props, index, threadCount);
      } catch (Throwable t) {
        initFailure = t;
      } finally {
        initReturned = true;
        gates.ready().countDown();
      }
      if (initFailure == null && await(gates.go()) && stop.reason() != StopSignal.Reason.ABORTED) {
        try {
          loop(state);
        } catch (Throwable t) {
          crash = t;
          if (t instanceof OutOfMemoryError) {
            // the reserve gives the other threads room at once; every thread stops before the heap is needed to
            // write what was measured (MeasurePhase reports it); neither call allocates
            heap.release();
            stop.request(StopSignal.Reason.OUT_OF_MEMORY);
          }
        }
      }
      loopEnded = true;
      gates.operationsEnded().countDown();
      await(gates.cleanupAllowed());
      if (initialized) {
        try {
          cleanup();
        } catch (Throwable t) { // recording the clean-up's time on a full heap: the crash, not the thread's end
          if (crash == null) {
            crash = t;
          }
        }
      }
    } finally {
      finished = true;
      gates.done().countDown();
    }
  }

  private static boolean await(CountDownLatch gate) {
    try {
      gate.await();
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (OutOfMemoryError e) {
      // a waiting thread takes a queue node from the heap; on a full heap, poll instead, which takes none
      return pollUntilOpen(gate);
    }
  }

  private static boolean pollUntilOpen(CountDownLatch gate) {
    try {
      while (gate.getCount() > 0) {
        Thread.sleep(1);
      }
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private void loop(Object state) {
    final Schedule paced = schedule;
    while (!stop.requested() && !workload.isStopRequested()) {
      // read once per operation, so that no operation is split between the warm-up and the measured time
      Stretch s = stretch;
      if (s.count >= s.limit) {
        break;
      }
      recording = s.recording;
      if (paced != null) {
        long due = paced.nextIntendedStartNanos();
        intendedStartNanos = due;
        if (!sleepUntil(due)) {
          break;
        }
      }
      boolean more = load ? workload.doInsert(s.target, state) : workload.doTransaction(s.target, state);
      if (!more) {
        insertFailed = load;
        break;
      }
      s.done.lazySet(++s.count);
    }
  }

  /** @return false if a stop was requested while waiting */
  private boolean sleepUntil(long deadline) {
    long now;
    while ((now = System.nanoTime()) < deadline) {
      if (stop.requested()) {
        return false;
      }
      if (spinSleep) {
        Thread.onSpinWait();
      } else {
        LockSupport.parkNanos(Math.min(deadline - now, MAX_PARK_NANOS));
      }
    }
    return true;
  }

  private void cleanup() {
    intendedStartNanos = 0;
    long start = System.nanoTime();
    try {
      measured.cleanup();
    } catch (Throwable t) {
      if (crash == null) {
        crash = t;
      }
    }
    long nanos = System.nanoTime() - start;
    registry.operation(Operation.CLEANUP).ok().record(index, nanos, nanos);
  }

  /** @return whether this thread has left its operation loop */
  boolean loopEnded() {
    return loopEnded;
  }

  /** @return operations completed so far, every status counted */
  long opsDone() {
    return opsDone.get();
  }

  /** @return operations done while warming up so far, every status counted */
  long warmupOpsDone() {
    return warmupOpsDone.get();
  }

  /** @return operations still to do, 0 when unlimited */
  long opsTodo() {
    return quota == 0 ? 0 : Math.max(0, quota - opsDone.get());
  }

  int index() {
    return index;
  }

  DB db() {
    return db;
  }

  /** @return whether {@code DB.init()} (and the workload's thread set-up) has returned or thrown */
  boolean initReturned() {
    return initReturned;
  }

  Throwable initFailure() {
    return initFailure;
  }

  Throwable crash() {
    return crash;
  }

  boolean insertFailed() {
    return insertFailed;
  }

  boolean finished() {
    return finished;
  }
}
