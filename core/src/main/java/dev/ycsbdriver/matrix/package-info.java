/**
 * Matrices: a YAML file of stores x durability profiles x workloads x thread counts x repeats
 * ({@link dev.ycsbdriver.matrix.MatrixFile}, validated into a {@link dev.ycsbdriver.matrix.MatrixSpec}),
 * run cell by cell, each cell in its own driver process, resumable after a crash or Ctrl-C
 * ({@link dev.ycsbdriver.matrix.MatrixRunner}).
 */
package dev.ycsbdriver.matrix;
