import { seededRandom } from "@kinderready/kit/random";
import { describe, expect, it } from "vitest";
import {
  betaQuantile,
  chanceToBeatControl,
  checkPhaseSampleRatio,
  checkSampleRatio,
  chiSquarePValue,
  compareWithControl,
  credibleInterval,
  differenceInterval,
  expectedLoss,
  hasEnoughData,
  incompleteBeta,
  logGamma,
  upliftInterval,
} from "./experiment-statistics.ts";

/** Beta draws through Marsaglia-Tsang gamma sampling, from the kit's seeded generator. */
function sampler(seed: number) {
  const uniform = seededRandom(seed).next;
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  const gamma = (shape: number): number => {
    if (shape < 1) return gamma(shape + 1) * uniform() ** (1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = uniform();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  return (a: number, b: number) => {
    const x = gamma(a);
    return x / (x + gamma(b));
  };
}

describe("special functions", () => {
  it("match known values of log-gamma", () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  it("give the chi-square table's critical values", () => {
    expect(chiSquarePValue(3.841458821, 1)).toBeCloseTo(0.05, 9);
    expect(chiSquarePValue(10.82756617, 1)).toBeCloseTo(0.001, 9);
    expect(chiSquarePValue(5.991464547, 2)).toBeCloseTo(0.05, 9);
    expect(chiSquarePValue(16.26623615, 3)).toBeCloseTo(0.001, 9);
  });

  it("give the Beta distribution's exact values", () => {
    // Beta(2, 1) has the distribution function x², Beta(1, 1) is uniform.
    expect(incompleteBeta(0.3, 2, 1)).toBeCloseTo(0.09, 12);
    expect(betaQuantile(0.025, 2, 1)).toBeCloseTo(Math.sqrt(0.025), 10);
    expect(betaQuantile(0.975, 1, 1)).toBeCloseTo(0.975, 10);
    // Symmetric: the median of Beta(a, a) is one half.
    expect(betaQuantile(0.5, 40, 40)).toBeCloseTo(0.5, 10);
  });
});

describe("sample-ratio mismatch", () => {
  it("flags the classic 50/50 example (821,588 vs 815,482 users, p ≈ 1.8e-6)", () => {
    const check = checkSampleRatio([821_588, 815_482], [0.5, 0.5]);
    // (3,053)² / 818,535 × 2, by hand.
    expect(check.statistic).toBeCloseTo(22.7743, 3);
    expect(check.pValue).toBeGreaterThan(1.7e-6);
    expect(check.pValue).toBeLessThan(1.9e-6);
    expect(check.mismatch).toBe(true);
  });

  it("accepts counts that follow unequal weights, and has no opinion without data", () => {
    expect(checkSampleRatio([2_010, 7_990], [0.2, 0.8])).toMatchObject({ degrees: 1, mismatch: false });
    expect(checkSampleRatio([0, 0, 0], [1, 1, 1])).toEqual({ statistic: 0, degrees: 2, pValue: 1, mismatch: false });
    expect(() => checkSampleRatio([10], [1])).toThrow(RangeError);
  });
});

describe("sample-ratio mismatch per phase, over every configured group", () => {
  const phase = (counts: Record<string, [weight: number, observed: number]>) =>
    Object.entries(counts).map(([group, [weight, observed]]) => ({ group, weight, observed }));

  it("counts a configured group nobody landed in as observed 0: a mismatch once the sample is big enough", () => {
    const verdict = checkPhaseSampleRatio(phase({ A: [0.5, 400], B: [0.5, 0] }), true);
    expect(verdict).toMatchObject({ state: "mismatch", unexpected: [] });
    // χ² = (400 - 200)² / 200 × 2 = 400, by hand.
    expect(verdict.state !== "too-few" && verdict.test?.statistic).toBeCloseTo(400, 9);
    expect(checkPhaseSampleRatio(phase({ A: [0.5, 60], B: [0.5, 0] }), true)).toEqual({ state: "too-few", total: 60 });
  });

  it("leaves a weight-0 group out of the chi-square (never NaN) and flags any exposure in it", () => {
    const clean = checkPhaseSampleRatio(phase({ A: [0.5, 101], B: [0.5, 99], C: [0, 0] }), true);
    expect(clean).toMatchObject({ state: "ok", unexpected: [] });
    expect(clean.state !== "too-few" && clean.test?.pValue).toBeCloseTo(0.8875, 4);
    const leaked = checkPhaseSampleRatio(phase({ A: [0.5, 101], B: [0.5, 99], C: [0, 1] }), true);
    expect(leaked).toMatchObject({ state: "mismatch", unexpected: ["C"] });
    expect(leaked.state !== "too-few" && Number.isNaN(leaked.test?.pValue)).toBe(false);
    // One exposure in a weight-0 group is enough, however small the phase.
    expect(checkPhaseSampleRatio(phase({ A: [1, 3], B: [0, 1] }), true)).toEqual({
      state: "mismatch",
      test: null,
      unexpected: ["B"],
    });
    expect(checkPhaseSampleRatio(phase({ A: [1, 3], B: [0, 0] }), true)).toEqual({
      state: "ok",
      test: null,
      unexpected: [],
    });
  });

  it("judges each phase by its own weights: 50/50 then 20/80 is no mismatch", () => {
    // The whole test pooled, 500 + 200 in A and 500 + 800 in B, against either set of weights: a false alarm.
    expect(checkSampleRatio([700, 1_300], [0.5, 0.5]).mismatch).toBe(true);
    expect(checkPhaseSampleRatio(phase({ A: [0.5, 500], B: [0.5, 500] }), true)).toMatchObject({ state: "ok" });
    expect(checkPhaseSampleRatio(phase({ A: [0.2, 200], B: [0.8, 800] }), true)).toMatchObject({ state: "ok" });
  });

  it("wants 5 expected in each weighted group, and flags any exposure while the split was stopped", () => {
    expect(checkPhaseSampleRatio(phase({ A: [0.99, 300], B: [0.01, 2] }), true)).toEqual({
      state: "too-few",
      total: 302,
    });
    expect(checkPhaseSampleRatio(phase({ A: [0.5, 0], B: [0.5, 2] }), false)).toEqual({
      state: "mismatch",
      test: null,
      unexpected: ["B"],
    });
  });
});

// Reference values: scipy 1.17 (scipy.integrate.quad of the Beta densities against the other
// posterior's distribution function, split at its kinks, epsrel 1e-12; quantiles by 60 halvings),
// the small case confirmed with mpmath at 30 digits. Posteriors are Beta(1 + purchases, 1 + others).
const reference = {
  tiny: {
    control: { visitors: 3, conversions: 1 },
    variant: { visitors: 4, conversions: 3 },
    difference: [-0.2854175132875191, 0.7440956042536997],
    uplift: [-0.43767770796739514, 9.16697143066993],
    loss: { choosingVariant: 0.02539682539682506, keepingControl: 0.2920634920634917 },
  },
  moderate: {
    control: { visitors: 1_200, conversions: 96 },
    variant: { visitors: 1_180, conversions: 118 },
    difference: [-0.0030180136122175067, 0.04309336653805494],
    uplift: [-0.0328638053639827, 0.6156223424442695],
    loss: { choosingVariant: 0.0002135156275082736, keepingControl: 0.020191499303896472 },
  },
  noConversionInControl: {
    control: { visitors: 500, conversions: 0 },
    variant: { visitors: 500, conversions: 3 },
    difference: [-0.0018080366020925978, 0.015876198002994946],
    uplift: [-0.3372189924443114, 156.1882276778361],
    loss: { choosingVariant: 0.00012326255608355435, keepingControl: 0.006099358173613434 },
  },
  extreme: {
    control: { visitors: 1_000, conversions: 1_000 },
    variant: { visitors: 1_000, conversions: 0 },
    difference: [-0.9997580522038338, -0.9944442351298441],
    uplift: [-0.9999746825371365, -0.9963179062107838],
    loss: { choosingVariant: 0.9980039920159599, keepingControl: 0 },
  },
};

describe("Bayesian conversion", () => {
  it.each(Object.entries(reference))("matches the exact intervals and losses: %s", (_, expected) => {
    const difference = differenceInterval(expected.control, expected.variant);
    expect(difference.low).toBeCloseTo(expected.difference[0] as number, 7);
    expect(difference.high).toBeCloseTo(expected.difference[1] as number, 7);
    expect(difference.low).toBeGreaterThanOrEqual(-1);
    expect(difference.high).toBeLessThanOrEqual(1);
    const uplift = upliftInterval(expected.control, expected.variant);
    // Relative to the bound: the ratio's upper tail is long when the control has no purchase.
    expect(uplift.low / (expected.uplift[0] as number)).toBeCloseTo(1, 4);
    expect(uplift.high / (expected.uplift[1] as number)).toBeCloseTo(1, 4);
    const loss = expectedLoss(expected.control, expected.variant);
    expect(loss.choosingVariant).toBeCloseTo(expected.loss.choosingVariant, 10);
    expect(loss.keepingControl).toBeCloseTo(expected.loss.keepingControl, 10);
  });

  it("keeps the difference inside [-1, 1] where the normal approximation left it (1000/1000 vs 1000/0)", () => {
    const interval = differenceInterval({ visitors: 1_000, conversions: 1_000 }, { visitors: 1_000, conversions: 0 });
    expect(interval.low).toBeGreaterThan(-1);
    // The normal approximation gave -1.0008 and, for 3/1 vs 4/3, an upper bound of 0.79.
    expect(differenceInterval({ visitors: 3, conversions: 1 }, { visitors: 4, conversions: 3 }).high).toBeLessThan(
      0.75,
    );
  });

  it("reads no verdict below 100 exposed in each group and 30 purchases together", () => {
    expect(hasEnoughData({ visitors: 15, conversions: 1 }, { visitors: 15, conversions: 4 })).toBe(false);
    expect(hasEnoughData({ visitors: 100, conversions: 15 }, { visitors: 99, conversions: 15 })).toBe(false);
    expect(hasEnoughData({ visitors: 100, conversions: 15 }, { visitors: 100, conversions: 14 })).toBe(false);
    expect(hasEnoughData({ visitors: 100, conversions: 15 }, { visitors: 100, conversions: 15 })).toBe(true);
  });

  it("compares a variant with its control: observed difference in points, uplift relative, null without a control purchase", () => {
    const comparison = compareWithControl({ visitors: 1_200, conversions: 96 }, { visitors: 1_180, conversions: 118 });
    expect(comparison.difference.estimate).toBeCloseTo(118 / 1_180 - 0.08, 12);
    expect(comparison.uplift.estimate).toBeCloseTo(118 / 1_180 / 0.08 - 1, 12);
    expect(comparison.chanceToBeat).toBeCloseTo(
      chanceToBeatControl({ visitors: 1_200, conversions: 96 }, { visitors: 1_180, conversions: 118 }),
      12,
    );
    // Expected losses differ by the difference of the posterior means.
    expect(comparison.expectedLoss.keepingControl - comparison.expectedLoss.choosingVariant).toBeCloseTo(
      119 / 1_182 - 97 / 1_202,
      12,
    );
    expect(
      compareWithControl({ visitors: 500, conversions: 0 }, { visitors: 500, conversions: 3 }).uplift.estimate,
    ).toBe(null);
  });

  it("knows exact answers: identical groups are a coin flip, Beta(2,1) beats Beta(1,1) two times in three", () => {
    expect(chanceToBeatControl({ visitors: 1_000, conversions: 50 }, { visitors: 1_000, conversions: 50 })).toBeCloseTo(
      0.5,
      10,
    );
    // No data in control (Beta(1, 1)); one visitor who bought in the variant (Beta(2, 1)).
    expect(chanceToBeatControl({ visitors: 0, conversions: 0 }, { visitors: 1, conversions: 1 })).toBeCloseTo(
      2 / 3,
      12,
    );
  });

  it("agrees with 400,000 independent Monte Carlo draws from the posteriors", () => {
    const draw = sampler(20261123);
    const control = { visitors: 1_200, conversions: 96 };
    const variant = { visitors: 1_180, conversions: 118 };
    let wins = 0;
    const differences: number[] = [];
    for (let i = 0; i < 400_000; i += 1) {
      const a = draw(1 + control.conversions, 1 + control.visitors - control.conversions);
      const b = draw(1 + variant.conversions, 1 + variant.visitors - variant.conversions);
      if (b > a) wins += 1;
      differences.push(b - a);
    }
    // Monte Carlo's standard error here is below 0.0005.
    expect(Math.abs(chanceToBeatControl(control, variant) - wins / 400_000)).toBeLessThan(0.002);
    differences.sort((x, y) => x - y);
    const interval = differenceInterval(control, variant);
    expect(interval.low).toBeCloseTo(differences[10_000] as number, 3);
    expect(interval.high).toBeCloseTo(differences[390_000] as number, 3);
  });

  it("gives each group's 95% credible interval from its posterior", () => {
    const interval = credibleInterval({ visitors: 1, conversions: 1 });
    expect(interval.low).toBeCloseTo(Math.sqrt(0.025), 8);
    expect(interval.high).toBeCloseTo(Math.sqrt(0.975), 8);
    expect(() => credibleInterval({ visitors: 3, conversions: 4 })).toThrow(RangeError);
  });
});
