/**
 * What a binding may use beside the {@link dev.ycsbdriver.spi} contract. A binding that changes server-wide
 * settings does it through {@link dev.ycsbdriver.spi.support.SettingsChange} with its own
 * {@link dev.ycsbdriver.spi.support.SettingsDialect}: the values are journaled first with
 * {@link dev.ycsbdriver.spi.support.RestoreJournal}, keyed on the server's identity, a lock is held in the server
 * meanwhile, counted per process by {@link dev.ycsbdriver.spi.support.SettingsOwner}, and they are put back once
 * through {@link dev.ycsbdriver.spi.support.ChangedSettings}. {@link dev.ycsbdriver.spi.support.StoreDirectory}
 * checks and resolves an embedded store's directory against every known store's files;
 * {@link dev.ycsbdriver.spi.support.NetworkTimeouts}, {@link dev.ycsbdriver.spi.support.ConnectionMode},
 * {@link dev.ycsbdriver.spi.support.ConnectionWait} and {@link dev.ycsbdriver.spi.support.FieldList} are the
 * network, connection and record helpers the bindings share.
 */
package dev.ycsbdriver.spi.support;
