package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

class ChartPngTest {

  @Test
  void anImageOfAtMost256ColoursIsEncodedLosslessly() throws IOException {
    BufferedImage image = new BufferedImage(16, 16, BufferedImage.TYPE_INT_RGB);
    for (int x = 0; x < 16; x++) {
      for (int y = 0; y < 16; y++) {
        image.setRGB(x, y, (x * 16) << 16 | (y * 16) << 8 | 0x40);
      }
    }
    BufferedImage back = decode(ChartPng.encode(image));
    for (int x = 0; x < 16; x++) {
      for (int y = 0; y < 16; y++) {
        assertThat(back.getRGB(x, y) & 0xffffff).as("pixel %d,%d", x, y).isEqualTo(image.getRGB(x, y) & 0xffffff);
      }
    }
  }

  @Test
  void theMostFrequentColoursKeepTheirExactValueAndRareOnesTakeTheNearest() throws IOException {
    BufferedImage image = new BufferedImage(600, 1, BufferedImage.TYPE_INT_RGB);
    for (int x = 0; x < 600; x++) {
      // 300 distinct rare colours of one pixel each on a white background of 300 pixels
      image.setRGB(x, 0, x % 2 == 0 ? 0xffffff : 0x100000 + x);
    }
    BufferedImage back = decode(ChartPng.encode(image));
    assertThat(back.getRGB(0, 0) & 0xffffff).isEqualTo(0xffffff);
    int changed = 0;
    for (int x = 1; x < 600; x += 2) {
      int got = back.getRGB(x, 0) & 0xffffff;
      int want = 0x100000 + x;
      changed += got == want ? 0 : 1;
      assertThat(Math.abs((got & 0xff) - (want & 0xff)) + Math.abs(((got >> 8) & 0xff) - ((want >> 8) & 0xff)))
          .as("pixel %d moves to a near colour", x).isLessThanOrEqualTo(60);
    }
    assertThat(changed).as("colours beyond the palette's 256").isEqualTo(300 - 255);
  }

  @Test
  void aRealChartIsSmallerThanXchartsOwnPngAndTheSameEveryTime() throws IOException {
    XYChart chart = new XYChartBuilder().width(900).height(480).title("t").xAxisTitle("x").yAxisTitle("y").build();
    double[] x = new double[200];
    double[] y1 = new double[200];
    double[] y2 = new double[200];
    for (int i = 0; i < 200; i++) {
      x[i] = i;
      y1[i] = Math.sin(i / 10.0) * 100;
      y2[i] = Math.cos(i / 7.0) * 80;
    }
    chart.addSeries("a", x, y1);
    chart.addSeries("b", x, y2);
    byte[] ours = ChartPng.encode(chart);
    byte[] xchart = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    assertThat(ours.length).isLessThan(xchart.length * 3 / 4);
    assertThat(ChartPng.encode(chart)).isEqualTo(ours);
    assertThat(decode(ours).getWidth()).isEqualTo(900);
  }

  private static BufferedImage decode(byte[] png) throws IOException {
    return ImageIO.read(new ByteArrayInputStream(png));
  }
}
