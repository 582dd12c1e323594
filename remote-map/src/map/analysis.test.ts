import { i18next } from '@lighting/shared';
import '../i18n';
import {
  causeTexts,
  monthChart,
  monthSeries,
  niceMax,
  ratioText,
  showText,
  suspectedMarker,
} from './analysis';
import type { SharedCause } from './api';

/** Web Mercator, as the server names it */
const SR = { wkid: 102100, latestWkid: 3857 };

describe('fault analysis', () => {
  it('fills missing months of a history', () => {
    expect(
      monthSeries({
        byMonth: [
          { month: '2026-11', count: 2 },
          { month: '2026-09', count: 1 },
          { month: '2027-01', count: 4 },
        ],
      }),
    ).toEqual([
      { month: '2026-09', count: 1 },
      { month: '2026-10', count: 0 },
      { month: '2026-11', count: 2 },
      { month: '2026-12', count: 0 },
      { month: '2027-01', count: 4 },
    ]);
    expect(monthSeries({ byMonth: [] })).toEqual([]);
  });

  it('marks a suspected point or cable', () => {
    const base: SharedCause = {
      groupBy: 'circuit',
      key: 'CB-1-1',
      groupCode: 'CB-1-1',
      faultCount: 4,
      memberCount: 5,
      ratio: 0.8,
      spread: 1,
      assetIds: [1, 2],
      suspected: {
        layer: 1,
        objectid: 9,
        kind: 'cable',
        code: 'C-9',
        geometry: {
          paths: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
          spatialReference: SR,
        },
      },
    };
    expect(suspectedMarker(base).geometry.type).toBe('polyline');
    expect(
      suspectedMarker({
        ...base,
        suspected: { ...base.suspected, layer: 0, geometry: { x: 1, y: 2, spatialReference: SR } },
      }).geometry,
    ).toEqual({ type: 'point', x: 1, y: 2, spatialReference: SR });
    expect(ratioText(base)).toBe('4/5 (80%)');
  });

  it('lays the monthly chart out readably: bars with gaps on a 0…nice scale, a month axis', () => {
    expect([0, 1, 3, 10, 11, 48, 120, 999].map(niceMax)).toEqual([1, 1, 5, 10, 20, 50, 200, 1000]);
    const series = monthSeries({
      byMonth: [
        { month: '2025-12', count: 40 },
        { month: '2026-01', count: 41 },
        { month: '2026-02', count: 39 },
        { month: '2026-04', count: 7 },
      ],
    });
    const c = monthChart(series, 500, 100);
    expect(c.max).toBe(50);
    expect(c.bars.map((b) => b.count)).toEqual([40, 41, 39, 0, 7]);
    expect(c.bars.map((b) => b.label)).toEqual(['2025-12', '2026-01', '2', '3', '4']);
    // equal months are not a block: heights follow the counts on the 0…50 scale, with gaps between
    expect(c.bars[0]!.height).toBeCloseTo(80);
    expect(c.bars[3]!.height).toBe(0);
    for (let i = 1; i < c.bars.length; i++) {
      const prev = c.bars[i - 1]!;
      expect(c.bars[i]!.x - (prev.x + prev.width)).toBeGreaterThanOrEqual(prev.width * 0.4);
    }
    for (const b of c.bars) expect(b.y + b.height).toBeCloseTo(100);
    expect(c.ticks).toEqual([
      { value: 0, y: 100 },
      { value: 25, y: 50 },
      { value: 50, y: 0 },
    ]);
    // a year of months in a narrow panel: still bars with gaps, at most 28 px wide
    const year = monthChart(
      Array.from({ length: 13 }, (_, i) => ({
        month: `2026-${String((i % 12) + 1).padStart(2, '0')}`,
        count: 5,
      })),
      900,
      60,
    );
    for (const b of year.bars) expect(b.width).toBeLessThanOrEqual(28);
  });

  it('names a shared cause by codes and translated types in each language, never an object id', () => {
    const box: SharedCause = {
      groupBy: 'controlBox',
      key: '9719',
      groupCode: 'CB-000026',
      faultCount: 7,
      memberCount: 20,
      ratio: 0.35,
      spread: 3,
      assetIds: [1],
      suspected: {
        layer: 0,
        objectid: 9719,
        kind: 'controlBox',
        code: 'CB-000026',
        geometry: { x: 0, y: 0, spatialReference: SR },
      },
    };
    const circuit: SharedCause = {
      ...box,
      groupBy: 'circuit',
      key: 'CB-000026-2',
      groupCode: 'CB-000026-2',
      spread: 1,
      suspected: {
        layer: 1,
        objectid: 4115,
        kind: 'cable',
        code: 'CA-004115',
        geometry: { paths: [], spatialReference: SR },
      },
    };
    const shown = (lng: string, c: SharedCause) => {
      const t = i18next.getFixedT(lng, 'map') as unknown as (
        k: string,
        p?: Record<string, unknown>,
      ) => string;
      const x = causeTexts(c);
      return {
        title: showText(t, x.title),
        suspected: showText(t, x.suspected),
        reason: showText(t, x.reason),
      };
    };
    expect(shown('zh', box)).toEqual({
      title: '控制箱 CB-000026',
      suspected: '疑似故障点：控制箱 CB-000026',
      reason: '控制箱 CB-000026 的 3 个回路共 7 盏灯故障，疑似控制箱故障',
    });
    expect(shown('zh', circuit).suspected).toBe('疑似故障点：电缆 CA-004115');
    expect(shown('zhtw', circuit).suspected).toBe('疑似故障點：電纜 CA-004115');
    expect(shown('en', circuit)).toEqual({
      title: 'Circuit CB-000026-2',
      suspected: 'Suspected: Cable CA-004115',
      reason: 'Circuit CB-000026-2: 7 of 20 lamps faulty; its upstream cable or the circuit is suspected',
    });
    // Chinese texts hold no English words: only the codes are Latin
    for (const lng of ['zh', 'zhtw'])
      for (const c of [box, circuit])
        for (const text of Object.values(shown(lng, c)))
          expect(text.replace(/[A-Z]{2}-\d+(-\d+)?/g, '')).not.toMatch(/[A-Za-z]/);
  });
});
