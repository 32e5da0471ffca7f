package dev.ycsbdriver.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbdriver.result.model.ResultDocument;
import org.junit.jupiter.api.Test;

/** How many records a run cell leaves for the next cell of the same store, from its result. */
class MatrixInsertedTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ResultDocument result(String settings) throws Exception {
    return JSON.readValue("{\"server\": {\"settings\": " + settings + "},"
        + " \"warmupOperations\": {\"INSERT\": 7},"
        + " \"operations\": [{\"name\": \"READ\", \"operations\": 100}, {\"name\": \"INSERT\", \"operations\": 35}]}",
        ResultDocument.class);
  }

  @Test
  void aStoreThatKeepsItsRecordsGrowsByTheInsertsWarmUpIncluded() throws Exception {
    assertThat(MatrixRunner.inserted(result("{\"journal_mode\": \"WAL\"}"))).isEqualTo(42);
  }

  @Test
  void aStoreItsProcessPreloadedKeepsNothingForTheNextCell() throws Exception {
    // the memory binding: the next cell's process preloads recordcount records again, so its table size must
    // stay the matrix's recordcount (it grew 5,000 -> 41,546 over D and E, and F's preload outlasted a 2 s cell)
    assertThat(MatrixRunner.inserted(result("{\"preloaded_records\": \"5000\"}"))).isZero();
    // a listed scenario carries them on: the next cell preloads the table as this one left it
    assertThat(MatrixRunner.inserted(result("{\"preloaded_records\": \"5000\"}"), true)).isEqualTo(42);
  }
}
