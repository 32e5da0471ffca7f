package dev.ycsbdriver.binding.berkeleydb;

import com.sleepycat.je.DatabaseException;
import com.sleepycat.je.EnvironmentFailureException;
import com.sleepycat.je.EnvironmentLockedException;
import com.sleepycat.je.VersionMismatchException;
import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.spi.BindingException;
import java.nio.file.Path;

/**
 * Turns a JE failure at start-up into one line: exit code 2 for a setting JE refuses, 3 for an environment that
 * cannot be opened. JE's messages start with {@code (JE 18.3.12)} and may run over several lines; the line keeps
 * the first, without that prefix. Stateless.
 */
final class BerkeleyFailures {
  private static final String BINDING = "berkeleydb: ";

  private BerkeleyFailures() {
  }

  /**
   * @param dir the environment directory
   * @param e what {@code new Environment(...)} threw
   * @return the exception for exit code 3
   */
  static BindingException openFailure(Path dir, DatabaseException e) {
    String message;
    if (e instanceof EnvironmentLockedException) {
      message = "environment " + dir + " is in use by another process (its je.lck is locked); stop that process "
          + "or give another berkeleydb.dir";
    } else if (e instanceof VersionMismatchException) {
      message = "environment " + dir + " was written by an incompatible JE version: " + firstLine(e.getMessage());
    } else if (e instanceof EnvironmentFailureException) {
      message = "cannot open environment " + dir + " (" + firstLine(e.getMessage()) + "); is the directory "
          + "writable and its log intact?";
    } else {
      message = "cannot open environment " + dir + " (" + firstLine(e.getMessage()) + ")";
    }
    return new BindingException(BINDING + message, e);
  }

  /**
   * @param dir the environment directory
   * @param e JE's refusal of the configuration (e.g. a cache larger than the heap)
   * @return the exception for exit code 2
   */
  static ConfigException refusedSetting(Path dir, IllegalArgumentException e) {
    return new ConfigException(BINDING + "JE refuses the configuration of environment " + dir + ": "
        + firstLine(e.getMessage()));
  }

  /**
   * @param what what the binding was doing, e.g. {@code preparing table usertable}
   * @param e JE's failure
   * @return the exception for exit code 3
   */
  static BindingException failure(String what, DatabaseException e) {
    return new BindingException(BINDING + what + " failed: " + firstLine(e.getMessage()), e);
  }

  /**
   * @param text an exception's message, possibly null or multi-line
   * @return its first line without JE's {@code (JE x.y.z) } prefix
   */
  static String firstLine(String text) {
    if (text == null) {
      return "no message";
    }
    int nl = text.indexOf('\n');
    String line = (nl < 0 ? text : text.substring(0, nl)).strip();
    if (line.startsWith("(JE ")) {
      int close = line.indexOf(')');
      line = line.substring(close + 1).strip();
    }
    return line;
  }
}
