package dev.ycsbdriver.crash;

import dev.ycsbdriver.spi.support.RestoreJournal;
import dev.ycsbdriver.spi.ServerLocation;
import java.nio.file.Path;

/**
 * What a failed round says of a server it crashed and that does not answer: where it is and the command that starts
 * it again (the built-in restart's command line, {@code restart.command}, or the usual way), secrets masked.
 *
 * <p>Stateless and thread-safe.
 */
final class ServerLeftDown {
  private ServerLeftDown() {
  }

  /**
   * Writes the line to stderr too.
   *
   * @param context the test's shared setup
   * @param round the round number
   * @param dir the round's directory
   * @param captured what the built-in crash killed, or null
   * @param restartedServer the server the built-in restart started, or null
   * @param unanswered true when the round ended because the store did not answer (the wait for it timed out or a
   *     second signal cut it short): a server that listens on its port is then still said, as one that does not
   *     answer yet (PostgreSQL replaying its WAL, Redis loading its AOF)
   * @return the line, or null when the server listens on its port and {@code unanswered} is false
   */
  static String line(RoundContext context, int round, Path dir, ServerCrash.Captured captured,
                     Process restartedServer, boolean unanswered) {
    CrashRequest request = context.request();
    String where = request.provider().name();
    String state = " may be left down (it cannot be checked from here); start it again with: ";
    if (context.location() instanceof ServerLocation.LocalProcesses local && local.port() > 0) {
      where += " at " + local.host() + ":" + local.port();
      state = " is left down; start it again with: ";
      if (ServerRestart.listening(local.host(), local.port())) {
        if (!unanswered) {
          return null;
        }
        state = " listens but does not answer yet; if it does not come up, start it again with: ";
      }
    }
    String settingsNote = "; the next bin/ycsb command against it puts back any server-wide setting the profile "
        + "changed (journal in " + RestoreJournal.directory(request.settings()) + ")";
    if (restartedServer != null && restartedServer.isAlive()) {
      String line = where + " does not answer yet: the restarted server (pid " + restartedServer.pid()
          + ") is still starting, see " + dir.resolve("server-restart.log") + "; if it does not come up, start it "
          + "again with: " + startCommand(context, captured) + settingsNote;
      context.say(round, line);
      return line;
    }
    String line = where + state + startCommand(context, captured) + settingsNote;
    context.say(round, line);
    return line;
  }

  /** @return the command that starts the server again, its secrets masked */
  private static String startCommand(RoundContext context, ServerCrash.Captured captured) {
    String how;
    if (captured != null) {
      how = "cd " + quote(captured.directory().toString()) + " && " + String.join(" ",
          ServerRestart.command(captured).stream().map(ServerLeftDown::quote).toList());
    } else if (context.config().restartCommand() != null) {
      how = context.config().restartCommand() + " (restart.command)";
    } else {
      how = "the way it is usually started (crash.command crashed it; no restart command is known)";
    }
    for (String secret : context.request().secrets().values()) {
      if (secret != null && !secret.isEmpty()) {
        how = how.replace(secret, "****");
      }
    }
    return how;
  }

  /** @return the word as a POSIX shell reads it back: as is when it is plain, else in single quotes */
  static String quote(String word) {
    return word.matches("[A-Za-z0-9_@%+=:,./-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
  }
}
