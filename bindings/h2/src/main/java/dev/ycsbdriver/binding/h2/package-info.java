/** The {@code h2} binding: an embedded H2 file database inside the driver's process. */
package dev.ycsbdriver.binding.h2;
