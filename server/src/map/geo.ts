/** Web Mercator maths and envelopes. Pure. */

export const WEB_MERCATOR = { wkid: 102100, latestWkid: 3857 } as const;
export const WGS84 = { wkid: 4326, latestWkid: 4326 } as const;
const R = 6378137;
const MAX_LAT = 85.0511287798;

export interface Envelope {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const la = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const x = (lon * Math.PI * R) / 180;
  const y = R * Math.log(Math.tan(Math.PI / 4 + (la * Math.PI) / 360));
  return [x, y];
}

export function mercatorToLonLat(x: number, y: number): [number, number] {
  const lon = (x / R) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI);
  return [lon, lat];
}

/** Spatial references the server speaks: 'mercator' (102100/3857/900913) or 'wgs84' (4326); null otherwise. */
export type SrKind = 'mercator' | 'wgs84';
export function srKind(wkid: number): SrKind | null {
  if (wkid === 102100 || wkid === 3857 || wkid === 900913 || wkid === 102113) return 'mercator';
  if (wkid === 4326) return 'wgs84';
  return null;
}

/** Converts an envelope given in `kind` to Web Mercator. */
export function envelopeToMercator(e: Envelope, kind: SrKind): Envelope {
  if (kind === 'mercator') return e;
  const [xmin, ymin] = lonLatToMercator(e.xmin, e.ymin);
  const [xmax, ymax] = lonLatToMercator(e.xmax, e.ymax);
  return { xmin, ymin, xmax, ymax };
}

export function envelopeFromMercator(e: Envelope, kind: SrKind): Envelope {
  if (kind === 'mercator') return e;
  const [xmin, ymin] = mercatorToLonLat(e.xmin, e.ymin);
  const [xmax, ymax] = mercatorToLonLat(e.xmax, e.ymax);
  return { xmin, ymin, xmax, ymax };
}

export function emptyEnvelope(): Envelope {
  return { xmin: Infinity, ymin: Infinity, xmax: -Infinity, ymax: -Infinity };
}

/** Grows `e` (in place) by a point; returns it. */
export function extendEnvelope(e: Envelope, x: number, y: number): Envelope {
  if (x < e.xmin) e.xmin = x;
  if (y < e.ymin) e.ymin = y;
  if (x > e.xmax) e.xmax = x;
  if (y > e.ymax) e.ymax = y;
  return e;
}

export function isEmptyEnvelope(e: Envelope): boolean {
  return !(e.xmin <= e.xmax && e.ymin <= e.ymax);
}

export function envelopeOfPaths(paths: ReadonlyArray<ReadonlyArray<readonly [number, number]>>): Envelope {
  const e = emptyEnvelope();
  for (const p of paths) for (const [x, y] of p) extendEnvelope(e, x, y);
  return e;
}

export function intersects(a: Envelope, b: Envelope): boolean {
  return a.xmin <= b.xmax && a.xmax >= b.xmin && a.ymin <= b.ymax && a.ymax >= b.ymin;
}

/** Ground metres per Web Mercator metre at a latitude (degrees). */
export function groundScale(latDeg: number): number {
  return Math.cos((latDeg * Math.PI) / 180);
}

/** Length in ground metres of a mercator polyline at a latitude. */
export function pathLengthM(path: ReadonlyArray<readonly [number, number]>, latDeg: number): number {
  let s = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1];
    const b = path[i];
    if (!a || !b) continue;
    s += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return s * groundScale(latDeg);
}
