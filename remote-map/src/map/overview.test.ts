import {
  ALERT_CLUSTER,
  clusterGoal,
  fitResolution,
  fitExtent,
  boundsOf,
  centreBeside,
  contains,
  hitEnvelope,
  HIT_RADIUS_PX,
  nearestWithin,
  suspectSize,
} from './overview';
import { alertLayer, KIND_MARKERS } from './symbology';
import { suspectedMarker } from './analysis';
import type { SharedCause } from './api';

describe('clicks near a point pick it', () => {
  it('hits within a radius larger than the dot', () => {
    const biggest = Math.max(...Object.values(KIND_MARKERS).map((k) => k.size));
    // the dot's radius in px (points ≈ px at 96 dpi × 0.75 — generous) is below the hit radius
    expect(HIT_RADIUS_PX).toBeGreaterThan(biggest / 2 + 4);
    // at 1:2,000 a px is ~0.53 m: the box reaches 10 px each way
    const e = hitEnvelope({ x: 100, y: 200 }, 0.53);
    expect(e.xmax - e.xmin).toBeCloseTo(2 * HIT_RADIUS_PX * 0.53);
    expect((e.xmin + e.xmax) / 2).toBeCloseTo(100);
  });

  it('picks the nearest within the radius, none beyond it', () => {
    const pts = [
      { id: 1, x: 10, y: 0 },
      { id: 2, x: 3, y: 4 },
      { id: 3, x: -6, y: 0 },
    ];
    expect(nearestWithin(pts, { x: 0, y: 0 }, 8)?.id).toBe(2);
    expect(nearestWithin(pts, { x: 0, y: 0 }, 4)).toBeNull();
    expect(nearestWithin([], { x: 0, y: 0 }, 4)).toBeNull();
    expect(nearestWithin(pts, { x: 9, y: 0 }, 2)?.id).toBe(1);
  });
});

describe('a cluster click shows what the cluster holds', () => {
  const opts = { currentScale: 200_000, streetScale: 8_000, minSpan: 20 };
  it('zooms to the members’ extent with a margin, not one step', () => {
    const g = clusterGoal({ xmin: 0, ymin: 0, xmax: 1000, ymax: 500 }, { x: 500, y: 250 }, opts);
    expect(g).toEqual({ kind: 'extent', extent: { xmin: -150, ymin: -75, xmax: 1150, ymax: 575 } });
  });
  it('members on one spot (or no extent) go to street scale on the centre', () => {
    expect(clusterGoal({ xmin: 5, ymin: 5, xmax: 6, ymax: 6 }, { x: 5, y: 5 }, opts)).toEqual({
      kind: 'point',
      at: { x: 5, y: 5 },
      scale: 8_000,
    });
    expect(clusterGoal(null, { x: 1, y: 2 }, { ...opts, currentScale: 10_000 })).toEqual({
      kind: 'point',
      at: { x: 1, y: 2 },
      scale: 5_000,
    });
  });
});

describe('symbols that do not dominate the city', () => {
  it('fault clusters are sized by count within a modest range, smaller than before', () => {
    const l = alertLayer('fault', 'faults');
    expect(l.featureReduction.clusterMinSize).toBe(`${ALERT_CLUSTER.min}px`);
    expect(l.featureReduction.clusterMaxSize).toBe(`${ALERT_CLUSTER.max}px`);
    expect(ALERT_CLUSTER.max).toBeLessThanOrEqual(32);
    expect(l.renderer.symbol.size).toBe(ALERT_CLUSTER.single);
  });

  it('shared causes are small rings, only the chosen one stands out', () => {
    const c = {
      suspected: { layer: 0, objectid: 1, kind: 'controlBox', code: 'CB-1', geometry: { x: 0, y: 0 } },
      key: '1',
    } as unknown as SharedCause;
    const plain = suspectedMarker(c).symbol as { size: number; color: number[] };
    const chosen = suspectedMarker(c, true).symbol as { size: number };
    expect(plain.size).toBe(suspectSize(false).size);
    expect(plain.color[3]).toBe(0);
    expect(chosen.size).toBeGreaterThan(plain.size);
  });

  it('fits the whole city in the part of a 1366×768 view the overlays leave', () => {
    const city = { xmin: 0, ymin: 0, xmax: 30_000, ymax: 24_000 };
    const res = fitResolution(city, { width: 1100, height: 560 }, { left: 280, right: 0, top: 0, bottom: 0 });
    // the city's height fits in 560 px and its width in the 820 px right of the card
    expect((24_000 * 1.06) / res).toBeLessThanOrEqual(560 + 1e-6);
    expect((30_000 * 1.06) / res).toBeLessThanOrEqual(820 + 1e-6);
  });

  it("the first view: the whole city inside the view, clear of the overlays, in the view's proportions", () => {
    const city = { xmin: 1000, ymin: 2000, xmax: 31_000, ymax: 26_000 };
    const view = { width: 828, height: 520 };
    const cover = { left: 60, right: 0, top: 0, bottom: 18 };
    const e = fitExtent(city, view, cover);
    const r = (e.xmax - e.xmin) / view.width;
    expect((e.ymax - e.ymin) / view.height).toBeCloseTo(r, 9);
    // the uncovered part, in map units
    const free = {
      xmin: e.xmin + cover.left * r,
      xmax: e.xmax - cover.right * r,
      ymin: e.ymin + cover.bottom * r,
      ymax: e.ymax - cover.top * r,
    };
    expect(contains(free, city)).toBe(true);
    expect(contains(city, free)).toBe(false);
    // the height limits here: the city touches the free part's top and bottom within the margin
    expect(free.ymax - city.ymax).toBeCloseTo(city.ymin - free.ymin, 6);
    expect(free.ymax - city.ymax).toBeCloseTo(24_000 * 0.03, 6);
  });

  it('contains: a box is within itself, not within a smaller one', () => {
    const a = { xmin: 0, ymin: 0, xmax: 10, ymax: 10 };
    expect(contains(a, a)).toBe(true);
    expect(contains({ ...a, xmax: 9 }, a)).toBe(false);
    expect(contains({ ...a, xmax: 9 }, a, 1)).toBe(true);
  });

  it('bounds boxes and points together, skipping nothing-to-show', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([null, undefined])).toBeNull();
    expect(boundsOf([{ x: 3, y: 4 }])).toEqual({ xmin: 3, ymin: 4, xmax: 3, ymax: 4 });
    expect(boundsOf([{ xmin: 0, ymin: 0, xmax: 2, ymax: 2 }, null, { x: 10, y: -5 }])).toEqual({
      xmin: 0,
      ymin: -5,
      xmax: 10,
      ymax: 2,
    });
    // the input is not changed
    const a = { xmin: 0, ymin: 0, xmax: 1, ymax: 1 };
    boundsOf([a, { x: 5, y: 5 }]);
    expect(a).toEqual({ xmin: 0, ymin: 0, xmax: 1, ymax: 1 });
  });

  it('centres a point in the part a drawer leaves: half the drawer east of it', () => {
    expect(centreBeside({ x: 100, y: 50 }, 2, 0)).toEqual({ x: 100, y: 50 });
    // a 380 px drawer at 2 map units per pixel: the view's centre 380 map units east of the point
    expect(centreBeside({ x: 100, y: 50 }, 2, 380)).toEqual({ x: 480, y: 50 });
    expect(centreBeside({ x: 100, y: 50 }, 2, -10)).toEqual({ x: 100, y: 50 });
  });
});
