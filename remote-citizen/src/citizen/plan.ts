// The pin picker's geometry (pure): the city plan (WGS84 lon/lat from /api/public/places) projected
// to local metres (equirectangular around the city's centre: at a city's size the error is far under
// a metre, and no map SDK is needed), the square view that zooms around a tap, hit tests and SVG paths.

export type LngLat = [number, number];

export interface Origin {
  lng0: number;
  lat0: number;
}

/** A view in projected metres (y grows southwards, as SVG's does). */
export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LNG = 111_320;

/** Below this view width a tap places the pin (about 4 m per pixel on a 375 px phone); above, it zooms. */
export const PIN_VIEW_M = 1_500;
/** How much one tap zooms in. */
export const ZOOM_STEP = 4;

export function originOf(paths: readonly (readonly LngLat[])[]): Origin {
  let minx = Infinity;
  let maxx = -Infinity;
  let miny = Infinity;
  let maxy = -Infinity;
  for (const p of paths)
    for (const [lng, lat] of p) {
      minx = Math.min(minx, lng);
      maxx = Math.max(maxx, lng);
      miny = Math.min(miny, lat);
      maxy = Math.max(maxy, lat);
    }
  return Number.isFinite(minx) ? { lng0: (minx + maxx) / 2, lat0: (miny + maxy) / 2 } : { lng0: 0, lat0: 0 };
}

export function project([lng, lat]: LngLat, o: Origin): [number, number] {
  const k = M_PER_DEG_LNG * Math.cos((o.lat0 * Math.PI) / 180);
  return [(lng - o.lng0) * k, -(lat - o.lat0) * M_PER_DEG_LAT];
}

export function unproject([x, y]: [number, number], o: Origin): LngLat {
  const k = M_PER_DEG_LNG * Math.cos((o.lat0 * Math.PI) / 180);
  return [o.lng0 + x / k, o.lat0 - y / M_PER_DEG_LAT];
}

/** The view showing all of `paths` (padded 4 %) in a box of the given aspect (width / height). */
export function fitView(paths: readonly (readonly LngLat[])[], o: Origin, aspect = 1): View {
  let minx = Infinity;
  let maxx = -Infinity;
  let miny = Infinity;
  let maxy = -Infinity;
  for (const p of paths)
    for (const pt of p) {
      const [x, y] = project(pt, o);
      minx = Math.min(minx, x);
      maxx = Math.max(maxx, x);
      miny = Math.min(miny, y);
      maxy = Math.max(maxy, y);
    }
  if (!Number.isFinite(minx)) return { x: -500, y: -500, w: 1000, h: 1000 / aspect };
  let w = (maxx - minx) * 1.08 || 1000;
  let h = (maxy - miny) * 1.08 || 1000;
  if (w / h > aspect) h = w / aspect;
  else w = h * aspect;
  return { x: (minx + maxx) / 2 - w / 2, y: (miny + maxy) / 2 - h / 2, w, h };
}

/** The view `factor` times closer, centred on (x, y). */
export function zoomAt(v: View, x: number, y: number, factor = ZOOM_STEP): View {
  const w = v.w / factor;
  const h = v.h / factor;
  return { x: x - w / 2, y: y - h / 2, w, h };
}

/** What a tap on this view does. */
export function tapAction(v: View): 'zoom' | 'pin' {
  return v.w <= PIN_VIEW_M ? 'pin' : 'zoom';
}

/** The point in projected metres under a tap at (clientX, clientY) on an element showing `v`. */
export function tapPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
  v: View,
): [number, number] {
  return [
    v.x + ((clientX - rect.left) / Math.max(1, rect.width)) * v.w,
    v.y + ((clientY - rect.top) / Math.max(1, rect.height)) * v.h,
  ];
}

/** An SVG path's `d` for a line (or a closed ring), in whole metres. */
export function pathD(path: readonly LngLat[], o: Origin, close = false): string {
  const pts = path.map((p) =>
    project(p, o)
      .map((n) => Math.round(n))
      .join(' '),
  );
  return pts.length ? `M${pts.join('L')}${close ? 'Z' : ''}` : '';
}

/** Whether a point is inside a ring (ray casting; lon/lat is fine at this scale). */
export function inRing([x, y]: LngLat, ring: readonly LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a projected line crosses the view (its bounding box does): only those are drawn. */
export function inView(path: readonly LngLat[], o: Origin, v: View): boolean {
  let minx = Infinity;
  let maxx = -Infinity;
  let miny = Infinity;
  let maxy = -Infinity;
  for (const pt of path) {
    const [x, y] = project(pt, o);
    minx = Math.min(minx, x);
    maxx = Math.max(maxx, x);
    miny = Math.min(miny, y);
    maxy = Math.max(maxy, y);
  }
  return maxx >= v.x && minx <= v.x + v.w && maxy >= v.y && miny <= v.y + v.h;
}
