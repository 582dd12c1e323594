// Shared-cause judgement and fault history shaping (pure).
import type { FaultHistory, SharedCause } from './api';
import { suspectSize } from './overview';

/**
 * Marker for a suspected upstream element: a small red ring (point) or a dashed red line (cable); the
 * chosen one larger. Up to 200 causes are drawn at once: filled 22 px diamonds covered the map in pink.
 */
export function suspectedMarker(c: SharedCause, selected = false) {
  const g = c.suspected.geometry;
  const isLine = Array.isArray((g as { paths?: unknown }).paths);
  const look = suspectSize(selected);
  return {
    geometry: isLine ? { type: 'polyline', ...g } : { type: 'point', ...g },
    symbol: isLine
      ? { type: 'simple-line', color: [255, 0, 90, 1], width: selected ? 5 : 2.5, style: 'short-dash' }
      : {
          type: 'simple-marker',
          style: 'circle',
          size: look.size,
          color: [255, 0, 90, look.fillAlpha],
          outline: { color: [255, 0, 90, 1], width: look.outline },
        },
    attributes: { key: c.key, objectid: c.suspected.objectid },
  };
}

/** A text to show, stored as its key and parameters; a parameter that is itself a key is translated first. */
export interface KeyedText {
  key: string;
  params: Record<string, string | number | { key: string }>;
}

/**
 * The words of a shared cause (issue 25 item 24), as keys: the title names the group's element by its
 * code and translated type ("控制箱 CB-000026", never the object id 9719), the suspected element by its
 * translated kind and code ("疑似故障点：电缆 CA-004115"), and the judgement's sentence with the counts.
 */
export function causeTexts(c: SharedCause): { title: KeyedText; suspected: KeyedText; reason: KeyedText } {
  const code = c.groupCode || c.key;
  return {
    title: { key: 'causeTitle', params: { group: { key: `groupBy.${c.groupBy}` }, code } },
    suspected: {
      key: 'suspectedIs',
      params: { kind: { key: `kind.${c.suspected.kind}` }, code: c.suspected.code },
    },
    reason: {
      key: `causeReason.${c.groupBy}`,
      params: { code, faults: c.faultCount, members: c.memberCount, spread: c.spread },
    },
  };
}

/** A keyed text in the reader's language through `t` (nested keys first). */
export function showText(
  t: (key: string, params?: Record<string, unknown>) => string,
  text: KeyedText,
): string {
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(text.params)) params[k] = typeof v === 'object' ? t(v.key) : v;
  return t(text.key, params);
}

/** "12/15 (80%)" — faulty members of a group. */
export const ratioText = (c: Pick<SharedCause, 'faultCount' | 'memberCount' | 'ratio'>): string =>
  `${c.faultCount}/${c.memberCount} (${Math.round(c.ratio * 100)}%)`;

/** The months of a history, oldest first, with zero-count months filled in. */
export function monthSeries(h: Pick<FaultHistory, 'byMonth'>): { month: string; count: number }[] {
  if (h.byMonth.length === 0) return [];
  const sorted = [...h.byMonth].sort((a, b) => a.month.localeCompare(b.month));
  const counts = new Map(sorted.map((m) => [m.month, m.count]));
  const [fy, fm] = sorted[0]!.month.split('-').map(Number) as [number, number];
  const [ly, lm] = sorted[sorted.length - 1]!.month.split('-').map(Number) as [number, number];
  const out: { month: string; count: number }[] = [];
  for (let y = fy, m = fm; y < ly || (y === ly && m <= lm); m === 12 ? ((m = 1), (y += 1)) : (m += 1)) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push({ month: key, count: counts.get(key) ?? 0 });
  }
  return out;
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above n (a readable axis maximum), at least 1. Pure. */
export function niceMax(n: number): number {
  if (!(n > 1)) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5, 10]) if (m * p >= n) return m * p;
  return 10 * p;
}

export interface MonthBar {
  month: string;
  count: number;
  /** axis label: the month number, with the year at January and on the first bar */
  label: string;
  x: number;
  width: number;
  y: number;
  height: number;
}

export interface MonthChart {
  bars: MonthBar[];
  /** y axis: values and their heights (0 at the bottom) */
  ticks: Array<{ value: number; y: number }>;
  max: number;
}

/**
 * A month bar chart laid out in a plot of `width` × `height` (pure): one bar per month (zero months
 * included), bars no wider than 28 px with a gap of at least 30 % of a slot, heights on a 0…niceMax
 * scale so equal months are equal bars, never a block filling the plot.
 */
export function monthChart(
  series: ReadonlyArray<{ month: string; count: number }>,
  width: number,
  height: number,
): MonthChart {
  const max = niceMax(Math.max(0, ...series.map((s) => s.count)));
  const slot = series.length ? width / series.length : width;
  const barW = Math.max(2, Math.min(28, slot * 0.7));
  const bars = series.map((s, i) => {
    const h = (s.count / max) * height;
    const [y, m] = s.month.split('-');
    return {
      month: s.month,
      count: s.count,
      label: i === 0 || m === '01' ? `${y}-${m}` : String(Number(m)),
      x: i * slot + (slot - barW) / 2,
      width: barW,
      y: height - h,
      height: h,
    };
  });
  const ticks = [0, max / 2, max]
    .filter((v, i, a) => Number.isInteger(v) && a.indexOf(v) === i)
    .map((value) => ({ value, y: height - (value / max) * height }));
  return { bars, ticks, max };
}
