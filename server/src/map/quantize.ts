/**
 * Esri JSON coordinate quantization (pure), as the 2D view asks for it in tile queries
 * (`quantizationParameters` with `originPosition: upperLeft`): integers in units of `tolerance` from
 * the extent's upper-left corner, y growing downwards. A point is absolute; a path or ring gives its
 * first vertex absolute and every next one as the step from the one before, with zero steps left out
 * (the SDK adds the steps back up). A path left with one vertex, or a ring with fewer than three, is
 * smaller than a pixel at that tolerance and is dropped. Without this the SDK read full coordinates
 * as quantized ones and drew no district, road, water or park.
 */
export interface Quantization {
  tolerance: number;
  originX: number;
  originY: number;
}

export function quantizePoint(x: number, y: number, q: Quantization): [number, number] {
  return [Math.round((x - q.originX) / q.tolerance), Math.round((q.originY - y) / q.tolerance)];
}

/** Paths (`rings: false`) or rings (`rings: true`), delta-encoded. */
export function quantizePaths(
  paths: readonly (readonly (readonly number[])[])[],
  q: Quantization,
  rings: boolean,
): number[][][] {
  const out: number[][][] = [];
  for (const path of paths) {
    const enc: number[][] = [];
    let px = 0;
    let py = 0;
    let distinct = 0;
    for (const [x = 0, y = 0] of path) {
      const [qx, qy] = quantizePoint(x, y, q);
      if (enc.length === 0) enc.push([qx, qy]);
      else if (qx !== px || qy !== py) enc.push([qx - px, qy - py]);
      else continue;
      px = qx;
      py = qy;
      distinct++;
    }
    // a closed ring repeats its first vertex: that one is not a new corner
    if (distinct >= (rings ? 4 : 2)) out.push(enc);
  }
  return out;
}

/** The centroid of a polygon's first ring (area-weighted), or its vertices' mean when it has no area. */
export function ringCentroid(ring: readonly (readonly number[])[]): [number, number] {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0 = 0, y0 = 0] = ring[i] ?? [];
    const [x1 = 0, y1 = 0] = ring[i + 1] ?? [];
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (Math.abs(a) < 1e-9) {
    const n = Math.max(1, ring.length);
    return [ring.reduce((s, p) => s + (p[0] ?? 0), 0) / n, ring.reduce((s, p) => s + (p[1] ?? 0), 0) / n];
  }
  return [cx / (3 * a), cy / (3 * a)];
}
