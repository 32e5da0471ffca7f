/**
 * The binding SPI: how a store plugs into the driver. A binding module implements
 * {@link dev.ycsbdriver.spi.BindingProvider}, registers it with {@link java.util.ServiceLoader},
 * and produces upstream-compatible {@code site.ycsb.DB} instances, one per client thread. A binding
 * that changes server-wide settings does it through {@link dev.ycsbdriver.spi.SettingsChange} with its own
 * {@link dev.ycsbdriver.spi.SettingsDialect}: the values are journaled first with
 * {@link dev.ycsbdriver.spi.RestoreJournal}, keyed on the server's identity, a lock is held in the server meanwhile,
 * counted per process by {@link dev.ycsbdriver.spi.SettingsOwner}, and they are put back once through
 * {@link dev.ycsbdriver.spi.ChangedSettings}. {@link dev.ycsbdriver.spi.Binding#of} makes a binding of its parts;
 * {@link dev.ycsbdriver.spi.StoreDirectory} checks and resolves an embedded store's directory.
 */
package dev.ycsbdriver.spi;
