package dev.ycsbdriver.runner;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's CoreWorkload whose run phase deletes records, oldest first: each operation deletes the record of the next
 * key number from {@code insertstart} (default 0) on, one counter shared by every client thread, so no record is
 * deleted twice and, with {@code operationcount} at most the records loaded, every delete finds its record. The
 * key names are CoreWorkload's ({@code insertorder}, {@code zeropadding}); the load phase is CoreWorkload's.
 * CoreWorkload itself has no delete among its operations (upstream YCSB 0.17); seed 000's CRUD scenario ends with
 * deletes. Each delete is measured as {@code DELETE}; a record that is gone already is {@code NOT_FOUND}.
 *
 * <p>Use: {@code workload=dev.ycsbdriver.runner.DeleteWorkload}. Thread-safe: one instance serves every client
 * thread.
 */
public class DeleteWorkload extends CoreWorkload {
  private final AtomicLong next = new AtomicLong();

  /**
   * @param p the run's properties, CoreWorkload's
   * @throws WorkloadException as CoreWorkload's {@code init}, or when {@code insertstart} is not a whole number
   */
  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    String start = p.getProperty(INSERT_START_PROPERTY, INSERT_START_PROPERTY_DEFAULT).trim();
    try {
      next.set(Long.parseLong(start));
    } catch (NumberFormatException e) {
      throw new WorkloadException("insertstart: not a whole number: " + start, e);
    }
  }

  /**
   * Deletes the record of the next key number.
   *
   * @return true: the client thread goes on whatever the delete's status, which its measurement records
   */
  @Override
  public boolean doTransaction(DB db, Object threadState) {
    db.delete(table, buildKeyName(next.getAndIncrement()));
    return true;
  }
}
