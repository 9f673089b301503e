import type { Insights } from "#shared/insights.ts";

/**
 * Page views (bars) and visits (line) per day, drawn as SVG from the figures alone: no
 * chart library. It is a picture for sighted readers; the same figures are the table
 * under it, which screen readers are pointed to.
 */
const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 24, left: 40 };

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least the largest value. */
function scaleTop(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= largest) ?? largest;
}

export function DailyChart({ daily, tableId }: { daily: Insights["daily"]; tableId: string }) {
  const top = scaleTop(Math.max(0, ...daily.map((day) => day.views)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / Math.max(1, daily.length);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const x = (index: number) => PAD.left + index * step + step / 2;
  const visits = daily.map((day, index) => `${x(index).toFixed(1)},${y(day.visits).toFixed(1)}`).join(" ");
  const labelEvery = Math.ceil(daily.length / 8);
  const first = daily[0]?.date ?? "";
  const last = daily.at(-1)?.date ?? "";
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-ink-soft"
        role="img"
        aria-label={`Page views and visits per day from ${first} to ${last}; the figures are in the table below.`}
        aria-describedby={tableId}
      >
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(top * share)}
              y2={y(top * share)}
              className="stroke-line"
              strokeWidth={1}
            />
            <text
              x={PAD.left - 6}
              y={y(top * share) + 4}
              textAnchor="end"
              className="fill-current text-[11px]"
            >
              {Math.round(top * share)}
            </text>
          </g>
        ))}
        {daily.map((day, index) => (
          <rect
            key={day.date}
            x={x(index) - step * 0.35}
            width={step * 0.7}
            y={y(day.views)}
            height={Math.max(0, PAD.top + plotHeight - y(day.views))}
            className="fill-brand-soft stroke-brand"
            strokeWidth={1}
          />
        ))}
        <polyline points={visits} fill="none" className="stroke-ocean" strokeWidth={2.5} />
        {daily.map((day, index) =>
          index % labelEvery === 0 ? (
            <text
              key={day.date}
              x={x(index)}
              y={HEIGHT - 6}
              textAnchor="middle"
              className="fill-current text-[11px]"
            >
              {day.date.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-ink-soft">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 border border-brand bg-brand-soft" /> Page
          views
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-ocean" /> Visits
        </span>
      </figcaption>
    </figure>
  );
}
