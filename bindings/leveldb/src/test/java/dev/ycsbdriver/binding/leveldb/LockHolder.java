package dev.ycsbdriver.binding.leveldb;

import java.io.File;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.Options;

/**
 * A child process for {@link LevelDbIT}: opens the database in {@code args[0]}, prints {@code open}, and holds
 * it (and its LOCK file) until its standard input ends.
 */
public final class LockHolder {
  private LockHolder() {
  }

  public static void main(String[] args) throws Exception {
    try (DB db = JniDBFactory.factory.open(new File(args[0]), new Options().createIfMissing(true))) {
      System.out.println("open");
      System.out.flush();
      while (System.in.read() >= 0) {
        // hold until the parent closes our input
      }
    }
  }
}
