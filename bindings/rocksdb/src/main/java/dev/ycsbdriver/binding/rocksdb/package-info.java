/**
 * The {@code rocksdb} binding: an embedded RocksDB database inside the driver's process, one column family per
 * table, records encoded by {@link dev.ycsbdriver.binding.rocksdb.RecordCodec}.
 */
package dev.ycsbdriver.binding.rocksdb;
