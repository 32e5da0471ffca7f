/** The {@code memory} binding: a hash-map store (keys also in a skip list for scans) in the driver's own process. */
package dev.ycsbdriver.binding.memory;
