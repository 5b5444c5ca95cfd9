import { scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";

// Charts drawn on the server as SVG with d3's scales and line generator: no canvas and no
// chart script in the browser, so they show before (and without) JavaScript. Each chart has a
// text label; the numbers themselves are in the table beside it. A day without data (null) is a
// gap in the line, never drawn as zero: a series that is zero on a day says so with 0. A value
// with no neighbour to draw a line to (a one-day range, a day between gaps) is drawn as a point.

type Series = { name: string; values: readonly (number | null)[]; className: string };

const size = { width: 720, height: 240, left: 48, right: 16, top: 16, bottom: 36 };

/** Lines over days (e.g. visitors and purchases a day), with a shared vertical scale. */
export function DailyChart({ label, days, series }: { label: string; days: string[]; series: Series[] }) {
  const x = scalePoint<string>()
    .domain(days)
    .range([size.left, size.width - size.right])
    .padding(0.5);
  const max = Math.max(1, ...series.flatMap((entry) => entry.values.filter((value) => value !== null)));
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([size.height - size.bottom, size.top]);
  const xOf = (index: number) => x(days[index] as string) ?? 0;
  const path = line<number | null>()
    .defined((value) => value !== null)
    .x((_, index) => xOf(index))
    .y((value) => y(value ?? 0));
  const alone = (values: Series["values"], index: number) =>
    values[index] !== null && (values[index - 1] ?? null) === null && (values[index + 1] ?? null) === null;
  const ticks = y.ticks(4);
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  return (
    <svg className="console-chart" viewBox={`0 0 ${size.width} ${size.height}`} role="img" aria-label={label}>
      {ticks.map((tick) => (
        <g key={tick} className="console-chart__grid">
          <line x1={size.left} x2={size.width - size.right} y1={y(tick)} y2={y(tick)} />
          <text x={size.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {tick}
          </text>
        </g>
      ))}
      {days.map((day, index) =>
        index % labelEvery === 0 ? (
          <text key={day} className="console-chart__axis" x={x(day)} y={size.height - 12} textAnchor="middle">
            {day.slice(5)}
          </text>
        ) : null,
      )}
      {series.map((entry) => (
        <g key={entry.name}>
          <path className={entry.className} d={path(entry.values as (number | null)[]) ?? ""} fill="none" />
          {entry.values.map((value, index) =>
            value !== null && alone(entry.values, index) ? (
              <circle key={days[index]} className={entry.className} cx={xOf(index)} cy={y(value)} r={4} fill="none" />
            ) : null,
          )}
        </g>
      ))}
    </svg>
  );
}
