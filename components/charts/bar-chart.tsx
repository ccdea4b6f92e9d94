import { useId } from 'react';

// A small server-rendered bar chart: an SVG a screen reader reads as one image with a summary, and
// the same figures as a table underneath for anyone who wants the numbers. One or more series.

export type BarSeries = { name: string; values: number[]; color: string };

type Props = {
  title: string;
  summary: string;
  categories: string[];
  series: BarSeries[];
  unit: string;
  height?: number;
};

const WIDTH = 720;
const PAD = { top: 24, right: 12, bottom: 44, left: 40 };

function niceMax(n: number): number {
  if (n <= 5) return Math.max(1, n);
  const pow = 10 ** Math.floor(Math.log10(n));
  return Math.ceil(n / pow) * pow;
}

export function BarChart({ title, summary, categories, series, unit, height = 260 }: Props) {
  const id = useId();
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(categories.length, 1);
  const barW = Math.max(2, (slot * 0.8) / Math.max(series.length, 1));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, max / 2, max].map((v) => Math.round(v));
  return (
    <figure className="margin-x-0 margin-y-2">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-labelledby={`${id}-t ${id}-d`} style={{ maxWidth: `${WIDTH}px` }}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t} aria-hidden="true">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="#a9aeb1" strokeWidth={t === 0 ? 1.5 : 0.5} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="12" fill="#1b1b1b">{t}</text>
          </g>
        ))}
        {categories.map((c, i) => (
          <g key={c} aria-hidden="true">
            {series.map((s, j) => {
              const v = s.values[i] ?? 0;
              const x = PAD.left + i * slot + slot * 0.1 + j * barW;
              return (
                <g key={s.name}>
                  <rect x={x} y={y(v)} width={barW - 1} height={Math.max(0, PAD.top + plotH - y(v))} fill={s.color} />
                  {v > 0 ? <text x={x + barW / 2} y={y(v) - 4} textAnchor="middle" fontSize="11" fill="#1b1b1b">{v}</text> : null}
                </g>
              );
            })}
            <text x={PAD.left + i * slot + slot / 2} y={height - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill="#1b1b1b">
              {c.split(' ')[0]}
            </text>
            <text x={PAD.left + i * slot + slot / 2} y={height - PAD.bottom + 30} textAnchor="middle" fontSize="10" fill="#565c65">
              {c.split(' ').slice(1).join(' ')}
            </text>
          </g>
        ))}
      </svg>
      {series.length > 1 ? (
        <ul className="usa-list usa-list--unstyled display-flex flex-wrap" aria-hidden="true">
          {series.map((s) => (
            <li key={s.name} className="margin-right-3">
              <span style={{ display: 'inline-block', width: 12, height: 12, background: s.color, marginRight: 6 }} />
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <details>
        <summary>Show these figures as a table</summary>
        <table className="usa-table usa-table--borderless usa-table--compact">
          <caption className="usa-sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {series.map((s) => <th key={s.name} scope="col">{s.name} ({unit})</th>)}
            </tr>
          </thead>
          <tbody>
            {categories.map((c, i) => (
              <tr key={c}>
                <th scope="row">{c}</th>
                {series.map((s) => <td key={s.name}>{s.values[i] ?? 0}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
