/**
 * The binding SPI: how a store plugs into the driver. A binding module implements
 * {@link dev.ycsbdriver.spi.BindingProvider}, registers it with {@link java.util.ServiceLoader},
 * and produces upstream-compatible {@code site.ycsb.DB} instances, one per client thread. A binding
 * that changes server-wide settings journals them first with {@link dev.ycsbdriver.spi.RestoreJournal}, keyed on
 * the server's identity, and holds a lock in the server meanwhile, counted per process by
 * {@link dev.ycsbdriver.spi.SettingsOwner}, and puts them back once through
 * {@link dev.ycsbdriver.spi.ChangedSettings}. {@link dev.ycsbdriver.spi.Binding#of} makes a binding of its parts;
 * {@link dev.ycsbdriver.spi.StoreDirectory} checks and resolves an embedded store's directory.
 */
package dev.ycsbdriver.spi;
