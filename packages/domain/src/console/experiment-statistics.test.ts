import { seededRandom } from "@kinderready/kit/random";
import { describe, expect, it } from "vitest";
import {
  betaQuantile,
  chanceToBeatControl,
  checkSampleRatio,
  chiSquarePValue,
  credibleInterval,
  differenceInterval,
  incompleteBeta,
  logGamma,
  normalQuantile,
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
  it("match known values of log-gamma and the normal quantile", () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 8);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306, 8);
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

describe("Bayesian conversion", () => {
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
