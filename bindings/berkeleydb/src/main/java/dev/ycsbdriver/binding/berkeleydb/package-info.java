/**
 * The {@code berkeleydb} binding: Berkeley DB Java Edition ({@code com.sleepycat:je}) embedded in the driver's
 * process, one environment per run, one JE database per YCSB table, transactional or not.
 */
package dev.ycsbdriver.binding.berkeleydb;
