/** The {@code mongodb} binding: MongoDB through the official synchronous Java driver. */
package dev.ycsbdriver.binding.mongodb;
