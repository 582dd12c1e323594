// Chart options built from the API data: pure functions (no echarts runtime imported here, only
// its option types), so the numbers-to-picture rules are tested without a canvas.
import type { ChartOption } from '@lighting/shared/ui';

export type { ChartOption };

export const PALETTE = [
  '#1890ff',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
  '#13c2c2',
  '#f5811c',
  '#8c8c8c',
];

const GRID = { left: 8, right: 8, top: 24, bottom: 4, containLabel: true } as const;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/** Sorted by key ascending (dates and months as strings sort chronologically), last `n` kept. */
export function lastN<T>(rows: readonly T[], key: (r: T) => string, n: number): T[] {
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).slice(-n);
}

/** 'YYYY-MM-DD' → 'MM-DD', 'YYYY-MM' → 'YYYY-MM' stays; anything else unchanged. */
export function shortDate(s: string): string {
  const m = /^\d{4}-(\d{2}-\d{2})/.exec(s);
  return m?.[1] ?? s;
}

/** Faults per day: a smoothed line with area. */
export function faultTrendOption(
  trend: readonly { date: string; count: number }[],
  name: string,
): ChartOption {
  const rows = lastN(trend, (r) => r.date, 31);
  return {
    color: PALETTE,
    grid: GRID,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', boundaryGap: false, data: rows.map((r) => shortDate(r.date)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'line',
        name,
        smooth: true,
        showSymbol: false,
        areaStyle: { opacity: 0.15 },
        data: rows.map((r) => num(r.count)),
      },
    ],
  };
}

/** The most parts a donut's legend lists: in its 150 px box it shows them whole, without paging. */
export const SHARE_MAX_PARTS = 6;

/** Parts of a whole (faults by type, cable km by type): a donut, largest first; past
 * SHARE_MAX_PARTS the smallest fold into one `otherName` part, so the legend never pages or cuts. */
export function shareOption(
  rows: readonly { name: string; value: number }[],
  seriesName: string,
  otherName: string,
): ChartOption {
  const sorted = rows
    .map((r) => ({ name: r.name, value: num(r.value) }))
    .filter((r) => r.value > 0)
    .sort((a, b) => b.value - a.value);
  const data =
    sorted.length <= SHARE_MAX_PARTS
      ? sorted
      : [
          ...sorted.slice(0, SHARE_MAX_PARTS - 1),
          {
            name: otherName,
            value: sorted.slice(SHARE_MAX_PARTS - 1).reduce((sum, r) => sum + r.value, 0),
          },
        ];
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { orient: 'vertical', right: 0, top: 'middle', itemWidth: 14, itemHeight: 10, itemGap: 8 },
    series: [
      {
        type: 'pie',
        name: seriesName,
        radius: ['45%', '72%'],
        center: ['35%', '50%'],
        label: { show: false },
        data,
      },
    ],
  };
}

export const faultsByTypeOption = (
  byType: readonly { type: string; count: number }[],
  name: string,
  otherName: string,
) =>
  shareOption(
    byType.map((r) => ({ name: r.type, value: r.count })),
    name,
    otherName,
  );

export const cableByTypeOption = (
  byType: readonly { type: string; km: number }[],
  name: string,
  otherName: string,
) =>
  shareOption(
    byType.map((r) => ({ name: r.type, value: Math.round(num(r.km) * 10) / 10 })),
    name,
    otherName,
  );

/** Energy per month, the last 12 months as bars. */
export function powerTrendOption(
  trend: readonly { month: string; kwh: number }[],
  name: string,
): ChartOption {
  const rows = lastN(trend, (r) => r.month, 12);
  return {
    color: PALETTE,
    grid: GRID,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: rows.map((r) => r.month.slice(2)) },
    yAxis: { type: 'value' },
    series: [{ type: 'bar', name, barMaxWidth: 18, data: rows.map((r) => num(r.kwh)) }],
  };
}

/** Work orders created and completed per month, side by side. */
export function productionOption(
  trend: readonly { month: string; created: number; completed: number }[],
  names: { created: string; completed: string },
): ChartOption {
  const rows = lastN(trend, (r) => r.month, 12);
  return {
    color: [PALETTE[0] ?? '#1890ff', PALETTE[1] ?? '#52c41a'],
    grid: { ...GRID, top: 32 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [names.created, names.completed] },
    xAxis: { type: 'category', data: rows.map((r) => r.month.slice(2)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: names.created, barMaxWidth: 12, data: rows.map((r) => num(r.created)) },
      { type: 'bar', name: names.completed, barMaxWidth: 12, data: rows.map((r) => num(r.completed)) },
    ],
  };
}
