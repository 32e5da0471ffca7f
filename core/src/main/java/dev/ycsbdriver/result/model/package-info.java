/**
 * The typed model of the result JSON ({@code result.json}, schema versions 1 to 3): records that Jackson writes
 * and reads, field for field, in the document's order. The runner's writer, the merge, the matrix and every report
 * share it, so no field name is spelled outside these records. Absent fields of older results read as null. A crash
 * test's result is written as a {@link dev.ycsbdriver.result.model.CrashResultDocument} and read, like every result,
 * as a {@link dev.ycsbdriver.result.model.ResultDocument}; both hold its {@code crash} object as a
 * {@link dev.ycsbdriver.result.model.CrashSection}.
 *
 * <p>Every record is immutable and thread-safe once built.
 */
package dev.ycsbdriver.result.model;
