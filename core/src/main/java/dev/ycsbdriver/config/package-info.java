/**
 * Configuration: declared keys ({@link dev.ycsbdriver.config.PropertySpec}), the merged and
 * validated property set ({@link dev.ycsbdriver.config.Settings}), and secret masking. The keys the runner and
 * the bindings share live here: the run's ({@link dev.ycsbdriver.config.RunConfig}) and YCSB CoreWorkload's
 * ({@link dev.ycsbdriver.config.CoreWorkloadKeys}); read them through their specs, never by their strings.
 */
package dev.ycsbdriver.config;
