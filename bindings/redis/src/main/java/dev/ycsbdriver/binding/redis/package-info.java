/** The {@code redis} binding: Redis through Jedis, one hash per record, a sorted-set index for scans. */
package dev.ycsbdriver.binding.redis;
