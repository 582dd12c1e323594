// Light CSS bars (no chart runtime): a progress bar and a ranked list of values.
import type { ReactNode } from 'react';

/**
 * A bar of `percent`. With `labelledBy` it is a progress bar named by it; without, it only draws a
 * value written beside it (hidden from screen readers, which read the written value).
 */
export function Bar({
  percent,
  color = '#1890ff',
  labelledBy,
}: {
  percent: number;
  color?: string;
  /** id of the element naming the bar */
  labelledBy?: string;
}) {
  const p = Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0));
  const a11y = labelledBy
    ? ({
        role: 'progressbar',
        'aria-labelledby': labelledBy,
        'aria-valuenow': Math.round(p),
        'aria-valuemin': 0,
        'aria-valuemax': 100,
      } as const)
    : ({ 'aria-hidden': true } as const);
  return (
    <div {...a11y} style={{ height: 6, background: 'rgba(0,0,0,0.06)', borderRadius: 3, overflow: 'hidden' }}>
      <div style={{ width: `${p}%`, height: '100%', background: color, borderRadius: 3 }} />
    </div>
  );
}

/** Rows ranked by value, each with a bar relative to the largest. */
export function RankBars({
  rows,
  unit,
  max = 5,
  color,
}: {
  rows: { name: string; value: number }[];
  unit?: ReactNode;
  max?: number;
  color?: string;
}) {
  const sorted = [...rows].sort((a, b) => b.value - a.value).slice(0, max);
  const top = sorted[0]?.value || 1;
  return (
    <div style={{ display: 'grid', gap: 4 }}>
      {sorted.map((r) => (
        <div
          key={r.name}
          style={{
            display: 'grid',
            gridTemplateColumns: '72px 1fr auto',
            gap: 8,
            alignItems: 'center',
            fontSize: 12,
          }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={r.name}>
            {r.name}
          </span>
          <Bar percent={(r.value / top) * 100} color={color} />
          <span>
            {r.value.toLocaleString('en-US', { maximumFractionDigits: 1 })}
            {unit}
          </span>
        </div>
      ))}
    </div>
  );
}
