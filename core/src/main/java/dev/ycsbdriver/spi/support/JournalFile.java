package dev.ycsbdriver.spi.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbdriver.config.ConfigException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The file format of a {@link RestoreJournal}: one pretty-printed JSON object with {@code note}, {@code binding},
 * {@code scope}, {@code server}, {@code address}, {@code serverId}, {@code pid}, {@code pidStartTime},
 * {@code changedAt} and {@code settings} (setting name to the value to restore, in order). Written to a temporary
 * file, forced to disk, atomically moved into place and the directory synced; mode 0600. Reading needs only
 * {@code pid}, {@code changedAt} and {@code settings}, so journals of older builds still read.
 *
 * <p>Stateless; callers serialise on the journal's lock ({@link JournalLock}).
 */
final class JournalFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JournalFile() {
  }

  /**
   * @return the contents of {@code f}, empty when there is no such file
   * @throws ConfigException when the file cannot be read or is not a journal (exit code 2), naming it
   */
  static Optional<RestoreJournal.Entry> read(Path f) throws ConfigException {
    if (!Files.exists(f)) {
      return Optional.empty();
    }
    try {
      JsonNode root = JSON.readTree(f.toFile());
      Map<String, String> originals = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : root.required("settings").properties()) {
        originals.put(e.getKey(), e.getValue().asText());
      }
      JsonNode start = root.path("pidStartTime");
      return Optional.of(new RestoreJournal.Entry(root.path("serverId").isTextual() ? root.get("serverId").asText()
          : null, root.required("pid").asLong(), start.isTextual() ? Instant.parse(start.asText()) : null,
          Instant.parse(root.required("changedAt").asText()), originals));
    } catch (IOException | IllegalArgumentException | java.time.DateTimeException e) {
      throw new ConfigException("restore journal " + f + ": must be a journal this driver wrote, got an unreadable "
          + "file (" + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + "); check the server's settings, then delete it");
    }
  }

  /**
   * Writes this process' journal durably, replacing what is at {@code file}.
   *
   * @param server the server's address as the binding was given it, {@code host:port}
   * @param address the resolved address, {@code address:port}
   * @param serverId the server's identity, or null
   * @param originals setting name to the value to restore, in order
   * @throws IOException when the directory cannot be written
   */
  static void write(Path file, String binding, String scope, String server, String address, String serverId,
                    Map<String, String> originals) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.put("note", "written by ycsb-driver before it changed these " + scope + " settings; the next command for this "
        + "server sets them back when the process named here no longer runs");
    root.put("binding", binding);
    root.put("scope", scope);
    root.put("server", server);
    root.put("address", address);
    root.put("serverId", serverId);
    ProcessHandle self = ProcessHandle.current();
    root.put("pid", self.pid());
    root.put("pidStartTime", self.info().startInstant().map(Instant::toString).orElse(null));
    root.put("changedAt", Instant.now().toString());
    ObjectNode settings = root.putObject("settings");
    originals.forEach(settings::put);
    byte[] bytes = toBytes(root);
    Path dir = file.getParent();
    Path tmp = Files.createTempFile(dir, file.getFileName() + ".", ".tmp",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try {
      try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          out.write(buffer);
        }
        out.force(true);
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
    syncDirectory(dir);
  }

  private static byte[] toBytes(ObjectNode root) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of strings and numbers always serialises", e);
    }
  }

  /** Removes {@code f}, if there, durably. */
  static void delete(Path f) throws IOException {
    Files.deleteIfExists(f);
    syncDirectory(f.getParent());
  }

  /** Makes a rename or delete in {@code dir} durable, as POSIX asks: fsync the directory itself. */
  private static void syncDirectory(Path dir) throws IOException {
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    }
  }
}
