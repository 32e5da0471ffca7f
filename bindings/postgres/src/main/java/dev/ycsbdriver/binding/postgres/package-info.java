/**
 * The {@code postgres} binding: PostgreSQL through pgjdbc, with durability profiles on the session's
 * {@code synchronous_commit} and on server-wide settings set with {@code ALTER SYSTEM} and restored.
 */
package dev.ycsbdriver.binding.postgres;
