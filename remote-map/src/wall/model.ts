// The city wall display's figures (pure): projecting the city onto the small map, applying a pushed
// fault at once, and the numbers as the wall prints them.
import type { Extent, WallData, WallFault } from '../map/api';

/** The small map's drawing: the city fitted into a box (its shape kept, centred). */
export interface Projection {
  width: number;
  height: number;
  x: (mx: number) => number;
  y: (my: number) => number;
}

/**
 * Web Mercator (y up) onto a box of `width` × `height` (y down), keeping the city's shape, centred,
 * with a margin of `margin` of the smaller side. Without a height the box takes the city's shape.
 */
export function projection(extent: Extent, width = 1000, height?: number, margin = 0.03): Projection {
  const w = Math.max(1, extent.xmax - extent.xmin);
  const h = Math.max(1, extent.ymax - extent.ymin);
  const pad = height === undefined ? width * margin : Math.min(width, height) * margin;
  const boxH = height ?? Math.round(((width - 2 * pad) * h) / w + 2 * pad);
  const k = Math.max(0, Math.min((width - 2 * pad) / w, (boxH - 2 * pad) / h));
  const ox = (width - w * k) / 2;
  const oy = (boxH - h * k) / 2;
  return {
    width,
    height: boxH,
    x: (mx) => Math.round((ox + (mx - extent.xmin) * k) * 10) / 10,
    y: (my) => Math.round((oy + (extent.ymax - my) * k) * 10) / 10,
  };
}

/** An SVG path for a district's rings. */
export function ringPath(
  rings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  p: Projection,
): string {
  return rings
    .filter((r) => r.length > 1)
    .map((r) => `M${r.map(([x, y]) => `${p.x(x)} ${p.y(y)}`).join(' L')} Z`)
    .join(' ');
}

/** The centre of a district's outer ring (its label's place). */
export function ringCentre(
  rings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
): [number, number] | null {
  const ring = rings[0];
  if (!ring?.length) return null;
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/** Reads the fault of a `mapFaultChange` push; null when malformed. */
export function pushedFault(msg: Record<string, unknown>): (WallFault & { closed: boolean }) | null {
  const f = msg.fault;
  if (!f || typeof f !== 'object') return null;
  const r = f as Record<string, unknown>;
  if (typeof r.id !== 'string' || typeof r.x !== 'number' || typeof r.y !== 'number') return null;
  return {
    id: r.id,
    x: r.x,
    y: r.y,
    urgency: typeof r.urgency === 'number' ? r.urgency : 1,
    district: typeof r.district === 'string' ? r.district : '',
    typeCode: typeof r.typeCode === 'string' ? r.typeCode : 'other',
    reportedAt: typeof r.reportedAt === 'number' ? r.reportedAt : 0,
    closed: msg.action === 'closed' || (typeof r.closedAt === 'number' && r.closedAt > 0),
  };
}

/**
 * A pushed fault on the wall at once: a new one drawn (newest first, within the drawn limit) and
 * counted (city and district); a closed one taken away. A repeat of what the wall holds changes
 * nothing. The next read of the whole wall confirms it.
 */
export function applyFaultPush(data: WallData, msg: Record<string, unknown>): WallData {
  const f = pushedFault(msg);
  if (!f) return data;
  const { closed, ...fault } = f;
  const has = data.faults.list.some((x) => x.id === f.id);
  if (!closed && has) return data;
  if (closed && !has && data.faults.list.length >= data.faults.open) return data;
  const delta = closed ? -1 : 1;
  const list = closed
    ? data.faults.list.filter((x) => x.id !== f.id)
    : [fault, ...data.faults.list].sort((a, b) => b.reportedAt - a.reportedAt).slice(0, data.faults.limit);
  return {
    ...data,
    faults: { ...data.faults, open: Math.max(0, data.faults.open + delta), list },
    statistics: {
      ...data.statistics,
      byDistrict: data.statistics.byDistrict.map((d) =>
        d.district === f.district ? { ...d, openFaults: Math.max(0, d.openFaults + delta) } : d,
      ),
    },
  };
}

/** A rate as the wall prints it: one decimal ("98.6"). */
export const rateText = (rate: number): string => (Number.isFinite(rate) ? rate.toFixed(1) : '-');

/** kWh as MWh with one decimal ("1234.5"). */
export const mwhText = (kwh: number): string => (kwh / 1000).toFixed(1);

/** This month against last month, in % (one decimal), or null without a base. */
export function monthOnMonth(month: number, last: number): number | null {
  if (!last) return null;
  return Math.round(((month - last) * 1000) / last) / 10;
}

/** Where a rate sits on a bar that starts at `floor` % (a lights-on rate lives near the top). */
export function barShare(rate: number, floor = 90): number {
  return Math.min(1, Math.max(0, (rate - floor) / (100 - floor)));
}

/** Heights (0–1) of a series against its largest value. */
export function relativeHeights(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? Math.max(0, v) / max : 0));
}
