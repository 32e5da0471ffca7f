package dev.ycsbdriver.binding.mongodb;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * The server of the mongodb integration tests: a real MongoDB when {@code YCSB_IT_MONGODB_URI} is set, otherwise
 * the in-process wire-protocol server {@code de.bwaldvogel:mongo-java-server} (memory backend) on a spare loopback
 * port. {@link #close()} stops the in-process server; a real one is left running. One owner; not thread-safe.
 */
final class ItServer implements AutoCloseable {
  private final MongoServer inProcess;
  private final String url;

  private ItServer(MongoServer inProcess, String url) {
    this.inProcess = inProcess;
    this.url = url;
  }

  /**
   * @param test the test's name, for the line on stderr that says which server it uses
   * @return the server; close it
   */
  static ItServer start(String test) {
    String real = System.getenv("YCSB_IT_MONGODB_URI");
    if (real != null && !real.isBlank()) {
      System.err.println(test + ": real MongoDB from YCSB_IT_MONGODB_URI");
      return new ItServer(null, real);
    }
    MongoServer server = new MongoServer(new MemoryBackend());
    server.bind("127.0.0.1", 0);
    String url = "mongodb://127.0.0.1:" + server.getLocalAddress().getPort();
    System.err.println(test + ": in-process mongo-java-server at " + url);
    return new ItServer(server, url);
  }

  /** @return the connection string */
  String url() {
    return url;
  }

  /** @return whether this is a real MongoDB (from {@code YCSB_IT_MONGODB_URI}) */
  boolean real() {
    return inProcess == null;
  }

  @Override
  public void close() {
    if (inProcess != null) {
      inProcess.shutdownNow();
    }
  }
}
