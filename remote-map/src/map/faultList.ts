// The live open-fault list (pure): newest first, bounded, updated from `mapFaultChange` pushes.
import type { Fault } from './api';

export const LIVE_FAULTS_LIMIT = 50;

export function applyFaultChange(
  list: readonly Fault[],
  change: Record<string, unknown>,
  limit = LIVE_FAULTS_LIMIT,
): Fault[] {
  const f = change.fault as Fault | undefined;
  if (!f || typeof f !== 'object' || typeof f.id !== 'string') return [...list];
  const rest = list.filter((x) => x.id !== f.id);
  if (change.action === 'closed' || f.closedAt) return rest;
  return [f, ...rest].sort((a, b) => b.reportedAt - a.reportedAt).slice(0, limit);
}

/** Map markers for faults: red circles (the map's "faults red" layer). */
export function faultMarkers(list: readonly Fault[]) {
  return list.map((f) => ({
    geometry: { type: 'point', x: f.x, y: f.y },
    symbol: {
      type: 'simple-marker',
      style: 'circle',
      size: 14,
      color: [230, 30, 30, 0.25],
      outline: { color: [230, 30, 30, 1], width: 2 },
    },
    attributes: { faultId: f.id, objectid: f.assetId },
  }));
}
