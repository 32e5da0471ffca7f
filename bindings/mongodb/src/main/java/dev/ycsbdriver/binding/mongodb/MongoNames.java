package dev.ycsbdriver.binding.mongodb;

import dev.ycsbdriver.config.ConfigException;
import dev.ycsbdriver.config.Identifier;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * MongoDB's rules for database and collection names, from the manual's "Naming Restrictions"
 * (mongodb.com/docs/manual/reference/limits/#naming-restrictions), checked before the binding connects, so a name
 * the server or the driver would refuse ends the command with one line and exit code 2.
 *
 * <p>A database name is not empty, at most 63 bytes (UTF-8), holds none of {@code / \ . " $ * < > : | ?}, a space
 * or a NUL (the union of the Unix and Windows rules, since the driver cannot know the server's system), and is
 * not one of the server's own databases ({@code admin}, {@code local}, {@code config}). A collection name is not
 * empty, holds neither {@code $} nor NUL, does not start with {@code system.} (reserved for the server), and its
 * namespace ({@code database.collection}) is at most 255 bytes.
 *
 * <p>Stateless and thread-safe.
 */
final class MongoNames {
  /** The longest database name, in UTF-8 bytes. */
  static final int MAX_DATABASE_BYTES = 63;
  /** The longest namespace ({@code database.collection}), in UTF-8 bytes, since MongoDB 4.4. */
  static final int MAX_NAMESPACE_BYTES = 255;
  private static final String DATABASE_FORBIDDEN = "/\\.\"$*<>:|? \0";
  private static final Set<String> SERVER_DATABASES = Set.of("admin", "local", "config");

  private MongoNames() {
  }

  /**
   * @param key the key that gave the name, subject of the message
   * @param database the database name as given
   * @throws ConfigException when MongoDB would refuse the name or it is one of the server's own databases
   */
  static void checkDatabase(String key, String database) throws ConfigException {
    String problem = databaseProblem(database);
    if (problem != null) {
      throw new ConfigException(key + ": " + problem + ", got '" + Identifier.printable(database) + "'");
    }
  }

  /**
   * @param key the key that gave the name, subject of the message
   * @param database a valid database name ({@link #checkDatabase})
   * @param collection the collection name as given
   * @throws ConfigException when MongoDB would refuse the collection name or the namespace is too long
   */
  static void checkCollection(String key, String database, String collection) throws ConfigException {
    String problem = collectionProblem(database, collection);
    if (problem != null) {
      throw new ConfigException(key + ": " + problem + ", got '" + Identifier.printable(collection) + "'");
    }
  }

  private static String databaseProblem(String name) {
    if (name.isEmpty()) {
      return "a MongoDB database name must not be empty";
    }
    for (int i = 0; i < name.length(); i++) {
      if (DATABASE_FORBIDDEN.indexOf(name.charAt(i)) >= 0) {
        return "a MongoDB database name must not contain / \\ . \" $ * < > : | ?, a space or NUL";
      }
    }
    if (bytes(name) > MAX_DATABASE_BYTES) {
      return "a MongoDB database name must be at most " + MAX_DATABASE_BYTES + " bytes in UTF-8 (this one is "
          + bytes(name) + ")";
    }
    if (SERVER_DATABASES.contains(name.toLowerCase(java.util.Locale.ROOT))) {
      return "a database of the server's own (admin, local, config) is not for benchmark records";
    }
    return null;
  }

  private static String collectionProblem(String database, String name) {
    if (name.isEmpty()) {
      return "a MongoDB collection name must not be empty";
    }
    if (name.indexOf('$') >= 0 || name.indexOf('\0') >= 0) {
      return "a MongoDB collection name must not contain $ or NUL";
    }
    if (name.startsWith("system.")) {
      return "a MongoDB collection name must not start with system. (the server's own collections)";
    }
    int namespace = bytes(database) + 1 + bytes(name);
    if (namespace > MAX_NAMESPACE_BYTES) {
      return "a MongoDB namespace, database.collection, must be at most " + MAX_NAMESPACE_BYTES
          + " bytes in UTF-8 (this one is " + namespace + ")";
    }
    return null;
  }

  private static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }
}
