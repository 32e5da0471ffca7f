package dev.ycsbdriver.report;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.util.List;

/**
 * Category labels of a bar chart that never overlap: the labels as given when they fit side by side, else without the
 * prefix they share (the axis title names it once), else turned by {@link #ANGLES} until each label's box is narrower
 * than the space of one category.
 *
 * <p>A label's box is measured as XChart 3.8 draws it (AxisTickLabels): a {@link TextLayout} of the label in the
 * styler's tick label font, its outline turned by the rotation, centred on the category. Stateless and thread-safe.
 */
final class CategoryLabels {
  /** Rotations tried, in degrees counter-clockwise, when the labels do not fit flat. */
  static final int[] ANGLES = {0, 45, 90};
  /** Pixels kept free between two neighbouring labels. */
  static final double GAP = 6;
  /** The separators a shared prefix ends with. */
  private static final String SEPARATORS = "-_ ./";

  private CategoryLabels() {
  }

  /**
   * How to draw a chart's category labels.
   *
   * @param labels the labels to draw, one per category, in order
   * @param prefix the prefix taken off every label, to name in the axis title; empty when none
   * @param rotation degrees counter-clockwise, one of {@link #ANGLES}
   */
  record Fit(List<String> labels, String prefix, int rotation) {
  }

  /**
   * @param labels the categories' names, at least one
   * @param stepPixels the width of one category on the axis, in pixels
   * @param font the tick label font
   * @return the labels as given when they fit flat; else shortened by their shared prefix when that makes them fit
   *     flat; else the shorter of the two turned by the first angle at which they fit (90 degrees when none does)
   */
  static Fit fit(List<String> labels, double stepPixels, Font font) {
    if (fits(labels, stepPixels, font, 0)) {
      return new Fit(labels, "", 0);
    }
    String prefix = sharedPrefix(labels);
    List<String> shorter = labels.stream().map(l -> l.substring(prefix.length())).toList();
    if (fits(shorter, stepPixels, font, 0)) {
      return new Fit(shorter, prefix, 0);
    }
    for (int angle : ANGLES) {
      if (angle > 0 && fits(shorter, stepPixels, font, angle)) {
        return new Fit(shorter, prefix, angle);
      }
    }
    return new Fit(shorter, prefix, ANGLES[ANGLES.length - 1]);
  }

  /** @return whether every label's box, turned by {@code angle}, leaves {@link #GAP} to its neighbours */
  static boolean fits(List<String> labels, double stepPixels, Font font, int angle) {
    for (int i = 0; i + 1 < labels.size(); i++) {
      if ((width(labels.get(i), font, angle) + width(labels.get(i + 1), font, angle)) / 2 + GAP > stepPixels) {
        return false;
      }
    }
    return true;
  }

  /** @return the width in pixels of the label's box as XChart draws it, turned by {@code angle} degrees */
  static double width(String label, Font font, int angle) {
    if (label.isEmpty()) {
      return 0;
    }
    TextLayout layout = new TextLayout(label, font, new FontRenderContext(null, true, true));
    return layout.getOutline(AffineTransform.getRotateInstance(-Math.toRadians(angle))).getBounds2D().getWidth();
  }

  /**
   * @return the longest prefix every label shares that ends with a separator ({@code -}, {@code _}, space, {@code .},
   *     {@code /}) and leaves every label non-empty; empty for fewer than two labels
   */
  static String sharedPrefix(List<String> labels) {
    if (labels.size() < 2) {
      return "";
    }
    String first = labels.get(0);
    int end = first.length();
    for (String l : labels) {
      int i = 0;
      while (i < Math.min(end, l.length()) && l.charAt(i) == first.charAt(i)) {
        i++;
      }
      end = i;
    }
    while (end > 0 && SEPARATORS.indexOf(first.charAt(end - 1)) < 0) {
      end--;
    }
    for (String l : labels) {
      if (l.length() <= end) {
        return "";
      }
    }
    return first.substring(0, end);
  }
}
