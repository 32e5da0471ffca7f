package dev.ycsbdriver.testing;

import site.ycsb.DBException;

/** A store that cannot be reached: {@code init()} fails, with a password in the message to be masked. */
public class FailingInitDb extends NoOpDb {
  @Override
  public void init() throws DBException {
    throw new DBException("connection refused to jdbc:postgresql://u:s3cret@127.0.0.1:1/x?password=s3cret");
  }
}
