// The overview as a control room reads it (pure; issue 25 item 23): where a click lands, where a
// cluster click goes, how big the alert clusters and the suspected elements are drawn. The effects
// (hit tests, queries, goTo) are in cityMap.ts; the numbers and choices are here, tested.

export interface XY {
  x: number;
  y: number;
}

export interface ExtentBox {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

/**
 * How far (screen px) from a point a click still picks it. Street-level dots are 5–7 px: a click
 * must land within 3 px of the centre to touch one, and 11 of 11 clicks "on" a lamp hit nothing.
 */
export const HIT_RADIUS_PX = 10;

/** The map-unit box around a click `px` screen pixels each way (`resolution`: map units per pixel). */
export function hitEnvelope(at: XY, resolution: number, px = HIT_RADIUS_PX): ExtentBox {
  const d = Math.max(0, resolution) * px;
  return { xmin: at.x - d, ymin: at.y - d, xmax: at.x + d, ymax: at.y + d };
}

/** The item nearest to `at` within `maxDistance` map units (ties: the first), or null. */
export function nearestWithin<T extends XY>(items: readonly T[], at: XY, maxDistance: number): T | null {
  let best: T | null = null;
  let bestD = maxDistance * maxDistance;
  for (const it of items) {
    const d = (it.x - at.x) ** 2 + (it.y - at.y) ** 2;
    if (d <= bestD && (best === null || d < bestD)) {
      best = it;
      bestD = d;
    }
  }
  return best;
}

export type ClusterGoal = { kind: 'extent'; extent: ExtentBox } | { kind: 'point'; at: XY; scale: number };

/**
 * Where a cluster click goes: the extent of the assets it holds with a margin (`margin`: the share
 * added on each side), so one click shows them all — not one zoom step. Members on (nearly) one spot,
 * or an extent unknown, go to `streetScale` on the cluster's centre, never further out than now.
 */
export function clusterGoal(
  members: ExtentBox | null,
  centre: XY,
  opts: { currentScale: number; streetScale: number; minSpan: number; margin?: number },
): ClusterGoal {
  const margin = opts.margin ?? 0.15;
  const w = members ? members.xmax - members.xmin : 0;
  const h = members ? members.ymax - members.ymin : 0;
  if (!members || !(Math.max(w, h) >= opts.minSpan))
    return { kind: 'point', at: centre, scale: Math.min(opts.streetScale, opts.currentScale / 2) };
  return {
    kind: 'extent',
    extent: {
      xmin: members.xmin - w * margin,
      ymin: members.ymin - h * margin,
      xmax: members.xmax + w * margin,
      ymax: members.ymax + h * margin,
    },
  };
}

/**
 * The alert clusters' sizes: by count from `min` (a few) to `max` (the most) in screen px. Small
 * enough that 0.6 % faulty assets do not paint the city red nor hide the district names, large
 * enough to read a three-digit count.
 */
export const ALERT_CLUSTER = { radius: 64, min: 16, max: 32, single: 7, labelSize: 10 } as const;

/** What a suspected element (a shared cause) is drawn as: a small ring, the chosen one larger. */
export function suspectSize(selected: boolean): { size: number; fillAlpha: number; outline: number } {
  return selected ? { size: 18, fillAlpha: 0.2, outline: 3 } : { size: 10, fillAlpha: 0, outline: 1.5 };
}

/**
 * The extent that shows `city` whole in a view `width` × `height` px whose edges are covered by
 * overlays (`cover`: px on each side, e.g. the layers card on the left), with `margin` of the city's
 * size added around. The SDK fits the returned extent into the view's uncovered part when the same
 * cover is given as the view's padding; this is the scale it will take (map units per px).
 */
export function fitResolution(
  city: ExtentBox,
  view: { width: number; height: number },
  cover: { left: number; right: number; top: number; bottom: number },
  margin = 0.03,
): number {
  const w = (city.xmax - city.xmin) * (1 + 2 * margin);
  const h = (city.ymax - city.ymin) * (1 + 2 * margin);
  const vw = Math.max(1, view.width - cover.left - cover.right);
  const vh = Math.max(1, view.height - cover.top - cover.bottom);
  return Math.max(w / vw, h / vh);
}

/**
 * The view's extent that shows `city` whole (fitResolution), centred in the part of the view the
 * overlays leave: the box has the view's own proportions, so the SDK takes it as it is.
 */
export function fitExtent(
  city: ExtentBox,
  view: { width: number; height: number },
  cover: { left: number; right: number; top: number; bottom: number },
  margin = 0.03,
): ExtentBox {
  const r = fitResolution(city, view, cover, margin);
  const cx = (city.xmin + city.xmax) / 2;
  const cy = (city.ymin + city.ymax) / 2;
  // the uncovered part's centre sits (left − right) / 2 px right of the view's, (top − bottom) / 2 px lower
  const x = cx - ((cover.left - cover.right) / 2) * r;
  const y = cy + ((cover.top - cover.bottom) / 2) * r;
  const hw = (Math.max(1, view.width) / 2) * r;
  const hh = (Math.max(1, view.height) / 2) * r;
  return { xmin: x - hw, ymin: y - hh, xmax: x + hw, ymax: y + hh };
}

/** Whether `inner` lies within `outer` (a tolerance of `slack` map units on each side). */
export function contains(outer: ExtentBox, inner: ExtentBox, slack = 0): boolean {
  return (
    inner.xmin >= outer.xmin - slack &&
    inner.ymin >= outer.ymin - slack &&
    inner.xmax <= outer.xmax + slack &&
    inner.ymax <= outer.ymax + slack
  );
}

/**
 * The view's centre that shows `at` in the middle of the part a drawer `coverRight` px wide at the
 * right leaves uncovered (`resolution`: map units per pixel at the scale zoomed to).
 */
export function centreBeside(at: XY, resolution: number, coverRight: number): XY {
  return { x: at.x + (Math.max(0, coverRight) / 2) * resolution, y: at.y };
}

/** The smallest box holding every given box and point (nulls skipped), or null when there is none. */
export function boundsOf(parts: ReadonlyArray<ExtentBox | XY | null | undefined>): ExtentBox | null {
  let out: ExtentBox | null = null;
  for (const p of parts) {
    if (!p) continue;
    const b = 'x' in p ? { xmin: p.x, ymin: p.y, xmax: p.x, ymax: p.y } : p;
    out = out
      ? {
          xmin: Math.min(out.xmin, b.xmin),
          ymin: Math.min(out.ymin, b.ymin),
          xmax: Math.max(out.xmax, b.xmax),
          ymax: Math.max(out.ymax, b.ymax),
        }
      : { ...b };
  }
  return out;
}
