// Statistics of the operator console's experiments: a sample-ratio-mismatch check per phase
// (Pearson's chi-square against the weights then in force) and Bayesian conversion (Beta-Binomial
// with a uniform prior: chance to beat and expected loss in closed form, credible intervals of a
// rate, of the difference and of the relative uplift by exact quadrature). Pure and
// deterministic (no sampling); the special functions follow Numerical Recipes (Lanczos
// log-gamma, series and continued fractions for the incomplete gamma and beta functions).

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

/** A group of a phase as the check reads it: its weight then and the exposures counted in it. */
export type PhaseGroupCount = { group: string; weight: number; observed: number };

export type SampleRatioVerdict =
  | { state: "too-few"; total: number }
  | {
      state: "ok" | "mismatch";
      /** Null when fewer than two groups had a weight above 0 (nothing to compare). */
      test: SampleRatioCheck | null;
      /** Groups that got exposures though nobody could be placed in them (weight 0, or stopped). */
      unexpected: string[];
    };

/**
 * The chi-square needs a sample: at least 100 exposures in the phase's weighted groups, and at
 * least 5 expected in each (the usual condition for the chi-square approximation).
 */
export const sampleRatioMinimum = { total: 100, expectedPerGroup: 5 } as const;

/**
 * The sample-ratio check of one phase over every group configured in it: groups with a weight
 * above 0 go into the chi-square (one with no exposures counts as observed 0); a group at weight
 * 0, or any group while the split was stopped, cannot receive anyone, so a single exposure there
 * is a mismatch on its own, whatever the sample.
 */
export function checkPhaseSampleRatio(groups: readonly PhaseGroupCount[], running: boolean): SampleRatioVerdict {
  const weighted = running ? groups.filter((group) => group.weight > 0) : [];
  const unexpected = groups
    .filter((group) => group.observed > 0 && !weighted.includes(group))
    .map((group) => group.group);
  const total = weighted.reduce((sum, group) => sum + group.observed, 0);
  const weightTotal = weighted.reduce((sum, group) => sum + group.weight, 0);
  const enough =
    weighted.length >= 2 &&
    total >= sampleRatioMinimum.total &&
    weighted.every((group) => (total * group.weight) / weightTotal >= sampleRatioMinimum.expectedPerGroup);
  const test = enough
    ? checkSampleRatio(
        weighted.map((group) => group.observed),
        weighted.map((group) => group.weight),
      )
    : null;
  if (unexpected.length > 0) return { state: "mismatch", test, unexpected };
  if (weighted.length < 2) return { state: "ok", test: null, unexpected };
  if (!test) return { state: "too-few", total };
  return { state: test.mismatch ? "mismatch" : "ok", test, unexpected };
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
 * P(B > A) for two Beta posteriors with whole-number alphas, exactly: Evan Miller's closed form,
 * summed over B's alpha (in logs, so thousands of conversions are fine).
 */
function probabilityAbove(a: Posterior, b: Posterior): number {
  let total = 0;
  for (let i = 0; i < b.alpha; i += 1) {
    total += Math.exp(
      logBeta(a.alpha + i, a.beta + b.beta) - Math.log(b.beta + i) - logBeta(1 + i, b.beta) - logBeta(a.alpha, a.beta),
    );
  }
  return Math.min(1, Math.max(0, total));
}

/** P(rate of the variant > rate of the control), exactly. */
export function chanceToBeatControl(control: GroupResult, variant: GroupResult): number {
  return probabilityAbove(posteriorOf(control), posteriorOf(variant));
}

export type Interval = { low: number; high: number };

/** The central 95% credible interval of a group's conversion rate. */
export function credibleInterval(group: GroupResult, mass = 0.95): Interval {
  const { alpha, beta } = posteriorOf(group);
  const tail = (1 - mass) / 2;
  return { low: betaQuantile(tail, alpha, beta), high: betaQuantile(1 - tail, alpha, beta) };
}

export type ExpectedLoss = {
  /** E[max(control - variant, 0)]: the rate given up, on average, by switching to the variant. */
  choosingVariant: number;
  /** E[max(variant - control, 0)]: the rate given up, on average, by keeping the control. */
  keepingControl: number;
};

const meanOf = ({ alpha, beta }: Posterior) => alpha / (alpha + beta);

/**
 * Expected loss in conversion-rate points, exactly. E[Y·1(Y > X)] = E[Y]·P(Y' > X) with Y' the
 * size-biased Beta(αY + 1, βY), and likewise for X; the other loss differs by E[Y] - E[X].
 */
export function expectedLoss(control: GroupResult, variant: GroupResult): ExpectedLoss {
  const x = posteriorOf(control);
  const y = posteriorOf(variant);
  const keepingControl = Math.max(
    0,
    meanOf(y) * probabilityAbove(x, { alpha: y.alpha + 1, beta: y.beta }) -
      meanOf(x) * probabilityAbove({ alpha: x.alpha + 1, beta: x.beta }, y),
  );
  return { keepingControl, choosingVariant: Math.max(0, keepingControl - (meanOf(y) - meanOf(x))) };
}

const varianceOf = ({ alpha, beta }: Posterior) => {
  const n = alpha + beta;
  return (alpha * beta) / (n * n * (n + 1));
};

const betaDensity = (x: number, { alpha, beta }: Posterior) =>
  x <= 0 || x >= 1
    ? (x <= 0 && alpha === 1) || (x >= 1 && beta === 1)
      ? Math.exp(-logBeta(alpha, beta))
      : 0
    : Math.exp((alpha - 1) * Math.log(x) + (beta - 1) * Math.log(1 - x) - logBeta(alpha, beta));

const betaCdf = (x: number, { alpha, beta }: Posterior) => incompleteBeta(x, alpha, beta);

/** Intervals per piece of the composite Simpson rule. */
const simpsonPanels = 400;
/** The posterior mass left out at each end of the range integrated over. */
const tailMass = 1e-12;

/**
 * ∫ density(t)·g(t) dt over the posterior's range (all but 1e-12 of its mass at each end), by the
 * composite Simpson rule in pieces split where g has a kink (where its argument leaves [0, 1]).
 */
function integrateAgainst(posterior: Posterior, g: (t: number) => number, kinks: readonly number[]): number {
  const low = betaQuantile(tailMass, posterior.alpha, posterior.beta);
  const high = betaQuantile(1 - tailMass, posterior.alpha, posterior.beta);
  const edges = [low, ...kinks.filter((kink) => kink > low && kink < high).sort((p, q) => p - q), high];
  let total = 0;
  for (let piece = 0; piece + 1 < edges.length; piece += 1) {
    const from = edges[piece] as number;
    const step = ((edges[piece + 1] as number) - from) / simpsonPanels;
    if (step <= 0) continue;
    let sum = 0;
    for (let i = 0; i <= simpsonPanels; i += 1) {
      const t = from + i * step;
      const weight = i === 0 || i === simpsonPanels ? 1 : i % 2 === 1 ? 4 : 2;
      sum += weight * betaDensity(t, posterior) * g(t);
    }
    total += (sum * step) / 3;
  }
  return Math.min(1, Math.max(0, total));
}

/**
 * P(variant - control ≤ d) for the two posteriors, by quadrature over the narrower one (the
 * other's distribution function is then smooth on its scale).
 */
function differenceCdf(x: Posterior, y: Posterior, d: number): number {
  if (varianceOf(x) <= varianceOf(y)) return integrateAgainst(x, (t) => betaCdf(t + d, y), [-d, 1 - d]);
  return integrateAgainst(y, (t) => 1 - betaCdf(t - d, x), [d, 1 + d]);
}

/**
 * P(variant / control ≤ r), r > 0, the same way: over the control, the variant's distribution
 * function is read at r·t and varies on the scale sd(variant) / r, so that is the width compared.
 */
function ratioCdf(x: Posterior, y: Posterior, r: number): number {
  if (r * r * varianceOf(x) <= varianceOf(y)) return integrateAgainst(x, (t) => betaCdf(r * t, y), [1 / r]);
  return integrateAgainst(y, (t) => 1 - betaCdf(t / r, x), [r]);
}

/** The p-quantile of an increasing distribution function on [low, high], by 44 halvings. */
function bisect(cdf: (value: number) => number, p: number, low: number, high: number): number {
  let from = low;
  let to = high;
  for (let i = 0; i < 44; i += 1) {
    const middle = (from + to) / 2;
    if (cdf(middle) < p) from = middle;
    else to = middle;
  }
  return (from + to) / 2;
}

/**
 * The central 95% credible interval of the difference (variant - control) in conversion rate,
 * computed exactly: the quantiles of the difference of the two Beta posteriors, its distribution
 * function integrated numerically. Always within [-1, 1], whatever the sample.
 */
export function differenceInterval(control: GroupResult, variant: GroupResult, mass = 0.95): Interval {
  const x = posteriorOf(control);
  const y = posteriorOf(variant);
  const tail = (1 - mass) / 2;
  const cdf = (d: number) => differenceCdf(x, y, d);
  return { low: bisect(cdf, tail, -1, 1), high: bisect(cdf, 1 - tail, -1, 1) };
}

/**
 * The central 95% credible interval of the relative uplift (variant / control - 1), from the
 * exact distribution of the posteriors' ratio (searched as r / (1 + r) in [0, 1)).
 */
export function upliftInterval(control: GroupResult, variant: GroupResult, mass = 0.95): Interval {
  const x = posteriorOf(control);
  const y = posteriorOf(variant);
  const tail = (1 - mass) / 2;
  const ratio = (u: number) => u / (1 - u);
  const cdf = (u: number) => (u <= 0 ? 0 : u >= 1 ? 1 : ratioCdf(x, y, ratio(u)));
  return { low: ratio(bisect(cdf, tail, 0, 1)) - 1, high: ratio(bisect(cdf, 1 - tail, 0, 1)) - 1 };
}

/**
 * Below this, the console shows the counts but no verdict: each group compared has at least 100
 * exposed parents, and the two together at least 30 purchases. With fewer, one purchase moves
 * the chance to beat by several points and the uniform prior still shapes the posteriors.
 */
export const decisionMinimum = { exposedPerGroup: 100, purchasesTogether: 30 } as const;

export function hasEnoughData(control: GroupResult, variant: GroupResult): boolean {
  return (
    control.visitors >= decisionMinimum.exposedPerGroup &&
    variant.visitors >= decisionMinimum.exposedPerGroup &&
    control.conversions + variant.conversions >= decisionMinimum.purchasesTogether
  );
}

/** A variant against the control, once there is enough data to read it. */
export type Comparison = {
  chanceToBeat: number;
  expectedLoss: ExpectedLoss;
  /** Observed difference in rate (points, as a fraction) and its exact 95% interval. */
  difference: { estimate: number; interval: Interval };
  /** Observed relative uplift (null while the control has no conversion) and its 95% interval. */
  uplift: { estimate: number | null; interval: Interval };
};

export function compareWithControl(control: GroupResult, variant: GroupResult): Comparison {
  const rate = (group: GroupResult) => (group.visitors ? group.conversions / group.visitors : 0);
  return {
    chanceToBeat: chanceToBeatControl(control, variant),
    expectedLoss: expectedLoss(control, variant),
    difference: { estimate: rate(variant) - rate(control), interval: differenceInterval(control, variant) },
    uplift: {
      estimate: rate(control) > 0 ? rate(variant) / rate(control) - 1 : null,
      interval: upliftInterval(control, variant),
    },
  };
}
