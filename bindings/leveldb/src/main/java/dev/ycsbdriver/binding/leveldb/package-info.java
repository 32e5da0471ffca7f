/**
 * The {@code leveldb} binding: Google's LevelDB through leveldbjni, embedded in the driver's process, one
 * database directory shared by every client thread.
 */
package dev.ycsbdriver.binding.leveldb;
