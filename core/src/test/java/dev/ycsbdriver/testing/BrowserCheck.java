package dev.ycsbdriver.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Opens a self-contained HTML page (such as the run's {@code report.html}) in a real headless
 * Chromium and reports what a reader would see go wrong: uncaught JavaScript exceptions,
 * {@code console.error} and failed {@code console.assert} calls, errors the browser logs itself
 * (failed resource loads such as a missing image file, blocked requests), and images that did not
 * load or do not decode ({@code !complete || naturalWidth === 0}, e.g. a corrupt
 * {@code data:image/png;base64,...} URI).
 *
 * <pre>{@code
 * BrowserCheck.Result result = BrowserCheck.check(runDir.resolve("report.html"), Duration.ofSeconds(60));
 * assertThat(result.ok()).as("%s", result).isTrue();
 * assertThat(result.images()).isEqualTo(3);
 * }</pre>
 *
 * <p>Each call starts its own Chromium ({@code chromium} on {@code PATH}, Debian's package) with a
 * throw-away profile, speaks the Chrome DevTools Protocol to it over the JDK's WebSocket client,
 * navigates to the file's {@code file://} URL, waits for the page's load event and then reads the
 * images. The browser and all its processes are killed and the profile is deleted before the call
 * returns, also when it fails or times out. A check took 2 to 5 s on a busy 2-core machine.
 *
 * <p>Thread-safety: {@link #check} may be called from several threads at once; each call has its own
 * browser. {@link Result} is immutable.
 */
public final class BrowserCheck {
  static final String MISSING_CHROMIUM = "chromium: expected the `chromium` executable on PATH, got none;"
      + " install it with `apt-get install chromium` (Debian) or run scripts/services/chromium.sh";

  /** Runs in the page once it has loaded; src attributes as written, cut to 80 characters. */
  private static final String READ_IMAGES = """
      (() => {
        const images = Array.from(document.images);
        return {
          title: document.title,
          href: location.href,
          images: images.length,
          broken: images.filter(i => !i.complete || i.naturalWidth === 0)
              .map(i => (i.getAttribute('src') ?? i.currentSrc ?? '').slice(0, 80))
        };
      })()""";

  private BrowserCheck() {
  }

  /**
   * What one page did in the browser.
   *
   * @param consoleErrors one line per problem, in the order the browser reported them:
   *     {@code exception: ...}, {@code console.error: ...}, {@code console.assert: ...} or
   *     {@code log (<source>): ...}; empty when there were none; never {@code null}
   * @param images how many {@code <img>} elements the loaded page has, >= 0
   * @param brokenImages the {@code src} attribute (its first 80 characters) of each image that did
   *     not load or decode, in document order; empty when all loaded; never {@code null}
   * @param title the page's {@code document.title}; empty when it has none
   */
  public record Result(List<String> consoleErrors, int images, List<String> brokenImages, String title) {
    /** Copies the lists, so a result never changes. */
    public Result {
      consoleErrors = List.copyOf(consoleErrors);
      brokenImages = List.copyOf(brokenImages);
    }

    /** @return whether the page had no console errors and no broken images */
    public boolean ok() {
      return consoleErrors.isEmpty() && brokenImages.isEmpty();
    }
  }

  /**
   * Opens {@code htmlFile} in headless Chromium and reports its errors and images.
   *
   * @param htmlFile an existing HTML file; images and other resources it names by relative URL are
   *     looked up beside it
   * @param timeout for the whole check, Chromium's start included; must be > 0; 60 s suits a busy
   *     2-core machine
   * @return what the page did; see {@link Result#ok()}
   * @throws NoSuchFileException when {@code htmlFile} is not a regular file
   * @throws IOException when Chromium does not start, the DevTools connection fails, the page cannot
   *     be opened, or it does not finish loading within {@code timeout}
   * @throws IllegalStateException when no {@code chromium} is on {@code PATH}; the message says how
   *     to install it (the check is never skipped)
   * @throws IllegalArgumentException when {@code timeout} is zero or negative
   */
  public static Result check(Path htmlFile, Duration timeout) throws IOException {
    return check(htmlFile, timeout, findChromium(System.getenv("PATH")));
  }

  /**
   * @param pathVariable a {@code PATH} value, directories separated by {@link File#pathSeparator}
   * @return the first executable {@code chromium} in it
   * @throws IllegalStateException when there is none; the message says how to install it
   */
  static String findChromium(String pathVariable) {
    for (String dir : (pathVariable == null ? "" : pathVariable).split(File.pathSeparator)) {
      try {
        Path candidate = Path.of(dir.isEmpty() ? "." : dir, "chromium");
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return candidate.toString();
        }
      } catch (InvalidPathException e) {
        // a malformed PATH entry holds no browser
      }
    }
    throw new IllegalStateException(MISSING_CHROMIUM);
  }

  static Result check(Path htmlFile, Duration timeout, String chromiumCommand) throws IOException {
    if (timeout.isZero() || timeout.isNegative()) {
      throw new IllegalArgumentException("timeout: must be > 0, got " + timeout.toMillis() + " ms");
    }
    if (!Files.isRegularFile(htmlFile)) {
      throw new NoSuchFileException(htmlFile.toString(), null, "expected an HTML file");
    }
    try {
      return open(htmlFile.toAbsolutePath().normalize().toUri().toString(), new Deadline(timeout),
          chromiumCommand);
    } catch (InterruptedIOException e) {
      throw e;
    } catch (IOException e) {
      // one place names the page and the budget, whichever step failed
      throw new IOException("browser check: " + htmlFile + " (timeout " + timeout.toMillis() + " ms): "
          + e.getMessage(), e);
    }
  }

  private static Result open(String url, Deadline deadline, String chromiumCommand) throws IOException {
    PageEvents events = new PageEvents();
    try (ChromiumProcess chromium = ChromiumProcess.start(chromiumCommand);
        DevToolsConnection devTools = DevToolsConnection.open(
            chromium.devToolsUri(deadline.left()), events::accept, deadline.left())) {
      String targetId = devTools.send(null, "Target.createTarget",
          DevToolsConnection.params().put("url", "about:blank"), deadline.left()).path("targetId").asText();
      String session = devTools.send(null, "Target.attachToTarget",
          DevToolsConnection.params().put("targetId", targetId).put("flatten", true), deadline.left())
          .path("sessionId").asText();
      events.follow(session);
      for (String domain : List.of("Runtime", "Log", "Page")) {
        devTools.send(session, domain + ".enable", null, deadline.left());
      }
      events.expectLoad();
      JsonNode navigation = devTools.send(session, "Page.navigate",
          DevToolsConnection.params().put("url", url), deadline.left());
      if (navigation.hasNonNull("errorText")) {
        throw new IOException("cannot open " + url + ": " + navigation.get("errorText").asText());
      }
      deadline.await(events.loaded(), "the page's load event");
      JsonNode evaluation = devTools.send(session, "Runtime.evaluate",
          DevToolsConnection.params().put("expression", READ_IMAGES).put("returnByValue", true),
          deadline.left());
      if (evaluation.has("exceptionDetails")) {
        throw new IOException("reading the images failed: " + evaluation.get("exceptionDetails"));
      }
      JsonNode page = evaluation.path("result").path("value");
      if (!url.equals(page.path("href").asText())) {
        throw new IOException("expected the page at " + url + ", got " + page.path("href"));
      }
      List<String> broken = new ArrayList<>();
      page.path("broken").forEach(src -> broken.add(src.asText()));
      return new Result(events.errors(), page.path("images").asInt(), broken, page.path("title").asText(""));
    }
  }

  /** The time left of one check's budget. */
  private static final class Deadline {
    private final long endNanos;

    Deadline(Duration timeout) {
      this.endNanos = System.nanoTime() + timeout.toNanos();
    }

    Duration left() throws IOException {
      long leftNanos = endNanos - System.nanoTime();
      if (leftNanos <= 0) {
        throw new IOException("expected to finish in time, took longer");
      }
      return Duration.ofNanos(leftNanos);
    }

    void await(CompletableFuture<?> future, String what) throws IOException {
      try {
        future.get(left().toNanos(), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        throw new IOException("expected " + what + " in time, got none");
      } catch (ExecutionException e) {
        throw new IOException(String.valueOf(e.getCause()), e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("browser check: interrupted while waiting for " + what);
      }
    }
  }

  /**
   * Collects the followed page's errors and notices its load event. Fed on the WebSocket's thread,
   * read on the caller's.
   */
  private static final class PageEvents {
    private final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    private final CompletableFuture<Void> loaded = new CompletableFuture<>();
    private volatile String sessionId;
    private volatile boolean loadExpected;

    void follow(String session) {
      sessionId = session;
    }

    /** From now on a load event belongs to the checked page, not to the about:blank it replaces. */
    void expectLoad() {
      loadExpected = true;
    }

    CompletableFuture<Void> loaded() {
      return loaded;
    }

    List<String> errors() {
      synchronized (errors) {
        return List.copyOf(errors);
      }
    }

    void accept(JsonNode event) {
      if (sessionId == null || !sessionId.equals(event.path("sessionId").asText())) {
        return;
      }
      JsonNode params = event.path("params");
      switch (event.path("method").asText()) {
        case "Page.loadEventFired" -> {
          if (loadExpected) {
            loaded.complete(null);
          }
        }
        case "Runtime.exceptionThrown" -> errors.add("exception: " + exception(params.path("exceptionDetails")));
        case "Runtime.consoleAPICalled" -> {
          String type = params.path("type").asText();
          if (type.equals("error") || type.equals("assert")) {
            errors.add("console." + type + ": " + arguments(params.path("args")));
          }
        }
        case "Log.entryAdded" -> {
          JsonNode entry = params.path("entry");
          if (entry.path("level").asText().equals("error")) {
            String where = entry.hasNonNull("url") ? " (" + entry.get("url").asText() + ")" : "";
            errors.add("log (" + entry.path("source").asText() + "): " + entry.path("text").asText() + where);
          }
        }
        default -> {
          // other events of the enabled domains say nothing about errors
        }
      }
    }

    /** @return e.g. {@code Uncaught ReferenceError: undefinedFn is not defined (report.html:12)} */
    private static String exception(JsonNode details) {
      String description = details.path("exception").path("description").asText("");
      String firstLine = description.lines().findFirst().orElse("");
      String text = details.path("text").asText("");
      String message = firstLine.isEmpty() ? text : (text.isEmpty() ? firstLine : text + " " + firstLine);
      String url = details.path("url").asText("");
      String file = url.substring(url.lastIndexOf('/') + 1);
      return file.isEmpty() ? message : message + " (" + file + ":" + (details.path("lineNumber").asInt() + 1) + ")";
    }

    private static String arguments(JsonNode args) {
      List<String> parts = new ArrayList<>();
      for (JsonNode arg : args) {
        parts.add(arg.has("value") ? arg.get("value").asText() : arg.path("description").asText(arg.path("type").asText()));
      }
      return String.join(" ", parts);
    }
  }
}
