// Shared-cause judgement and fault history shaping (pure).
import type { FaultHistory, SharedCause } from './api';

/** Marker for a suspected upstream element: a thick red outline ring (point) or red line (cable). */
export function suspectedMarker(c: SharedCause) {
  const g = c.suspected.geometry;
  const isLine = Array.isArray((g as { paths?: unknown }).paths);
  return {
    geometry: isLine ? { type: 'polyline', ...g } : { type: 'point', ...g },
    symbol: isLine
      ? { type: 'simple-line', color: [255, 0, 90, 1], width: 5, style: 'short-dash' }
      : {
          type: 'simple-marker',
          style: 'diamond',
          size: 22,
          color: [255, 0, 90, 0.15],
          outline: { color: [255, 0, 90, 1], width: 3 },
        },
    attributes: { key: c.key, objectid: c.suspected.objectid },
  };
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
