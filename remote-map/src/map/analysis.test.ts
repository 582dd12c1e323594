import { monthSeries, ratioText, suspectedMarker } from './analysis';
import type { SharedCause } from './api';

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
      faultCount: 4,
      memberCount: 5,
      ratio: 0.8,
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
        },
      },
      reason: '',
    };
    expect(suspectedMarker(base).geometry.type).toBe('polyline');
    expect(
      suspectedMarker({ ...base, suspected: { ...base.suspected, layer: 0, geometry: { x: 1, y: 2 } } })
        .geometry,
    ).toEqual({ type: 'point', x: 1, y: 2 });
    expect(ratioText(base)).toBe('4/5 (80%)');
  });
});
