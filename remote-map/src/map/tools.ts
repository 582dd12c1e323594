// Map tools (pure): what a topology click asks for, measurement text, track geometry.
import type { TrackPoint } from './api';

export interface MapHit {
  layer: 0 | 1;
  objectid: number;
  kind?: string;
  status?: string;
}

export type TopologyQuery =
  | { direction: 'down'; objectid: number }
  | { direction: 'down'; cableId: number }
  | { direction: 'up'; objectid: number };

const FEEDERS = new Set(['transformer', 'controlBox']);

/** Transformer, control box or cable → what it feeds; anything else (a faulty lamp) → path to the source. */
export function topologyQuery(hit: MapHit): TopologyQuery {
  if (hit.layer === 1) return { direction: 'down', cableId: hit.objectid };
  if (hit.kind && FEEDERS.has(hit.kind)) return { direction: 'down', objectid: hit.objectid };
  return { direction: 'up', objectid: hit.objectid };
}

const LENGTH_UNITS: Record<string, string> = {
  meters: 'm',
  kilometers: 'km',
  feet: 'ft',
  miles: 'mi',
  yards: 'yd',
};
const AREA_UNITS: Record<string, string> = {
  'square-meters': 'm²',
  'square-kilometers': 'km²',
  hectares: 'ha',
  'square-feet': 'ft²',
  'square-miles': 'mi²',
  acres: 'ac',
};

/** "1,234.5 m" / "2.35 km²" — a measurement result for the tools panel. */
export function formatQuantity(q: { value: number; unit: string } | null | undefined): string {
  if (!q || !Number.isFinite(q.value)) return '';
  const unit = LENGTH_UNITS[q.unit] ?? AREA_UNITS[q.unit] ?? q.unit;
  const digits = Math.abs(q.value) >= 100 ? 1 : 2;
  return `${q.value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit}`;
}

/** A crew's stored positions as a polyline (time order) plus start and end markers. */
export function trackGraphics(points: readonly TrackPoint[]) {
  const sorted = [...points].sort((a, b) => a.t - b.t);
  if (sorted.length === 0) return [];
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const dot = (p: TrackPoint, color: [number, number, number]) => ({
    geometry: { type: 'point', x: p.x, y: p.y },
    symbol: {
      type: 'simple-marker',
      style: 'circle',
      size: 10,
      color: [...color, 1],
      outline: { color: [255, 255, 255, 1], width: 2 },
    },
    attributes: { t: p.t },
  });
  const line =
    sorted.length > 1
      ? [
          {
            geometry: { type: 'polyline', paths: [sorted.map((p) => [p.x, p.y])] },
            symbol: { type: 'simple-line', color: [20, 110, 240, 1], width: 3 },
            attributes: {},
          },
        ]
      : [];
  return [...line, dot(first, [40, 160, 80]), dot(last, [230, 30, 30])];
}
