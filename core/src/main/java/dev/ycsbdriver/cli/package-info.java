/** The command line: {@code load}, {@code run} and {@code bindings}, error messages and exit codes. */
package dev.ycsbdriver.cli;
