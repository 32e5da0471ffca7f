package dev.ycsbdriver.binding.mongodb;

import java.util.Map;

/**
 * The binding contract of {@link MongoIT} again, with one connection shared by all client threads (the driver's
 * pool of one; {@code mongodb.connections=shared}).
 */
class MongoSharedConnectionIT extends MongoIT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("mongodb.connections", "shared");
  }
}
