package dev.ycsbdriver.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Many connections that each send only a request line and then wait, as a hostile client would to exhaust a
 * server's connections or file descriptors. Closing the flood closes every socket it still holds.
 *
 * <p>Not thread-safe; one test at a time.
 */
public final class HalfOpenFlood implements AutoCloseable {
  private final List<Socket> sockets = new ArrayList<>();
  private int refused;

  private HalfOpenFlood() {
  }

  /**
   * Opens the connections one after the other; a connection the server refuses or resets while it is being
   * opened is counted, not thrown.
   *
   * @param port a loopback port
   * @param connections how many to open
   * @param requestLine what each sends, e.g. {@code GET /cpu HTTP/1.1}; no blank line follows
   * @return the open flood
   */
  public static HalfOpenFlood open(int port, int connections, String requestLine) {
    HalfOpenFlood flood = new HalfOpenFlood();
    byte[] partial = (requestLine + "\r\n").getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < connections; i++) {
      Socket s = new Socket();
      try {
        s.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
        s.getOutputStream().write(partial);
        flood.sockets.add(s);
      } catch (IOException e) {
        flood.refused++;
        closeQuietly(s);
      }
    }
    return flood;
  }

  /** @return connections that failed while they were being opened */
  public int refused() {
    return refused;
  }

  /**
   * @return how many of the flood's connections the server still holds open: a read neither sees the end of the
   *     stream nor a reset within a millisecond
   */
  public int stillOpen() {
    int open = 0;
    for (Socket s : sockets) {
      try {
        s.setSoTimeout(1);
        InputStream in = s.getInputStream();
        if (in.read() >= 0) {
          open++; // the server answered something, and the connection is still there
        }
      } catch (SocketTimeoutException e) {
        open++;
      } catch (IOException e) {
        // reset by the server
      }
    }
    return open;
  }

  /**
   * Waits for the server to accept (or reset) what its accept queue still holds.
   *
   * @param most the open connections expected at most
   * @param timeout how long to wait for it
   * @return {@link #stillOpen()} once it is at most {@code most}, or at the timeout
   * @throws InterruptedException if interrupted while waiting
   */
  public int stillOpenOnceAtMost(int most, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    int open = stillOpen();
    while (open > most && System.nanoTime() < deadline) {
      Thread.sleep(100);
      open = stillOpen();
    }
    return open;
  }

  @Override
  public void close() {
    sockets.forEach(HalfOpenFlood::closeQuietly);
    sockets.clear();
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // nothing to do: it is going away either way
    }
  }
}
