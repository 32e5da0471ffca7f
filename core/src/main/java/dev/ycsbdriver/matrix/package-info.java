/**
 * Matrices: a YAML file of stores x durability profiles x workloads x thread counts x repeats
 * ({@link dev.ycsbdriver.matrix.MatrixFile}, its top-level keys declared in {@link dev.ycsbdriver.matrix.MatrixKey},
 * validated into a {@link dev.ycsbdriver.matrix.MatrixSpec}),
 * run cell by cell, each cell in its own driver process, the repeats interleaved in a seeded shuffled order
 * ({@link dev.ycsbdriver.matrix.MatrixOrder}), resumable after a crash or Ctrl-C
 * ({@link dev.ycsbdriver.matrix.MatrixRunner}), with an optional crash test cell per store and profile and
 * another party's reference figures for the report ({@link dev.ycsbdriver.matrix.MatrixSections}). Before the first
 * cell the whole matrix is checked, every problem at once ({@link dev.ycsbdriver.matrix.MatrixFileException},
 * {@link dev.ycsbdriver.matrix.MatrixPreflight}), its output directory claimed as empty or its own
 * ({@link dev.ycsbdriver.matrix.MatrixOutput}) and locked against a second matrix
 * ({@link dev.ycsbdriver.matrix.MatrixLock}).
 */
package dev.ycsbdriver.matrix;
