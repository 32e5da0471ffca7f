/** The {@code sqlite} binding: an SQLite file database in WAL mode through xerial's sqlite-jdbc. */
package dev.ycsbdriver.binding.sqlite;
