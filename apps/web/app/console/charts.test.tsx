import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DailyChart } from "./charts.tsx";

// The console's charts are SVG drawn on the server: what each day's value becomes on screen.

function draw(days: string[], values: (number | null)[]) {
  const html = renderToStaticMarkup(
    <DailyChart label="Net revenue by day" days={days} series={[{ name: "USD", className: "console-line", values }]} />,
  );
  const paths = [...html.matchAll(/<path[^>]* d="([^"]*)"/g)].map((match) => match[1] ?? "");
  const points = [...html.matchAll(/<circle[^>]*>/g)].map((match) => match[0]);
  return { html, paths, points };
}

/** How many separate strokes a path draws (each starts with a move). */
const strokes = (path: string) => (path.match(/M/g) ?? []).length;

describe("DailyChart", () => {
  it("draws a single day as a visible point", () => {
    const { points } = draw(["2026-11-01"], [42]);
    expect(points).toHaveLength(1);
    expect(points[0]).toMatch(/r="[1-9]/);
  });

  it("leaves a day without data as a gap in the line, and marks a value alone between gaps", () => {
    const { paths, points } = draw(
      ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"],
      [3, 4, null, 5, null, 6],
    );
    expect(paths).toHaveLength(1);
    expect(strokes(paths[0] ?? "")).toBe(3);
    // The 4th and the 6th days have no neighbour to draw a line to.
    expect(points).toHaveLength(2);
  });

  it("draws zero as a value on the line, not as a gap", () => {
    const { paths, points } = draw(["2026-11-01", "2026-11-02", "2026-11-03"], [5, 0, 5]);
    expect(strokes(paths[0] ?? "")).toBe(1);
    expect(points).toHaveLength(0);
  });
});
