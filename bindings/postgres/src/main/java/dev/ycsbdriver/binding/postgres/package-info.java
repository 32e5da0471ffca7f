/** The {@code postgres} binding: PostgreSQL through pgjdbc, with durability profiles on {@code synchronous_commit}. */
package dev.ycsbdriver.binding.postgres;
