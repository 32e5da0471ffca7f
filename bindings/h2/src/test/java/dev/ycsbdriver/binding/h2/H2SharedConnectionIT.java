package dev.ycsbdriver.binding.h2;

import java.util.Map;

/** The binding contract of {@link H2IT} again, with one connection shared by all client threads ({@code h2.connections=shared}). */
class H2SharedConnectionIT extends H2IT {
  @Override
  protected Map<String, String> connectionMode() {
    return Map.of("h2.connections", "shared");
  }
}
