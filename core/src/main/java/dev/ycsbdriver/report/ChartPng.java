package dev.ycsbdriver.report;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Encodes a chart as an 8-bit palette PNG at the strongest deflate level, about half the bytes of XChart's 24-bit
 * PNG.
 *
 * <p>A chart has a few flat colours (background, grid, one per series, text) and their anti-aliased blends: a few
 * hundred to a few thousand distinct colours, most of them a handful of pixels each. The palette holds the 256 most
 * frequent colours (ties broken by colour value, so the output is the same for the same chart); every other colour is
 * drawn with its nearest palette colour by Euclidean RGB distance (a popularity quantizer, Heckbert 1982, "Color image
 * quantization for frame buffer display", SIGGRAPH). The flat colours are always in the palette, so lines, bars and text
 * keep their exact colours; only blended edge pixels move. An image with at most 256 colours is encoded losslessly.
 *
 * <p>Stateless and thread-safe.
 */
final class ChartPng {
  private static final int PALETTE_SIZE = 256;

  private ChartPng() {
  }

  /**
   * @param chart the chart, at its own width and height
   * @return the PNG file's bytes
   * @throws IOException when the image cannot be encoded
   */
  static byte[] encode(Chart<?, ?> chart) throws IOException {
    return encode(BitmapEncoder.getBufferedImage(chart));
  }

  /**
   * @param image an opaque image (alpha is ignored)
   * @return the image as an 8-bit palette PNG
   * @throws IOException when the image cannot be encoded
   */
  static byte[] encode(BufferedImage image) throws IOException {
    int w = image.getWidth();
    int h = image.getHeight();
    int[] pixels = image.getRGB(0, 0, w, h, null, 0, w);
    int[] palette = palette(pixels);
    byte[] r = new byte[palette.length];
    byte[] g = new byte[palette.length];
    byte[] b = new byte[palette.length];
    for (int i = 0; i < palette.length; i++) {
      r[i] = (byte) (palette[i] >> 16);
      g[i] = (byte) (palette[i] >> 8);
      b[i] = (byte) palette[i];
    }
    BufferedImage indexed = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED,
        new IndexColorModel(8, palette.length, r, g, b));
    WritableRaster raster = indexed.getRaster();
    Map<Integer, Integer> index = new HashMap<>();
    for (int i = 0; i < palette.length; i++) {
      index.put(palette[i], i);
    }
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        int rgb = pixels[y * w + x] & 0xffffff;
        raster.setSample(x, y, 0, index.computeIfAbsent(rgb, c -> nearest(palette, c)));
      }
    }
    return write(indexed);
  }

  /** Writes with the strongest deflate level: charts are written once and read many times. */
  private static byte[] write(BufferedImage image) throws IOException {
    Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
    if (!writers.hasNext()) {
      throw new IOException("no PNG writer in this JDK's ImageIO");
    }
    ImageWriter writer = writers.next();
    ImageWriteParam param = writer.getDefaultWriteParam();
    param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
    param.setCompressionQuality(0.0f);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
      writer.setOutput(stream);
      writer.write(null, new IIOImage(image, null, null), param);
    } finally {
      writer.dispose();
    }
    return out.toByteArray();
  }

  /** @return up to 256 colours (RGB, no alpha), most frequent first */
  private static int[] palette(int[] pixels) {
    Map<Integer, Integer> counts = new HashMap<>();
    for (int p : pixels) {
      counts.merge(p & 0xffffff, 1, Integer::sum);
    }
    List<Map.Entry<Integer, Integer>> byCount = new ArrayList<>(counts.entrySet());
    byCount.sort(Map.Entry.<Integer, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
    int n = Math.min(PALETTE_SIZE, byCount.size());
    int[] palette = new int[n];
    for (int i = 0; i < n; i++) {
      palette[i] = byCount.get(i).getKey();
    }
    return palette;
  }

  /** @return the index of the palette colour nearest to {@code rgb} */
  private static int nearest(int[] palette, int rgb) {
    int best = 0;
    long bestDistance = Long.MAX_VALUE;
    for (int i = 0; i < palette.length; i++) {
      long dr = ((rgb >> 16) & 0xff) - ((palette[i] >> 16) & 0xff);
      long dg = ((rgb >> 8) & 0xff) - ((palette[i] >> 8) & 0xff);
      long db = (rgb & 0xff) - (palette[i] & 0xff);
      long distance = dr * dr + dg * dg + db * db;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = i;
      }
    }
    return best;
  }
}
