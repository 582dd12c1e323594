import {
  PIN_VIEW_M,
  fitView,
  inRing,
  inView,
  originOf,
  pathD,
  project,
  tapAction,
  tapPoint,
  unproject,
  zoomAt,
  type LngLat,
} from './plan';

const ring: LngLat[] = [
  [120.05, 30.2],
  [120.05, 30.3],
  [120.15, 30.3],
  [120.15, 30.2],
  [120.05, 30.2],
];

describe('the pin picker plan', () => {
  const o = originOf([ring]);

  it('projects around the centre in metres (y southwards) and back', () => {
    expect(o.lng0).toBeCloseTo(120.1, 9);
    expect(o.lat0).toBeCloseTo(30.25, 9);
    const [x, y] = project([120.11, 30.26], o);
    // 0.01° of longitude at 30.25° N is about 961 m; 0.01° of latitude about 1,106 m (north: y < 0)
    expect(x).toBeCloseTo(961.6, 0);
    expect(y).toBeCloseTo(-1105.7, 0);
    const back = unproject([x, y], o);
    expect(back[0]).toBeCloseTo(120.11, 9);
    expect(back[1]).toBeCloseTo(30.26, 9);
  });

  it('fits the plan in a view of the screen’s shape and zooms around a tap until a tap pins', () => {
    const v = fitView([ring], o, 1);
    expect(v.w).toBeCloseTo(v.h, 6);
    expect(v.w).toBeGreaterThan(11_000);
    expect(tapAction(v)).toBe('zoom');
    let z = v;
    let taps = 0;
    while (tapAction(z) === 'zoom') {
      z = zoomAt(z, 100, 200);
      taps++;
    }
    expect(taps).toBe(2);
    expect(z.w).toBeLessThanOrEqual(PIN_VIEW_M);
    expect(z.x + z.w / 2).toBeCloseTo(100, 6);
    expect(z.y + z.h / 2).toBeCloseTo(200, 6);
    const wide = fitView([ring], o, 375 / 480);
    expect(wide.w / wide.h).toBeCloseTo(375 / 480, 6);
  });

  it('turns a tap on the element into a point of the view', () => {
    const v = { x: 1000, y: 2000, w: 800, h: 800 };
    expect(tapPoint(150, 250, { left: 0, top: 50, width: 400, height: 400 }, v)).toEqual([1300, 2400]);
  });

  it('draws paths in whole metres and tells what is in view and in a district', () => {
    expect(pathD(ring.slice(0, 2), o)).toMatch(/^M-\d+ \d+L-\d+ -\d+$/);
    expect(pathD(ring, o, true).endsWith('Z')).toBe(true);
    expect(pathD([], o)).toBe('');
    expect(inRing([120.1, 30.25], ring)).toBe(true);
    expect(inRing([120.2, 30.25], ring)).toBe(false);
    const v = { x: -100, y: -100, w: 200, h: 200 };
    expect(inView([[120.1, 30.25]], o, v)).toBe(true);
    expect(inView([[120.14, 30.29]], o, v)).toBe(false);
    // a long road crossing the view with no vertex in it is in view
    expect(
      inView(
        [
          [120.06, 30.25],
          [120.14, 30.25],
        ],
        o,
        v,
      ),
    ).toBe(true);
  });
});
