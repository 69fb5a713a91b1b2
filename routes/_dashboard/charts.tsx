// Charts drawn on the server as SVG: no chart library, no script. Labels stay readable at 390 px.
import type { Tone } from "../../domain/labels.ts";
import { formatNumber } from "../../domain/format.ts";

export const toneColor: Record<Tone, string> = {
  info: "#2563eb",
  success: "#16a34a",
  warning: "#d97706",
  danger: "#dc2626",
  accent: "#7c3aed",
  neutral: "#94a3b8",
};

export interface ChartRow {
  key: string;
  label: string;
  value: number;
  tone?: Tone;
  /** Text after the bar; the value by default. */
  note?: string;
}

/** Horizontal bars, one row each: the label above its bar, the value at the bar's end. */
export function BarChart({ rows, title }: { rows: ChartRow[]; title: string }) {
  if (rows.length === 0) return <p className="muted">Нет данных за период</p>;
  const width = 360;
  const rowHeight = 44;
  const max = Math.max(...rows.map((r) => r.value), 1);
  const barMax = width - 70;
  return (
    <svg
      className="chart bar-chart"
      viewBox={`0 0 ${width} ${rows.length * rowHeight}`}
      role="img"
      aria-label={`${title}: ${rows.map((r) => `${r.label} — ${r.note ?? r.value}`).join(", ")}`}
      style={{ maxWidth: 560 }}
    >
      {rows.map((r, i) => {
        const y = i * rowHeight;
        const w = Math.max(2, Math.round((r.value / max) * barMax));
        return (
          <g key={r.key}>
            <text x={0} y={y + 14}>{r.label}</text>
            <rect x={0} y={y + 20} width={w} height={14} rx={4} fill={toneColor[r.tone ?? "info"]} />
            <text className="bar-value" x={w + 6} y={y + 32}>{r.note ?? formatNumber(r.value)}</text>
          </g>
        );
      })}
    </svg>
  );
}

/** A ring of shares with an HTML legend. */
export function DonutChart({ rows, title, center }: { rows: ChartRow[]; title: string; center?: string }) {
  const total = rows.reduce((s, r) => s + r.value, 0);
  if (total === 0) return <p className="muted">Нет данных за период</p>;
  const r = 60;
  const c = 2 * Math.PI * r;
  let offset = 0;
  return (
    <div className="donut">
      <svg
        className="chart donut-chart"
        viewBox="0 0 160 160"
        role="img"
        aria-label={`${title}: ${rows.map((x) => `${x.label} — ${x.value}`).join(", ")}`}
        style={{ maxWidth: 180 }}
      >
        <g transform="rotate(-90 80 80)">
          {rows.filter((x) => x.value > 0).map((x) => {
            const len = (x.value / total) * c;
            const seg = (
              <circle
                key={x.key}
                cx={80}
                cy={80}
                r={r}
                fill="none"
                stroke={toneColor[x.tone ?? "info"]}
                strokeWidth={22}
                strokeDasharray={`${len} ${c - len}`}
                strokeDashoffset={-offset}
              />
            );
            offset += len;
            return seg;
          })}
        </g>
        <text x={80} y={78} textAnchor="middle" className="bar-value" style={{ fontSize: 24 }}>
          {center ?? total}
        </text>
        <text x={80} y={98} textAnchor="middle">всего</text>
      </svg>
      <ul className="legend">
        {rows.map((x) => (
          <li key={x.key}>
            <i style={{ background: toneColor[x.tone ?? "info"] }} />
            {x.label}: <strong className="num">{x.value}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
