// Statistics of the operator console's experiments: a sample-ratio-mismatch check (Pearson's
// chi-square against the configured weights) and Bayesian conversion (Beta-Binomial with a
// uniform prior: chance to beat control in closed form, credible intervals). Pure functions;
// the special functions follow Numerical Recipes (Lanczos log-gamma, series and continued
// fractions for the incomplete gamma and beta functions).

const lanczos = [
  676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = 0.99999999999980993;
  for (let i = 0; i < lanczos.length; i += 1) sum += (lanczos[i] as number) / (z + i + 1);
  const t = z + lanczos.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

export const logBeta = (a: number, b: number): number => logGamma(a) + logGamma(b) - logGamma(a + b);

const epsilon = 1e-14;
const tiny = 1e-300;

/** The regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a). */
export function upperIncompleteGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    // Series for P(a, x), then Q = 1 - P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000 && Math.abs(term) > Math.abs(sum) * epsilon; n += 1) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * Math.exp(front);
  }
  // Lentz's continued fraction for Q(a, x).
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < epsilon) break;
  }
  return Math.exp(front) * h;
}

/** P(X ≥ statistic) for a chi-square distribution with `degrees` degrees of freedom. */
export const chiSquarePValue = (statistic: number, degrees: number): number =>
  upperIncompleteGamma(degrees / 2, statistic / 2);

export type SampleRatioCheck = { statistic: number; degrees: number; pValue: number; mismatch: boolean };

/** The threshold the console flags a sample-ratio mismatch at. */
export const sampleRatioAlpha = 0.001;

/**
 * Pearson's chi-square of the exposures per group against the split's weights. A mismatch means
 * the assignment or the logging is broken, and the experiment's results cannot be trusted.
 */
export function checkSampleRatio(observed: readonly number[], weights: readonly number[]): SampleRatioCheck {
  if (observed.length !== weights.length || observed.length < 2) {
    throw new RangeError("one observed count and one weight per group, at least two groups");
  }
  const total = observed.reduce((sum, count) => sum + count, 0);
  const weightTotal = weights.reduce((sum, weight) => sum + weight, 0);
  const degrees = observed.length - 1;
  if (total === 0) return { statistic: 0, degrees, pValue: 1, mismatch: false };
  const statistic = observed.reduce((sum, count, index) => {
    const expected = (total * (weights[index] as number)) / weightTotal;
    return sum + (count - expected) ** 2 / expected;
  }, 0);
  const pValue = chiSquarePValue(statistic, degrees);
  return { statistic, degrees, pValue, mismatch: pValue < sampleRatioAlpha };
}

/** I_x(a, b), the regularized incomplete beta function (the Beta(a, b) distribution function). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(Math.log(x) * a + Math.log(1 - x) * b - logBeta(a, b));
  // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use symmetry otherwise.
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 10_000; m += 1) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < epsilon) break;
  }
  return (front * h) / a;
}

/** The p-quantile of Beta(a, b), by bisection on the distribution function (60 halvings). */
export function betaQuantile(p: number, a: number, b: number): number {
  let low = 0;
  let high = 1;
  for (let i = 0; i < 60; i += 1) {
    const middle = (low + high) / 2;
    if (incompleteBeta(middle, a, b) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

export type GroupResult = { visitors: number; conversions: number };
export type Posterior = { alpha: number; beta: number };

/** The posterior of a conversion rate after a uniform Beta(1, 1) prior. */
export function posteriorOf(group: GroupResult): Posterior {
  if (group.conversions < 0 || group.conversions > group.visitors) {
    throw new RangeError("conversions must be between 0 and the number of visitors");
  }
  return { alpha: 1 + group.conversions, beta: 1 + group.visitors - group.conversions };
}

/**
 * P(rate of the variant > rate of the control), exactly: Evan Miller's closed form for two Beta
 * posteriors, summed over the variant's alpha (in logs, so thousands of conversions are fine).
 */
export function chanceToBeatControl(control: GroupResult, variant: GroupResult): number {
  const a = posteriorOf(control);
  const b = posteriorOf(variant);
  let total = 0;
  for (let i = 0; i < b.alpha; i += 1) {
    total += Math.exp(
      logBeta(a.alpha + i, a.beta + b.beta) - Math.log(b.beta + i) - logBeta(1 + i, b.beta) - logBeta(a.alpha, a.beta),
    );
  }
  return Math.min(1, Math.max(0, total));
}

export type Interval = { low: number; high: number };

/** The central 95% credible interval of a group's conversion rate. */
export function credibleInterval(group: GroupResult, mass = 0.95): Interval {
  const { alpha, beta } = posteriorOf(group);
  const tail = (1 - mass) / 2;
  return { low: betaQuantile(tail, alpha, beta), high: betaQuantile(1 - tail, alpha, beta) };
}

/**
 * The 95% credible interval of the difference (variant - control) in conversion rate: the
 * normal approximation of the two posteriors, close to exact once each group has a few dozen
 * conversions, which is when the console shows it.
 */
export function differenceInterval(control: GroupResult, variant: GroupResult, mass = 0.95): Interval {
  const moments = (posterior: Posterior) => {
    const n = posterior.alpha + posterior.beta;
    return { mean: posterior.alpha / n, variance: (posterior.alpha * posterior.beta) / (n * n * (n + 1)) };
  };
  const a = moments(posteriorOf(control));
  const b = moments(posteriorOf(variant));
  const z = normalQuantile(1 - (1 - mass) / 2);
  const spread = z * Math.sqrt(a.variance + b.variance);
  const mean = b.mean - a.mean;
  return { low: mean - spread, high: mean + spread };
}

/** The standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0 || p >= 1) throw new RangeError("p must be strictly between 0 and 1");
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}
