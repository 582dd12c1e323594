// KPI colouring against the operators' targets (design/map.md, last section): lights-on rate
// ≥ 98 % green (main-road target), ≥ 96 % amber (the target elsewhere), red below. Work orders
// closed on time and feedback satisfaction use the same three bands with their own thresholds.

export type KpiLevel = 'good' | 'warn' | 'bad' | 'none';

export interface KpiTarget {
  /** at or above: good */
  good: number;
  /** at or above (and below good): warn; below: bad */
  warn: number;
}

export const TARGETS = {
  lightsOnRate: { good: 98, warn: 96 },
  /** repair orders closed within their deadline (24 h general, severe sooner) */
  onTimeRate: { good: 95, warn: 90 },
  satisfaction: { good: 90, warn: 80 },
} as const satisfies Record<string, KpiTarget>;

/** Text colours: antd's success, warning and error shades that read at 4.5:1 on white. */
export const KPI_COLORS: Record<KpiLevel, string> = {
  good: '#237804',
  warn: '#874d00',
  bad: '#cf1322',
  none: 'inherit',
};

/**
 * A rate as a percentage: values in [0, 1] are read as fractions (0.985 → 98.5), larger values as
 * percentages already. Non-numbers → NaN.
 */
export function toPercent(value: unknown): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return NaN;
  return n >= 0 && n <= 1 ? n * 100 : n;
}

export function kpiLevel(percent: number, target: KpiTarget): KpiLevel {
  if (!Number.isFinite(percent)) return 'none';
  if (percent >= target.good) return 'good';
  if (percent >= target.warn) return 'warn';
  return 'bad';
}

/** '98.6%' (one decimal, trailing .0 dropped); '—' for NaN. */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) return '—';
  return `${Number(percent.toFixed(1))}%`;
}

/** Month-on-month change in percent (NaN when last month is 0 or missing). */
export function changePercent(current: number, previous: number): number {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return NaN;
  return ((current - previous) / previous) * 100;
}
