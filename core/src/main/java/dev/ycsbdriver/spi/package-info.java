/**
 * The binding SPI: the contract by which a store plugs into the driver. A binding module implements
 * {@link dev.ycsbdriver.spi.BindingProvider}, registers it with {@link java.util.ServiceLoader}, and produces
 * upstream-compatible {@code site.ycsb.DB} instances, one per client thread; {@link dev.ycsbdriver.spi.Binding#of}
 * makes a binding of its parts, {@link dev.ycsbdriver.spi.ServerFacts} says what the store read back, and an embedded
 * store names its files with a {@link dev.ycsbdriver.spi.StoreFiles}. What a binding may use to do its work is in
 * {@link dev.ycsbdriver.spi.support}; nothing here depends on it.
 */
package dev.ycsbdriver.spi;
