import { measurePageWeight } from "../bench/page-weight.ts";
import { expect, test } from "./fixtures.ts";

// Size budgets of the funnel pages, gzipped, as a first visit downloads them. Sizes
// are deterministic for a build, so this holds them in `npm test`; timings live in bench/.

const budget = { jsGzip: 110 * 1024, cssGzip: 20 * 1024, htmlGzip: 30 * 1024 };
// NOT MET: React 19 and React Router 8's own runtime is 109 KB gzipped before any page code
// (React with react-dom about 68 KB, React Router about 41 KB), so no page can reach 110 KB on
// this stack; ADR 0025 records it. Until the budget or the stack changes, this ceiling (today's
// largest page, the Arabic offer with its part of the catalogue, 134.0 KB, plus 3%) keeps scripts
// from growing unnoticed; the quiz is 127.2 KB (Arabic 128.3), the kit 130.3 (131.4), ADR 0055.
// Measured again since: the quiz 128.2 (129.3), the offer 136.1 (137.9), the kit 135.3 (136.6):
// the Arabic offer is 0.1 KB under the ceiling. None of it runs before the first paint (ADR 0051).
const jsCeiling = 138 * 1024;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

test("every funnel page stays within its CSS and HTML budgets and the JS ceiling, in English and Arabic", async ({
  parent: { token: lead },
  paidParent: { token: buyer },
}) => {
  test.slow();
  const baseUrl = new URL(test.info().project.use.baseURL ?? "").origin;
  const paths = [
    "/onboarding/",
    "/quiz1/",
    `/purchase/?token=${lead}`,
    `/purchase-flow/?token=${lead}`,
    `/offer1/?token=${lead}`,
    `/printables/?token=${buyer}`,
  ];
  const rows = [];
  for (const path of paths.flatMap((path) => [path, `/ar${path}`])) {
    const weight = await measurePageWeight(baseUrl, path);
    rows.push(weight);
    expect.soft(weight.jsGzip, `${path} JS`).toBeLessThanOrEqual(jsCeiling);
    expect.soft(weight.cssGzip, `${path} CSS`).toBeLessThanOrEqual(budget.cssGzip);
    expect.soft(weight.htmlGzip, `${path} HTML`).toBeLessThanOrEqual(budget.htmlGzip);
    // A page that measured nothing would pass any budget.
    expect(weight.jsGzip, `${path} loads its scripts`).toBeGreaterThan(10 * 1024);
  }
  // The figures, for the run's log: the list reporter prints a test's standard output.
  process.stdout.write(
    `${rows
      .map(
        (row) =>
          `${row.path.replace(/token=[^&]+/, "token=…").padEnd(32)} JS ${kb(row.jsGzip)} KB${row.jsGzip > budget.jsGzip ? " (over the 110 KB budget)" : ""}  CSS ${kb(row.cssGzip)} KB  HTML ${kb(row.htmlGzip)} KB`,
      )
      .join("\n")}\n`,
  );
});

test("the weight counts only scripts a browser downloads on a first visit", async ({ page, parent: { token } }) => {
  const baseUrl = new URL(test.info().project.use.baseURL ?? "").origin;
  for (const path of ["/onboarding/", `/ar/purchase/?token=${token}`]) {
    const fetched = new Set<string>();
    const note = (request: { url(): string }) => fetched.add(new URL(request.url()).pathname);
    page.on("request", note);
    await page.goto(path, { waitUntil: "networkidle" });
    page.off("request", note);
    const { scripts } = await measurePageWeight(baseUrl, path);
    expect(scripts.length, `${path} counts scripts`).toBeGreaterThan(3);
    expect(
      scripts.filter((script) => !fetched.has(script)),
      `${path}: counted, never downloaded`,
    ).toEqual([]);
  }
});
