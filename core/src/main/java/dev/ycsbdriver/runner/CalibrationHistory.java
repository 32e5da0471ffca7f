package dev.ycsbdriver.runner;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ycsbdriver.result.AtomicFile;
import dev.ycsbdriver.result.model.CalibrationSection;
import dev.ycsbdriver.result.model.MachineSection;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The machine's earlier calibrations, kept in a small JSON file of the user's ({@link CalibrationConfig#history()}),
 * and the reference a calibration is compared with: per machine, the median of its {@value #REFERENCE_SIZE} most
 * recent earlier calibrations (CPU score and fsync median each over the entries that have one). A machine is known by
 * its CPU model, logical cores, memory and host name, as the result's {@code machine} section records them. The file
 * keeps the newest {@value #KEPT_PER_MACHINE} entries of each machine; writers take a lock on {@code <file>.lock}.
 *
 * <p>Stateless and thread-safe; the file is shared between processes through the lock.
 */
public final class CalibrationHistory {
  /** Earlier calibrations a reference is the median of, at most. */
  public static final int REFERENCE_SIZE = 20;
  /** Entries kept per machine, the newest. */
  static final int KEPT_PER_MACHINE = 100;
  /** The reason of a reference when the machine has no earlier calibration. */
  public static final String NO_HISTORY = "no earlier calibration on this machine";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CalibrationHistory() {
  }

  /**
   * One earlier calibration.
   *
   * @param cpuModel the machine's CPU model
   * @param logicalCores its logical cores
   * @param memoryBytes its memory, bytes
   * @param hostName its host name
   * @param at when the calibration started, ISO-8601
   * @param cpuScoreOpsPerSec its CPU score, or null
   * @param fsyncMedianMicros its fsync median, microseconds, or null
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Entry(String cpuModel, Integer logicalCores, Long memoryBytes, String hostName, String at,
                      Double cpuScoreOpsPerSec, Double fsyncMedianMicros) {
    boolean sameMachine(MachineSection m) {
      return m != null && Objects.equals(cpuModel, m.cpuModel()) && Objects.equals(logicalCores, m.logicalCores())
          && Objects.equals(memoryBytes, m.memoryBytes()) && Objects.equals(hostName, m.hostName());
    }
  }

  /**
   * Compares two calibrations with the machine's calibrations from before {@code start} (a matrix's cells, which
   * calibrate between its start and its end, are not its reference), then adds them to the history. A history that cannot
   * be read leaves the reference unknown with its reason; one that cannot be written is reported on {@code err}; the
   * run goes on in both cases.
   *
   * @param file the history file; created with its directory when missing
   * @param machine the machine the calibrations ran on
   * @param start the calibration at the start, or null
   * @param end the calibration at the end, or null
   * @param err where a history that cannot be written is reported, one line
   * @return the section for the result
   */
  public static CalibrationSection record(Path file, MachineSection machine, CalibrationSection.Probe start,
                                          CalibrationSection.Probe end, PrintStream err) {
    CalibrationSection.Reference reference;
    try (FileChannel lockFile = lockFile(file); FileLock ignored = lockFile.lock()) {
      List<Entry> all = read(file);
      reference = reference(before(all, start), machine);
      List<Entry> added = new ArrayList<>(all);
      for (CalibrationSection.Probe p : Arrays.asList(start, end)) {
        if (p != null && (p.cpuScoreOpsPerSec() != null || p.fsyncMedianMicros() != null)) {
          added.add(new Entry(machine.cpuModel(), machine.logicalCores(), machine.memoryBytes(), machine.hostName(),
              p.at(), p.cpuScoreOpsPerSec(), p.fsyncMedianMicros()));
        }
      }
      try {
        write(file, trim(added, machine));
      } catch (IOException e) {
        err.println("Warning: calibration history " + file + ": cannot write (" + e.getMessage() + "); this "
            + "calibration is not kept for later runs");
      }
    } catch (IOException | RuntimeException e) {
      reference = new CalibrationSection.Reference(0, null, null, "calibration history " + file
          + " cannot be read: " + e.getMessage());
    }
    return new CalibrationSection(start, end, reference, ratio(start, reference), ratio(end, reference));
  }

  /**
   * @return the entries taken no later than {@code start}; all of them when it is null; an entry whose time does not
   *     parse counts as earlier
   */
  private static List<Entry> before(List<Entry> all, CalibrationSection.Probe start) {
    Instant t = start == null ? null : instant(start.at());
    if (t == null) {
      return all;
    }
    return all.stream().filter(e -> {
      Instant at = instant(e.at());
      return at == null || !at.isAfter(t);
    }).toList();
  }

  private static Instant instant(String text) {
    try {
      return text == null ? null : Instant.parse(text);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /**
   * @param entries the history, oldest first
   * @param machine the machine
   * @return the median of the machine's {@value #REFERENCE_SIZE} newest entries; unknown ({@link #NO_HISTORY}) when it
   *     has none
   */
  public static CalibrationSection.Reference reference(List<Entry> entries, MachineSection machine) {
    List<Entry> mine = entries.stream().filter(e -> e.sameMachine(machine)).toList();
    List<Entry> recent = mine.subList(Math.max(0, mine.size() - REFERENCE_SIZE), mine.size());
    if (recent.isEmpty()) {
      return new CalibrationSection.Reference(0, null, null, NO_HISTORY);
    }
    return new CalibrationSection.Reference(recent.size(), median(recent, Entry::cpuScoreOpsPerSec),
        median(recent, Entry::fsyncMedianMicros), null);
  }

  /**
   * @param probe a calibration, or null
   * @param reference its reference
   * @return the probe's figures over the reference's; null figures where either is unknown, null without a probe
   */
  public static CalibrationSection.Ratio ratio(CalibrationSection.Probe probe, CalibrationSection.Reference reference) {
    if (probe == null) {
      return null;
    }
    return new CalibrationSection.Ratio(over(probe.cpuScoreOpsPerSec(), reference.cpuScoreOpsPerSec()),
        over(probe.fsyncMedianMicros(), reference.fsyncMedianMicros()));
  }

  /**
   * @param file the history file
   * @return its entries, oldest first; empty when the file does not exist
   * @throws IOException when it exists but cannot be read or is not a history
   */
  public static List<Entry> read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    List<Entry> entries = JSON.readValue(file.toFile(), new TypeReference<List<Entry>>() { });
    return entries == null ? List.of() : entries;
  }

  private static void write(Path file, List<Entry> entries) throws IOException {
    AtomicFile.write(file, out -> JSON.writeValue(out, entries));
  }

  private static FileChannel lockFile(Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    return FileChannel.open(dir.resolve(file.getFileName() + ".lock"), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE);
  }

  /** @return the entries with the machine's oldest beyond {@value #KEPT_PER_MACHINE} removed */
  private static List<Entry> trim(List<Entry> entries, MachineSection machine) {
    long mine = entries.stream().filter(e -> e.sameMachine(machine)).count();
    long drop = Math.max(0, mine - KEPT_PER_MACHINE);
    List<Entry> out = new ArrayList<>();
    for (Entry e : entries) {
      if (drop > 0 && e.sameMachine(machine)) {
        drop--;
      } else {
        out.add(e);
      }
    }
    return out;
  }

  private static Double median(List<Entry> entries, Function<Entry, Double> figure) {
    double[] v = entries.stream().map(figure).filter(Objects::nonNull).mapToDouble(Double::doubleValue).sorted()
        .toArray();
    if (v.length == 0) {
      return null;
    }
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  private static Double over(Double value, Double reference) {
    return value == null || reference == null || reference <= 0 ? null : value / reference;
  }
}
