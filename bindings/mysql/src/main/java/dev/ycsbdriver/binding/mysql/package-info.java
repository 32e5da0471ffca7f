/** The {@code mysql} binding (alias {@code mariadb}): MySQL and MariaDB through MySQL Connector/J. */
package dev.ycsbdriver.binding.mysql;
