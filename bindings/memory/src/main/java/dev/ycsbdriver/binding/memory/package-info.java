/** The {@code memory} binding: a {@code ConcurrentSkipListMap} store in the driver's own process. */
package dev.ycsbdriver.binding.memory;
