/**
 * The shared JDBC base of the SQL bindings (schema, statements, one connection per client thread,
 * error mapping) and the YCSB-compatible generic {@code jdbc} binding with upstream's {@code db.*} keys.
 */
package dev.ycsbdriver.binding.jdbc;
