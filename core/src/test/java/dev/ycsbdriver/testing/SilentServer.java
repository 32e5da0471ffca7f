package dev.ycsbdriver.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server that accepts TCP connections on a free loopback port and never answers: no greeting, no
 * reply, no close. What a store looks like whose process is hung, or a wrong port where something else
 * listens. {@link #close()} closes the listener and every accepted connection.
 *
 * <p>Thread-safe.
 */
public final class SilentServer implements AutoCloseable {
  private final ServerSocket listener;
  private final List<Socket> accepted = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();

  private SilentServer(ServerSocket listener) {
    this.listener = listener;
  }

  /**
   * @return a started server on 127.0.0.1 and an ephemeral port
   * @throws IOException when no port can be bound
   */
  public static SilentServer start() throws IOException {
    SilentServer server = new SilentServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
    Thread acceptor = new Thread(server::acceptForever, "silent-server-" + server.port());
    acceptor.setDaemon(true);
    acceptor.start();
    return server;
  }

  private void acceptForever() {
    while (!listener.isClosed()) {
      try {
        accepted.add(listener.accept());
        connections.incrementAndGet();
      } catch (IOException e) {
        return;
      }
    }
  }

  /** @return the listening port */
  public int port() {
    return listener.getLocalPort();
  }

  /** @return how many connections were accepted so far */
  public int connections() {
    return connections.get();
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket s : accepted) {
      s.close();
    }
  }
}
