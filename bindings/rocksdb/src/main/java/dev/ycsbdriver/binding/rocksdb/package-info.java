/**
 * The {@code rocksdb} binding: an embedded RocksDB database inside the driver's process, one column family per
 * table, records encoded by {@link dev.ycsbdriver.spi.support.FieldList#COUNTED}.
 */
package dev.ycsbdriver.binding.rocksdb;
