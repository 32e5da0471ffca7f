/**
 * The binding SPI: how a store plugs into the driver. A binding module implements
 * {@link dev.ycsbdriver.spi.BindingProvider}, registers it with {@link java.util.ServiceLoader},
 * and produces upstream-compatible {@code site.ycsb.DB} instances, one per client thread. A binding
 * that changes server-wide settings journals them first with {@link dev.ycsbdriver.spi.RestoreJournal}.
 */
package dev.ycsbdriver.spi;
