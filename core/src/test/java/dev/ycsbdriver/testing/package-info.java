/**
 * Test helpers shipped in core's test-jar for the bindings' tests: the binding contract, stub
 * stores, command-line runs, summary-line parsing, test resources, {@link
 * dev.ycsbdriver.testing.PrivateMariadb} (a MariaDB of the test's own on a spare port), and {@link
 * dev.ycsbdriver.testing.BrowserCheck}, which opens an HTML report in headless Chromium.
 */
package dev.ycsbdriver.testing;
