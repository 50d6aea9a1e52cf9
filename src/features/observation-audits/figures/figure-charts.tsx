// The evidence pack's charts, drawn as plain SVG scaled by its viewBox: nothing to measure or load,
// so a printout draws them exactly as the screen does (docs/SCREENS.md 'Observation Audits').

const WIDTH = 640;
const ROW = 28;
const LABEL = 190;
const RIGHT = 80;
const AXIS = 30;

interface Row {
  label: string;
  value: number | null;
  low?: number | null;
  high?: number | null;
}

/** x of a value in [min, max] across the plotting width. */
const xOf = (value: number, min: number, max: number) => LABEL + ((value - min) / (max - min)) * (WIDTH - LABEL - RIGHT);

/** One row per unit: a point with its 95 % interval on a fixed scale (κ: −1 to 1), or 'no value'. */
export function IntervalChart({ title, rows, min, max, ticks, format }: { title: string; rows: readonly Row[]; min: number; max: number; ticks: readonly number[]; format: (v: number) => string }) {
  const height = rows.length * ROW + AXIS;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={title} data-evidence-chart style={{ maxWidth: WIDTH, display: 'block' }}>
      <title>{title}</title>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={xOf(t, min, max)} x2={xOf(t, min, max)} y1={0} y2={rows.length * ROW} stroke="#ced4da" strokeDasharray={t === 0 ? undefined : '3 3'} />
          <text x={xOf(t, min, max)} y={rows.length * ROW + 18} fontSize={11} textAnchor="middle" fill="#495057">
            {format(t)}
          </text>
        </g>
      ))}
      {rows.map((r, i) => {
        const y = i * ROW + ROW / 2;
        return (
          <g key={r.label}>
            <text x={LABEL - 8} y={y + 4} fontSize={12} textAnchor="end" fill="#212529">
              {r.label.length > 28 ? `${r.label.slice(0, 27)}…` : r.label}
            </text>
            {r.value === null ? (
              <text x={LABEL + 4} y={y + 4} fontSize={11} fill="#868e96">
                no value
              </text>
            ) : (
              <>
                {r.low != null && r.high != null && <line x1={xOf(r.low, min, max)} x2={xOf(r.high, min, max)} y1={y} y2={y} stroke="#1c7ed6" strokeWidth={2} />}
                <circle cx={xOf(r.value, min, max)} cy={y} r={5} fill="#1c7ed6" />
                <text x={WIDTH - RIGHT + 8} y={y + 4} fontSize={11} fill="#212529">
                  {format(r.value)}
                </text>
              </>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** One bar per unit against a target line: the month's monitored opportunities. */
export function TargetChart({ title, rows, target }: { title: string; rows: readonly { label: string; value: number }[]; target: number }) {
  const max = Math.max(target * 1.25, ...rows.map((r) => r.value), 1);
  const height = rows.length * ROW + AXIS;
  const tx = xOf(target, 0, max);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={title} data-evidence-chart style={{ maxWidth: WIDTH, display: 'block' }}>
      <title>{title}</title>
      {rows.map((r, i) => {
        const y = i * ROW + 6;
        return (
          <g key={r.label}>
            <text x={LABEL - 8} y={y + 12} fontSize={12} textAnchor="end" fill="#212529">
              {r.label.length > 28 ? `${r.label.slice(0, 27)}…` : r.label}
            </text>
            <rect x={LABEL} y={y} width={Math.max(0, xOf(r.value, 0, max) - LABEL)} height={ROW - 12} fill={r.value >= target ? '#2f9e44' : '#f08c00'} />
            <text x={xOf(r.value, 0, max) + 6} y={y + 12} fontSize={11} fill="#212529">
              {r.value.toLocaleString('en-US')}
            </text>
          </g>
        );
      })}
      <line x1={tx} x2={tx} y1={0} y2={rows.length * ROW} stroke="#e03131" strokeWidth={2} />
      <text x={tx} y={rows.length * ROW + 18} fontSize={11} textAnchor="middle" fill="#e03131">
        target {target}
      </text>
    </svg>
  );
}
