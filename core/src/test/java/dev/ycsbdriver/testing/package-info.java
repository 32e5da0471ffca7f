/**
 * Test helpers shipped in core's test-jar for the bindings' tests: the binding contract, stub
 * stores (some that block in init, open or an operation, as a store that never answers does), a
 * {@link dev.ycsbdriver.testing.SilentServer} that accepts connections and never answers with the check
 * every network binding passes against it, command-line runs, summary-line parsing, test resources,
 * servers of the test's own on spare ports ({@link dev.ycsbdriver.testing.PrivatePostgres},
 * {@link dev.ycsbdriver.testing.PrivateMariadb}), and {@link
 * dev.ycsbdriver.testing.BrowserCheck}, which opens an HTML report in headless Chromium.
 */
package dev.ycsbdriver.testing;
