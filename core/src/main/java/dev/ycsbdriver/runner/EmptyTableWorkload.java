package dev.ycsbdriver.runner;

import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's CoreWorkload that can insert into an empty table in its run phase. CoreWorkload reads
 * {@code recordcount=0} as {@link Integer#MAX_VALUE} (upstream YCSB 0.17), so its inserts on an empty table take key
 * numbers from 2^31-1 on, where the next run, told the table's real size, would look for them from 0. With
 * {@code recordcount=0} this workload's inserts take key numbers from {@code insertstart} (default 0) on, as a load
 * would; with any other record count it is CoreWorkload unchanged. Only inserts are meaningful on an empty table:
 * reads, updates and scans choose among no records. Seed 000's CRUD scenario starts with one.
 *
 * <p>Use: {@code workload=dev.ycsbdriver.runner.EmptyTableWorkload}. Thread-safe as CoreWorkload: one instance
 * serves every client thread.
 */
public class EmptyTableWorkload extends CoreWorkload {
  /**
   * @param p the run's properties, CoreWorkload's
   * @throws WorkloadException as CoreWorkload's {@code init}, or when {@code recordcount} or {@code insertstart} is
   *     not a whole number
   */
  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    try {
      if (Long.parseLong(p.getProperty(site.ycsb.Client.RECORD_COUNT_PROPERTY, "0").trim()) == 0) {
        transactioninsertkeysequence = new AcknowledgedCounterGenerator(
            Long.parseLong(p.getProperty(INSERT_START_PROPERTY, INSERT_START_PROPERTY_DEFAULT).trim()));
      }
    } catch (NumberFormatException e) {
      throw new WorkloadException("recordcount, insertstart: not a whole number: " + e.getMessage(), e);
    }
  }
}
