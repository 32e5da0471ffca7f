/**
 * Configuration: declared keys ({@link dev.ycsbdriver.config.PropertySpec}), the merged and
 * validated property set ({@link dev.ycsbdriver.config.Settings}), and secret masking.
 */
package dev.ycsbdriver.config;
