package dev.ycsbdriver.report;

/**
 * Quantiles of Student's t distribution for whole degrees of freedom, computed without a statistics library:
 * the central probability {@code P(|T| <= t)} in closed form (Abramowitz and Stegun, <i>Handbook of Mathematical
 * Functions</i>, 1964, formulas 26.7.3 and 26.7.4), inverted by bisection.
 *
 * <p>Stateless and thread-safe.
 */
final class StudentT {
  /** Beyond this many degrees of freedom the quantile is that of this many (at 95%: 1.962 against 1.960). */
  static final int MAX_DEGREES_OF_FREEDOM = 1000;

  private StudentT() {
  }

  /**
   * @param confidence the central probability, in (0, 1), e.g. 0.95
   * @param degreesOfFreedom at least 1; above {@link #MAX_DEGREES_OF_FREEDOM} taken as that
   * @return t such that {@code P(-t <= T <= t) = confidence}, to about 1e-9, e.g. 12.706 for 0.95 and 1 degree of
   *     freedom, 2.776 for 4
   * @throws IllegalArgumentException for a confidence outside (0, 1) or fewer than 1 degree of freedom
   */
  static double twoSided(double confidence, int degreesOfFreedom) {
    if (!(confidence > 0 && confidence < 1) || degreesOfFreedom < 1) {
      throw new IllegalArgumentException("StudentT: confidence must be in (0, 1) and degrees of freedom >= 1, got "
          + confidence + " and " + degreesOfFreedom);
    }
    int df = Math.min(degreesOfFreedom, MAX_DEGREES_OF_FREEDOM);
    double low = 0;
    double high = 1;
    while (central(high, df) < confidence) {
      high *= 2;
    }
    for (int i = 0; i < 200 && high - low > 1e-10 * high; i++) {
      double mid = (low + high) / 2;
      if (central(mid, df) < confidence) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return (low + high) / 2;
  }

  /** @return {@code P(|T| <= t)} for t >= 0: A(t|df) of Abramowitz and Stegun 26.7.3 (odd df) and 26.7.4 (even) */
  static double central(double t, int df) {
    double theta = Math.atan(t / Math.sqrt(df));
    double cos2 = Math.cos(theta) * Math.cos(theta);
    double sum = 1;
    double term = 1;
    if (df % 2 == 1) {
      if (df == 1) {
        return 2 * theta / Math.PI;
      }
      for (int k = 3; k <= df - 2; k += 2) {
        term *= (k - 1) / (double) k * cos2;
        sum += term;
      }
      return 2 / Math.PI * (theta + Math.sin(theta) * Math.cos(theta) * sum);
    }
    for (int k = 2; k <= df - 2; k += 2) {
      term *= (k - 1) / (double) k * cos2;
      sum += term;
    }
    return Math.sin(theta) * sum;
  }
}
