package dev.ycsbdriver.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link BrowserCheck} against real headless Chromium; needs {@code chromium} on PATH. */
class BrowserCheckIT {
  /** Generous: Chromium's start alone can take several seconds on a busy 2-core machine. */
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @TempDir
  Path dir;

  @Test
  void pageWithAnEmbeddedPngPassesWithOneImageAndNoErrors() throws IOException {
    Path page = write("good.html", "<title>Run report</title><h1>Throughput</h1>"
        + "<table><tr><th>operation</th><th>opsPerSec</th></tr><tr><td>READ</td><td>1000</td></tr></table>"
        + "<img alt=chart src=\"" + pngDataUri() + "\">");

    BrowserCheck.Result result = BrowserCheck.check(page, TIMEOUT);

    assertThat(result.consoleErrors()).isEmpty();
    assertThat(result.brokenImages()).isEmpty();
    assertThat(result.images()).isEqualTo(1);
    assertThat(result.title()).isEqualTo("Run report");
    assertThat(result.ok()).as("%s", result).isTrue();
  }

  @Test
  void undecodableDataUriAndMissingFileAreBrokenImagesAndTheMissingFileIsALoggedError() throws IOException {
    Path page = write("broken.html", "<title>broken</title>"
        + "<img src=\"data:image/png;base64,AAAA\">"
        + "<img src=\"" + pngDataUri() + "\">"
        + "<img src=\"missing.png\">");

    BrowserCheck.Result result = BrowserCheck.check(page, TIMEOUT);

    assertThat(result.images()).isEqualTo(3);
    assertThat(result.brokenImages()).containsExactly("data:image/png;base64,AAAA", "missing.png");
    assertThat(result.consoleErrors())
        .anySatisfy(error -> assertThat(error).startsWith("log (network): ").contains("missing.png"));
    assertThat(result.ok()).as("%s", result).isFalse();
  }

  @Test
  void brokenImageSourceIsCutToEightyCharacters() throws IOException {
    String src = "data:image/png;base64," + "A".repeat(200);
    Path page = write("long.html", "<img src=\"" + src + "\">");

    BrowserCheck.Result result = BrowserCheck.check(page, TIMEOUT);

    assertThat(result.brokenImages()).containsExactly(src.substring(0, 80));
  }

  @Test
  void consoleErrorIsReported() throws IOException {
    Path page = write("console.html", "<title>t</title><script>console.log(\"fine\"); console.error(\"boom\")</script>");

    BrowserCheck.Result result = BrowserCheck.check(page, TIMEOUT);

    assertThat(result.consoleErrors()).containsExactly("console.error: boom");
    assertThat(result.images()).isZero();
    assertThat(result.ok()).as("%s", result).isFalse();
  }

  @Test
  void uncaughtExceptionIsReportedWithItsMessage() throws IOException {
    Path page = write("exception.html", "<title>t</title>\n<script>undefinedFn()</script>");

    BrowserCheck.Result result = BrowserCheck.check(page, TIMEOUT);

    assertThat(result.consoleErrors()).singleElement().asString()
        .startsWith("exception: ")
        .contains("ReferenceError", "undefinedFn is not defined", "exception.html:2");
    assertThat(result.ok()).as("%s", result).isFalse();
  }

  @Test
  void failedConsoleAssertIsReported() throws IOException {
    Path page = write("assert.html", "<script>console.assert(1 === 2, \"numbers differ\")</script>");

    BrowserCheck.Result result = BrowserCheck.check(page, TIMEOUT);

    assertThat(result.consoleErrors()).singleElement().asString()
        .startsWith("console.assert: ").contains("numbers differ");
  }

  @Test
  void missingChromiumIsAnErrorSayingHowToInstallIt() {
    assertThatThrownBy(() -> BrowserCheck.findChromium(dir.toString()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("apt-get install chromium")
        .hasMessageContaining("scripts/services/chromium.sh");
  }

  @Test
  void missingPageIsNoSuchFile() {
    assertThatThrownBy(() -> BrowserCheck.check(dir.resolve("absent.html"), TIMEOUT))
        .isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void checkThatCannotFinishInTimeIsAnIoExceptionNamingTheFile() throws IOException {
    Path page = write("slow.html", "<title>t</title>");

    assertThatThrownBy(() -> BrowserCheck.check(page, Duration.ofMillis(50)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("slow.html")
        .hasMessageContaining("50 ms");
  }

  private Path write(String name, String body) throws IOException {
    return Files.writeString(dir.resolve(name),
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>" + body + "</body></html>",
        StandardCharsets.UTF_8);
  }

  /** A real 4x3 PNG, encoded by the JDK as the report's charts will be. */
  private static String pngDataUri() throws IOException {
    BufferedImage image = new BufferedImage(4, 3, BufferedImage.TYPE_INT_RGB);
    image.setRGB(1, 1, 0x3366cc);
    ByteArrayOutputStream png = new ByteArrayOutputStream();
    assertThat(ImageIO.write(image, "png", png)).isTrue();
    return "data:image/png;base64," + Base64.getEncoder().encodeToString(png.toByteArray());
  }
}
