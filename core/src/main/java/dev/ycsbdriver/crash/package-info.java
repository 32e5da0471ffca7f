/**
 * The crash test ({@code bin/ycsb crashtest}): a writer process keeps a ledger of acknowledged writes, the store
 * is crashed and restarted, and an audit counts the acknowledged writes the store lost.
 */
package dev.ycsbdriver.crash;
